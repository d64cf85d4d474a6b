import { isRoleSlug } from '../../common/access';
import type { TFunction } from './use-translation';

/**
 * A role's name for people to read: the six built-in roles in the reader's language (their stored
 * names are the English the first migration wrote), the site's own roles as staff named them.
 * Every place that shows a role's name goes through this, so no screen shows the English one.
 */
export function roleName(role: { slug: string; name: string }, t: TFunction): string {
  return isRoleSlug(role.slug) ? t(`admin_users.role_names.${role.slug}`) : role.name;
}
