import type { CurrentUser } from '../../server/platform/current-user';
import type { SessionUser } from '../../server/load-context';

/** The page's view of the signed-in person: no session row, no password hash, only what the screens show. */
export function toSessionUser(current: CurrentUser): SessionUser {
  return {
    id: current.id,
    name: current.user.name,
    email: current.user.email,
    avatar: current.user.avatarKey ? `/media/${current.user.avatarKey}` : null,
    roles: current.roles,
    permissions: current.permissions,
    emailVerified: current.user.emailVerifiedAt !== null,
    themeDark: current.user.themeDark,
    impersonated: current.session.impersonatorId !== null,
  };
}
