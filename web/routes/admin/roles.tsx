import { redirect } from 'react-router';
import { RolesPage } from '../../features/staff-admin/components/roles-page';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/roles';

const PER_PAGE = 10;

/** Roles and their permissions (roles.manage): a page of roles, the permissions to choose from, every role to move holders to. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'roles.manage');
  const user = context.user!;
  const url = new URL(request.url);
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const [list, permissions, allRoles] = await Promise.all([
    context.services.roles.page(user, page, PER_PAGE),
    context.services.roles.permissions(user),
    context.services.roles.list(user),
  ]);
  if (page > list.meta.last_page) throw redirect(list.meta.last_page > 1 ? `?page=${list.meta.last_page}` : url.pathname);
  return {
    meta: pageMeta(context, 'admin_roles', '/admin/roles', { noindex: true }),
    roles: list.data,
    pagination: list.meta,
    permissions,
    allRoles,
    editor: { permissions: user.permissions, roles: user.roles },
  };
}

export const meta = pageMetaFromLoader;

export default function AdminRoles({ loaderData }: Route.ComponentProps) {
  const { roles, pagination, permissions, allRoles, editor } = loaderData;
  return (
    <RolesPage
      roles={roles}
      allRoles={allRoles}
      permissions={permissions}
      editor={editor}
      page={pagination.current_page}
      lastPage={pagination.last_page}
      total={pagination.total}
    />
  );
}
