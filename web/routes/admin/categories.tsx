import { CategoryManager } from '../../features/staff-categories/components/category-manager';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/categories';

/** The category tree for staff with categories.manage: hidden categories too, with their ads. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'categories.manage');
  return {
    meta: pageMeta(context, 'admin_categories', '/admin/categories', { noindex: true }),
    nodes: await context.services.catalogAdmin.list(context.user!),
  };
}

export const meta = pageMetaFromLoader;

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  return <CategoryManager nodes={loaderData.nodes} />;
}
