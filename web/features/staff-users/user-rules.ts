import type { Static } from 'typebox';
import type { AdminUser } from '../../../server/modules/users/users.schemas';

export type StaffUser = Static<typeof AdminUser>;

/** The staff member looking at the list, as far as the screen needs to know. */
export interface StaffActor {
  id: number;
  superAdmin: boolean;
  canImpersonate: boolean;
}

/** A role of the site (GET /api/roles), as the filter and the role boxes show it. */
export interface RoleChoice {
  slug: string;
  name: string;
  built_in: boolean;
}

/** Roles only a superAdmin gives or takes away (the server refuses anyone else). */
export const TOP_ROLES: readonly string[] = ['superAdmin', 'admin'];
/** The roles that follow the address (user when confirmed, unverified until then). */
export const BASE_ROLES: readonly string[] = ['user', 'unverified'];

export const hasRole = (user: StaffUser, slug: string) => user.roles.some((role) => role.slug === slug);

export type UserAction = 'edit' | 'verify' | 'block' | 'impersonate' | 'delete';

/**
 * What the row's menu offers, by the server's rules: a superAdmin's account only to a superAdmin;
 * not blocking or deleting oneself; impersonation not of oneself, a superAdmin or a blocked account.
 */
export function userActions(actor: StaffActor, user: StaffUser): UserAction[] {
  const self = user.id === actor.id;
  const mayTouch = actor.superAdmin || !hasRole(user, 'superAdmin');
  const actions: UserAction[] = [];
  if (mayTouch) actions.push('edit', 'verify');
  if (mayTouch && !self) actions.push('block');
  if (actor.canImpersonate && !self && !hasRole(user, 'superAdmin') && !user.blocked) actions.push('impersonate');
  if (mayTouch && !self) actions.push('delete');
  return actions;
}

/** May the actor tick or untick this role for this account (null: a new account)? */
export function roleEditable(actor: StaffActor, target: StaffUser | null, slug: string): boolean {
  if (target && target.id === actor.id) return false;
  return actor.superAdmin || !TOP_ROLES.includes(slug);
}

/** The person's full name, as the list and the dialogs name them. */
export const fullName = (user: Pick<StaffUser, 'name' | 'surname'>) => [user.name, user.surname].filter(Boolean).join(' ');
