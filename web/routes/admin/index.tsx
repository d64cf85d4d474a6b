import { AdminOverview } from '../../features/staff-admin/components/admin-overview';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/index';

/** The admin area's front page: any staff member lands here and sees the parts their permissions reach. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'staff');
  const user = context.user!;
  return {
    meta: pageMeta(context, 'admin', '/admin', { noindex: true }),
    overview: await context.services.overview.overview(user),
    permissions: user.permissions,
  };
}

export const meta = pageMetaFromLoader;

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  return <AdminOverview overview={loaderData.overview} permissions={loaderData.permissions} />;
}
