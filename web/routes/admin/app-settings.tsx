import { AppSettingsForm } from '../../features/staff-settings/components/app-settings-form';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import { useTranslation } from '../../lib/use-translation';
import type { Route } from './+types/app-settings';

/** The app settings (spec: admin app-settings), for holders of settings.manage. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'settings.manage');
  return {
    meta: pageMeta(context, 'admin_app_settings', '/admin/app-settings', { noindex: true }),
    settings: await context.services.settings.get(context.user!),
  };
}

export const meta = pageMetaFromLoader;

export default function AdminAppSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = loaderData;
  return (
    <section className="mx-auto max-w-3xl py-4 sm:py-6" aria-labelledby="app-settings-heading">
      <h1 id="app-settings-heading" className="text-2xl font-bold">
        {t('pages.admin_app_settings.title')}
      </h1>
      <p className="mt-1 mb-6 text-muted">{t('app_settings.intro')}</p>
      {/* A save (here or elsewhere) brings new data: the form starts again from what is stored. */}
      <AppSettingsForm key={settings.updated_at ?? 'defaults'} settings={settings} />
    </section>
  );
}
