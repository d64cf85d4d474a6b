import { MailWarning } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';
import { NewAdWizard } from '../features/selling/components/new-ad-wizard';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import type { Route } from './+types/new-ad';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  const current = context.user!;
  const verified = current.user.emailVerifiedAt !== null && !current.roles.includes('unverified');
  const [cities, tree] = verified
    ? await Promise.all([context.services.geo.listCities(context.locale), context.services.catalog.tree(context.locale)])
    : [[], []];
  return {
    meta: pageMeta(context, 'new_ad', '/new-ad', { noindex: true }),
    userId: current.user.id,
    // The profile's home town is where most people sell from: the form starts there.
    defaultCityId: cities.some((c) => c.id === current.user.cityId) ? current.user.cityId : null,
    verified,
    cities: cities.map(({ id, name, name_fi, name_sv }) => ({ id, name, name_fi, name_sv })),
    tree,
  };
}

export const meta = pageMetaFromLoader;

export default function NewAd({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.verified) {
    // The verification banner above has the resend button.
    return (
      <section className="mx-auto max-w-xl py-8 text-center">
        <MailWarning aria-hidden size={48} className="mx-auto text-warning" />
        <h1 className="mt-4 text-2xl font-bold">{t('new_ad.unverified.title')}</h1>
        <p className="mt-3 text-muted">{t('new_ad.unverified.body')}</p>
      </section>
    );
  }
  return (
    <NewAdWizard
      userId={loaderData.userId}
      cities={loaderData.cities}
      tree={loaderData.tree}
      defaultCityId={loaderData.defaultCityId ?? null}
    />
  );
}
