/**
 * The one access policy: who may do what, asked by the server's services before they act and by
 * the web before it shows a menu item, so the two can never disagree.
 *
 * A person holds roles; roles grant named permissions, stored as data (roles, permissions,
 * role_permissions; the defaults below are what a new site starts with). The session carries the
 * permissions read for it, so callers ask `can(actor, permission)` and never look at roles.
 */
import { PUBLIC_AD_STATUSES, type AdStatus } from './ad-rules.ts';

/** Role slugs as the spec names them; the order is from most to least powerful. */
export const ROLE_SLUGS = ['superAdmin', 'admin', 'moderator', 'editor', 'user', 'unverified'] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];

export function isRoleSlug(value: string): value is RoleSlug {
  return (ROLE_SLUGS as readonly string[]).includes(value);
}

/** Every staff ability, by name. */
export const PERMISSIONS = [
  /** Open the admin area's index, users, roles, permissions, system and settings pages. */
  'admin.access',
  /** See every ad, approve, reject and re-status any ad. */
  'ads.moderate',
  'reports.handle',
  'blog.manage',
  'pages.manage',
  'users.manage',
  'users.impersonate',
  'roles.manage',
  'settings.manage',
  'audit.read',
  /** Create, rename, move, reorder, hide, merge and delete the ad categories (the catalog tree). */
  'categories.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const STAFF_OF_ALL_TRADES: readonly Permission[] = PERMISSIONS;

/** What each built-in role grants on a new site (the migration that made grants data wrote these). */
export const DEFAULT_ROLE_PERMISSIONS: Readonly<Record<RoleSlug, readonly Permission[]>> = {
  superAdmin: STAFF_OF_ALL_TRADES,
  admin: STAFF_OF_ALL_TRADES,
  moderator: ['ads.moderate', 'reports.handle'],
  editor: ['blog.manage', 'pages.manage'],
  user: [],
  unverified: [],
};

/** The permissions a set of roles grants by default. */
export function permissionsOf(roles: readonly RoleSlug[]): Permission[] {
  return [...new Set(roles.flatMap((role) => DEFAULT_ROLE_PERMISSIONS[role] ?? []))];
}

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

/**
 * What a person may do, from the grants stored for their roles: a superAdmin may always do
 * everything (a permission added later included, and no one can take it away); names the code no
 * longer knows are ignored.
 */
export function effectivePermissions(roles: readonly string[], granted: readonly string[]): Permission[] {
  if (roles.includes('superAdmin')) return [...PERMISSIONS];
  return [...new Set(granted.filter(isPermission))];
}

/** Anyone the policy is asked about: the signed-in person as the server or the page sees them. */
export interface Actor {
  id: number;
  permissions: Permission[];
}

/** May this person (null: a visitor) use this staff ability? */
export function can(actor: { permissions: readonly Permission[] } | null | undefined, permission: Permission): boolean {
  return !!actor?.permissions.includes(permission);
}

/** Does this person hold any staff ability at all? Such people may enter the admin area and see their parts of it. */
export function isStaff(actor: { permissions: readonly Permission[] } | null | undefined): boolean {
  return PERMISSIONS.some((permission) => can(actor, permission));
}

/** An ad as the policy needs to see it. */
export interface AdFacts {
  userId: number;
  status: AdStatus;
}

/** May this person see the ad? Public statuses for everyone, the rest for its seller and ad staff. */
export function mayViewAd(actor: Actor | null | undefined, ad: AdFacts): boolean {
  return PUBLIC_AD_STATUSES.includes(ad.status) || mayManageAd(actor, ad);
}

/** May this person edit the ad, change its pictures or its status? Its seller and ad staff. */
export function mayManageAd(actor: Actor | null | undefined, ad: AdFacts): boolean {
  return !!actor && (ad.userId === actor.id || can(actor, 'ads.moderate'));
}
