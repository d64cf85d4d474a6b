import { CalendarX } from 'lucide-react';
import { Link } from 'react-router';
import { primaryButton } from '../../../components/form-controls';
import { useTranslation } from '../../../lib/use-translation';

/** What a visitor sees of an ad that has ended (HTTP 410, issue 27): that it is gone, and the way on. */
export function AdEndedScreen() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="ad-ended-title" className="mx-auto max-w-lg py-12 text-center">
      <CalendarX aria-hidden size={48} className="mx-auto text-muted" />
      <h1 id="ad-ended-title" className="mt-4 text-2xl font-bold">
        {t('lifecycle.gone.title')}
      </h1>
      <p className="mt-2 text-muted">{t('lifecycle.gone.body')}</p>
      <Link to="/" className={`${primaryButton} mt-6`}>
        {t('lifecycle.gone.search')}
      </Link>
    </section>
  );
}
