import { InfoPagesList } from '../../features/staff-pages/components/info-pages-list';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import { useTranslation } from '../../lib/use-translation';
import type { Route } from './+types/pages';

/** The info pages in every language (staff with pages.manage). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'pages.manage');
  return {
    meta: pageMeta(context, 'admin_pages', '/admin/pages', { noindex: true }),
    pages: await context.services.pages.list(context.user!),
  };
}

export const meta = pageMetaFromLoader;

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="py-4 sm:py-6" aria-labelledby="info-pages-heading">
      <h1 id="info-pages-heading" className="text-2xl font-bold">
        {t('pages.admin_pages.title')}
      </h1>
      <p className="mt-1 mb-6 max-w-3xl text-muted">{t('admin_pages.intro')}</p>
      <InfoPagesList pages={loaderData.pages} />
    </section>
  );
}
