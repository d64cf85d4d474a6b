import { describe, expect, it } from 'vitest';
import { type RoleItem, mayDeleteRole, mayEditRole, moveTargets, permissionKey, permissionLock, roleChanges } from './role-rules';

const role = (id: number, slug: string, permissions: string[] = [], builtIn = false): RoleItem => ({
  id,
  slug,
  name: slug,
  built_in: builtIn,
  permissions,
  users_count: 0,
});
const superAdmin = role(1, 'superAdmin', [], true);
const admin = role(2, 'admin', ['admin.access', 'roles.manage', 'audit.read'], true);
const moderator = role(3, 'moderator', ['ads.moderate', 'reports.handle'], true);
const support = role(7, 'support', ['reports.handle']);
const auditors = role(8, 'auditors', ['audit.read', 'settings.manage']);

const top = { roles: ['superAdmin'], permissions: [] };
const anAdmin = {
  roles: ['admin'],
  permissions: ['admin.access', 'roles.manage', 'audit.read', 'reports.handle', 'ads.moderate'] as const,
};

describe('the roles page’s rules (mirroring the server’s)', () => {
  it('never edits the superAdmin role, and the admin role only as a superAdmin; built-in roles are not deleted', () => {
    expect(mayEditRole(top, superAdmin)).toBe(false);
    expect(mayEditRole(top, admin)).toBe(true);
    expect(mayEditRole(anAdmin, admin)).toBe(false);
    expect(mayEditRole(anAdmin, support)).toBe(true);
    expect(mayDeleteRole(moderator)).toBe(false);
    expect(mayDeleteRole(support)).toBe(true);
  });

  it('locks what the editor does not hold, and every box of a role the editor holds', () => {
    expect(permissionLock(anAdmin, null, 'settings.manage')).toBe('not_yours');
    expect(permissionLock(anAdmin, null, 'reports.handle')).toBeNull();
    expect(permissionLock(anAdmin, admin, 'reports.handle')).toBe('own_role');
    expect(permissionLock(top, superAdmin, 'settings.manage')).toBeNull();
  });

  it('offers as a new home for the holders only roles the editor could give', () => {
    const all = [superAdmin, admin, moderator, support, auditors];
    expect(moveTargets(anAdmin, all, support).map((r) => r.slug)).toEqual(['moderator']);
    expect(moveTargets(top, all, support).map((r) => r.slug)).toEqual(['superAdmin', 'admin', 'moderator', 'auditors']);
  });

  it('sends only what changed', () => {
    expect(roleChanges(support, 'support', ['reports.handle'])).toEqual({});
    expect(roleChanges(support, 'Tuki', ['reports.handle'])).toEqual({ name: 'Tuki' });
    expect(roleChanges(support, 'support', ['ads.moderate'])).toEqual({ permissions: ['ads.moderate'] });
    expect(permissionKey('admin.access')).toBe('admin_access');
  });
});
