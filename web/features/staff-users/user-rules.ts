import type { Static } from 'typebox';
import { type Authority, type Permission, isPermission, mayActOn } from '../../../common/access';
import type { AdminUser } from '../../../server/modules/users/users.schemas';

export type StaffUser = Static<typeof AdminUser>;

/** The staff member looking at the list, as far as the screen needs to know. */
export interface StaffActor {
  id: number;
  superAdmin: boolean;
  canImpersonate: boolean;
  /** The actor's own permissions: the authority rule compares them with the account's. */
  permissions: readonly Permission[];
}

/** A role of the site (GET /api/roles), as the filter and the role boxes show it. */
export interface RoleChoice {
  slug: string;
  name: string;
  built_in: boolean;
  /** What the role grants. */
  permissions: readonly string[];
}
/** The roles that follow the address (user when confirmed, unverified until then). */
export const BASE_ROLES: readonly string[] = ['user', 'unverified'];

export const hasRole = (user: StaffUser, slug: string) => user.roles.some((role) => role.slug === slug);

export type UserAction = 'edit' | 'verify' | 'block' | 'impersonate' | 'delete';

const authority = (id: number, superAdmin: boolean, permissions: readonly string[]): Authority => ({
  id,
  superAdmin,
  permissions: permissions.filter(isPermission),
});

/**
 * What the row's menu offers, by the server's rule (`mayActOn`: a superAdmin acts on everyone,
 * anyone else only on accounts with strictly fewer permissions); not blocking or deleting oneself;
 * impersonation not of oneself, a superAdmin or a blocked account.
 */
export function userActions(actor: StaffActor, user: StaffUser): UserAction[] {
  const self = user.id === actor.id;
  const mayTouch = mayActOn(
    authority(actor.id, actor.superAdmin, actor.permissions),
    authority(user.id, hasRole(user, 'superAdmin'), user.permissions),
  );
  const actions: UserAction[] = [];
  if (mayTouch) actions.push('edit', 'verify');
  if (mayTouch && !self) actions.push('block');
  if (mayTouch && actor.canImpersonate && !self && !hasRole(user, 'superAdmin') && !user.blocked) actions.push('impersonate');
  if (mayTouch && !self) actions.push('delete');
  return actions;
}

/**
 * May the actor tick or untick this role for this account (null: a new account)? Not one's own; a
 * superAdmin any; anyone else a role whose grants are strictly within their own (the server asks
 * again with every role the account would hold).
 */
export function roleEditable(actor: StaffActor, target: StaffUser | null, role: RoleChoice): boolean {
  if (target && target.id === actor.id) return false;
  return mayActOn(authority(actor.id, actor.superAdmin, actor.permissions), authority(0, role.slug === 'superAdmin', role.permissions));
}

/** The person's full name, as the list and the dialogs name them. */
export const fullName = (user: Pick<StaffUser, 'name' | 'surname'>) => [user.name, user.surname].filter(Boolean).join(' ');
