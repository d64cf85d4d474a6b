import { PermissionsMatrix } from '../../features/staff-admin/components/permissions-matrix';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/permissions';

/** Every permission and which roles grant it (roles.manage); read-only, the roles page changes grants. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'roles.manage');
  const user = context.user!;
  const [permissions, roles] = await Promise.all([context.services.roles.permissions(user), context.services.roles.list(user)]);
  return { meta: pageMeta(context, 'admin_permissions', '/admin/permissions', { noindex: true }), permissions, roles };
}

export const meta = pageMetaFromLoader;

export default function AdminPermissions({ loaderData }: Route.ComponentProps) {
  return <PermissionsMatrix permissions={loaderData.permissions} roles={loaderData.roles} />;
}
