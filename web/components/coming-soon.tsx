import { Hammer } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';
import { Link, useRouteLoaderData } from 'react-router';

/** A screen whose feature is not built yet: its title and a short "coming" note. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData('root') as { site?: { siteName: string } } | undefined;
  const site = root?.site?.siteName ?? '';
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <h1 className="mb-4 text-3xl font-bold">{t(titleKey, { site, name: '' })}</h1>
      <div className="rounded-xl border border-dashed border-line bg-raised p-8">
        <Hammer aria-hidden size={32} className="mx-auto mb-3 text-accent" />
        <h2 className="mb-2 text-lg font-semibold">{t('coming.heading')}</h2>
        <p className="mb-6 text-muted">{t('coming.text', { site })}</p>
        <Link to="/" className="font-semibold text-brand underline">
          {t('coming.back_home')}
        </Link>
      </div>
    </section>
  );
}
