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
 *
 * A session in which a staff member acts as someone holds no staff ability at all, whatever the
 * account's roles (the session resolver passes `acting`): impersonation is for seeing the site as
 * that person sees it, never a way to use their staff powers or change their credentials.
 */
export function effectivePermissions(roles: readonly string[], granted: readonly string[], acting = false): Permission[] {
  if (acting) return [];
  if (roles.includes('superAdmin')) return [...PERMISSIONS];
  return [...new Set(granted.filter(isPermission))];
}

/** Anyone the policy is asked about: the signed-in person as the server or the page sees them. */
export interface Actor {
  id: number;
  permissions: Permission[];
}

/**
 * Authority: who may act on whom. An account as the rule sees it: who it is, whether it is a
 * superAdmin (a role, not a permission: it holds everything, including what is added later) and
 * every permission its roles grant.
 */
export interface Authority {
  id: number;
  superAdmin: boolean;
  permissions: readonly Permission[];
}

/** The authority of a person holding these role slugs and granted permission names (none while acting as someone). */
export function authorityOf(id: number, roles: readonly string[], granted: readonly string[], acting = false): Authority {
  return { id, superAdmin: !acting && roles.includes('superAdmin'), permissions: effectivePermissions(roles, granted, acting) };
}

/** Does `wider` hold every permission of `narrower` and at least one more? */
function strictlyWider(wider: readonly Permission[], narrower: readonly Permission[]): boolean {
  const held = new Set(wider);
  const within = new Set(narrower);
  return [...within].every((permission) => held.has(permission)) && [...held].some((permission) => !within.has(permission));
}

/**
 * The one rule of authority (issue 31): may the actor act on this account at all — change any of
 * its fields or roles, confirm, block or delete it, act as it, or change a role it holds?
 *
 * A superAdmin acts on everyone (that the last superAdmin keeps the role, the account and the right
 * to sign in is counted under a lock by the service that changes it). Anyone else acts only on an
 * account whose permissions are a strict subset of their own: never on themselves, a peer, a
 * superAdmin or anyone holding a permission they lack. Asked twice when a change gives the account
 * other permissions, with the account as it is and as it would be: so nobody hands out a
 * permission they do not hold, makes a peer, or pools permissions with another staff member.
 */
export function mayActOn(actor: Authority, target: Authority): boolean {
  if (actor.superAdmin) return true;
  if (target.superAdmin || target.id === actor.id) return false;
  return strictlyWider(actor.permissions, target.permissions);
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

/** May this person renew the ad (issue 27)? Only its seller: the renewal extends their own ad's time. */
export function mayRenewAd(actor: Actor | null | undefined, ad: AdFacts): boolean {
  return !!actor && ad.userId === actor.id;
}

/** A report or an appeal, as the policy needs to see it. */
export interface CaseFacts {
  /** Whose ad or account the case is about: an ad's seller, a reported account, both members of a reported conversation. */
  partyIds: readonly (number | null | undefined)[];
  /** Who made the decision an appeal is against; absent for a report. */
  decidedById?: number | null | undefined;
}

/**
 * May this person decide a report or an appeal? Holders of `reports.handle`, but never in their own
 * cause: not about their own ad or account, and not an appeal against a decision they made.
 */
export function mayDecideCase(actor: Actor | null | undefined, facts: CaseFacts): boolean {
  if (!actor || !can(actor, 'reports.handle')) return false;
  return !facts.partyIds.includes(actor.id) && facts.decidedById !== actor.id;
}

/** An ad with whether a standing decision after a report hides it (hidden, and not reversed on appeal). */
export interface HiddenAdFacts extends AdFacts {
  hiddenByDecision: boolean;
}

/**
 * May this person set the ad's status as ad staff (approve, reject, any status)? Ad staff, except on
 * their own ad while a decision hides it: that ad comes back only through the appeal, decided by
 * someone else, or by another staff member's judgement.
 */
export function mayRestatusAd(actor: Actor | null | undefined, ad: HiddenAdFacts): boolean {
  return !!actor && can(actor, 'ads.moderate') && !(ad.hiddenByDecision && ad.userId === actor.id);
}

/** May an edit by the ad's owner send it (back) to review? Not while a decision hides it: the appeal is the way back. */
export function mayResubmitAd(ad: Pick<HiddenAdFacts, 'hiddenByDecision'>): boolean {
  return !ad.hiddenByDecision;
}
