import { useTranslation } from '../lib/use-translation';

export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="mb-3 text-2xl font-bold">{t('error_page.heading')}</h1>
      <p className="mb-8 text-muted">{t('error_page.text')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-brand px-5 py-2.5 font-semibold text-brand-ink hover:brightness-110"
      >
        {t('error_page.retry')}
      </button>
    </section>
  );
}
