import { describe, expect, it } from 'vitest';
import {
  type Actor,
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSIONS,
  ROLE_SLUGS,
  can,
  effectivePermissions,
  isStaff,
  mayManageAd,
  mayViewAd,
  permissionsOf,
} from './access.ts';

const person = (id: number, ...roles: Parameters<typeof permissionsOf>[0]): Actor => ({ id, permissions: permissionsOf(roles) });

describe('the access policy', () => {
  it('grants each role its staff abilities: moderators moderate, editors edit, admins everything', () => {
    expect(can(person(1, 'moderator'), 'ads.moderate')).toBe(true);
    expect(can(person(1, 'moderator'), 'admin.access')).toBe(false);
    expect(can(person(1, 'editor'), 'blog.manage')).toBe(true);
    expect(can(person(1, 'editor'), 'ads.moderate')).toBe(false);
    expect(can(person(1, 'admin'), 'users.impersonate')).toBe(true);
    expect(can(person(1, 'user'), 'ads.moderate')).toBe(false);
    expect(can(null, 'ads.moderate')).toBe(false);
    // Every role has a row, and several roles add up without repeats.
    expect(Object.keys(DEFAULT_ROLE_PERMISSIONS).sort()).toEqual([...ROLE_SLUGS].sort());
    expect(permissionsOf(['moderator', 'editor', 'moderator']).sort()).toEqual([
      'ads.moderate',
      'blog.manage',
      'pages.manage',
      'reports.handle',
    ]);
  });

  it('calls staff everyone holding any staff ability, and no one else', () => {
    for (const role of ['superAdmin', 'admin', 'moderator', 'editor'] as const) expect(isStaff(person(1, role)), role).toBe(true);
    for (const role of ['user', 'unverified'] as const) expect(isStaff(person(1, role)), role).toBe(false);
    expect(isStaff({ permissions: ['audit.read'] })).toBe(true);
    expect(isStaff(null)).toBe(false);
  });

  it('shows a public ad to everyone and the rest only to its seller and ad staff', () => {
    const seller = person(7, 'user');
    for (const status of ['active', 'sold', 'reserved'] as const) expect(mayViewAd(null, { userId: 7, status })).toBe(true);
    for (const status of ['moderate', 'new', 'disabled', 'canceled'] as const) {
      expect(mayViewAd(null, { userId: 7, status })).toBe(false);
      expect(mayViewAd(person(8, 'user'), { userId: 7, status })).toBe(false);
      expect(mayViewAd(seller, { userId: 7, status })).toBe(true);
      expect(mayViewAd(person(9, 'moderator'), { userId: 7, status })).toBe(true);
    }
  });

  it('lets only the seller and ad staff change an ad', () => {
    const ad = { userId: 7, status: 'active' as const };
    expect(mayManageAd(person(7, 'user'), ad)).toBe(true);
    expect(mayManageAd(person(9, 'admin'), ad)).toBe(true);
    expect(mayManageAd(person(8, 'editor'), ad)).toBe(false);
    expect(mayManageAd(null, ad)).toBe(false);
  });
});

describe('effectivePermissions', () => {
  it('a superAdmin may do everything, whatever is stored; others what their roles grant, known names only', () => {
    expect(effectivePermissions(['superAdmin'], []).sort()).toEqual([...PERMISSIONS].sort());
    expect(effectivePermissions(['moderator'], ['ads.moderate', 'ads.moderate', 'no.such'])).toEqual(['ads.moderate']);
    expect(effectivePermissions(['user'], [])).toEqual([]);
  });
});
