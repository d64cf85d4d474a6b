import { redirect } from 'react-router';
import { can } from '../../../common/access';
import { AppError } from '../../../common/errors';
import { type UsersPage, UsersScreen } from '../../features/staff-users/components/users-screen';
import { listInput, parseUsersQuery, usersHref } from '../../features/staff-users/users-query';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/users';

/** The staff's users (users.manage): the list as the address asks for it, the roles, and who is looking. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'users.manage');
  const current = context.user!;
  const url = new URL(request.url);
  const query = parseUsersQuery(url.searchParams);
  const [listed, roles] = await Promise.allSettled([
    context.services.adminUsers.list(current, listInput(query)),
    context.services.roles.list(current),
  ]);
  for (const outcome of [listed, roles]) {
    // A refusal is the policy's answer, not a failure to load.
    if (outcome.status === 'rejected' && AppError.is(outcome.reason) && outcome.reason.code === 'forbidden') throw outcome.reason;
  }
  let page: UsersPage | null = null;
  if (listed.status === 'fulfilled') {
    page = listed.value;
    if (query.page > page.meta.last_page) throw redirect(`${url.pathname}${usersHref({ ...query, page: page.meta.last_page })}`);
  } else {
    // Spec section 8: an admin list that fails to load says "An error occurred."
    context.services.platform.log('admin users list failed', { error: String(listed.reason) });
  }
  return {
    meta: pageMeta(context, 'admin_users', '/admin/users', { noindex: true }),
    query,
    page,
    roles:
      roles.status === 'fulfilled'
        ? roles.value.map(({ slug, name, built_in, permissions }) => ({ slug, name, built_in, permissions }))
        : [],
    actor: {
      id: current.id,
      superAdmin: current.roles.includes('superAdmin'),
      canImpersonate: can(current, 'users.impersonate'),
      permissions: current.permissions,
    },
  };
}

export const meta = pageMetaFromLoader;

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { query, page, roles, actor } = loaderData;
  return <UsersScreen query={query} page={page} roles={roles} actor={actor} />;
}
