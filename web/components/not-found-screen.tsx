import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="mb-2 text-6xl font-bold text-brand" aria-hidden>
        404
      </p>
      <h1 className="mb-3 text-2xl font-bold">{t('not_found.heading')}</h1>
      <p className="mb-8 text-muted">{t('not_found.text')}</p>
      <Link to="/" className="inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-brand-ink hover:brightness-110">
        {t('not_found.back')}
      </Link>
    </section>
  );
}
