import { describe, expect, it } from 'vitest';
import { DEFAULT_USERS_QUERY, isFiltered, listInput, parseUsersQuery, sortHref, usersHref } from './users-query';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from '../../../common/access';
import { type RoleChoice, type StaffActor, type StaffUser, roleEditable, userActions } from './user-rules';

const parse = (search: string) => parseUsersQuery(new URLSearchParams(search));

describe('the users list in the address bar', () => {
  it('reads search, filters, order and page, and falls back to the defaults for anything odd', () => {
    expect(parse('')).toEqual(DEFAULT_USERS_QUERY);
    expect(parse('q=+aino+&role=moderator&verified=no&blocked=yes&sort=email&dir=asc&page=3')).toEqual({
      q: 'aino',
      role: 'moderator',
      verified: 'no',
      blocked: 'yes',
      sort: 'email',
      dir: 'asc',
      page: 3,
    });
    expect(parse('verified=maybe&blocked=1&sort=password_hash&dir=up&page=-4')).toEqual(DEFAULT_USERS_QUERY);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=99999999999').page).toBe(100_000);
    expect(parse(`q=${'x'.repeat(500)}`).q).toHaveLength(200);
  });

  it('writes only what differs from the default, so the plain list has a clean address', () => {
    expect(usersHref(DEFAULT_USERS_QUERY)).toBe('?');
    expect(usersHref({ ...DEFAULT_USERS_QUERY, q: 'aino virtanen', blocked: 'yes', page: 2 })).toBe('?q=aino+virtanen&blocked=yes&page=2');
    const query = parse('q=a&role=editor&verified=yes&sort=name&dir=desc&page=4');
    expect(parse(usersHref(query).slice(1))).toEqual(query);
  });

  it('a header turns its own order round, starts another column in its natural order, and goes back to page 1', () => {
    const byName = parse('sort=name&dir=asc&page=3&q=a');
    expect(sortHref(byName, 'name')).toBe('?q=a&sort=name');
    expect(sortHref(parse('sort=name&dir=desc'), 'name')).toBe('?sort=name&dir=asc');
    expect(sortHref(byName, 'created_at')).toBe('?q=a&sort=created_at');
    expect(sortHref(DEFAULT_USERS_QUERY, 'id')).toBe('?dir=asc');
    expect(sortHref(DEFAULT_USERS_QUERY, 'email')).toBe('?sort=email&dir=asc');
  });

  it('becomes the service input of POST /api/users', () => {
    expect(listInput(parse('q=aino&verified=yes&blocked=no&page=2'))).toEqual({
      current_page: 2,
      per_page: 20,
      search_by: 'aino',
      filters: { role: undefined, verified: true, blocked: false },
      sort_by: 'id',
      sort_direction: 'desc',
    });
    expect(isFiltered(parse('sort=name'))).toBe(false);
    expect(isFiltered(parse('role=editor'))).toBe(true);
  });
});

const GRANTS: Record<string, readonly string[]> = { ...DEFAULT_ROLE_PERMISSIONS, custom: ['admin.access', 'users.manage'] };
const person = (id: number, roles: string[], blocked = false): StaffUser => ({
  id,
  name: `Henkilö ${id}`,
  surname: null,
  email: `h${id}@example.com`,
  email_verified_at: null,
  avatar: null,
  phone: null,
  roles: roles.map((slug) => ({ slug })),
  permissions: [...new Set(roles.flatMap((slug) => GRANTS[slug] ?? []))],
  created_at: '2026-11-01T10:00:00Z',
  blocked,
  blocked_at: blocked ? '2026-11-02T10:00:00Z' : null,
  blocked_reason: null,
});

describe('what a row offers', () => {
  const admin: StaffActor = { id: 1, superAdmin: false, canImpersonate: true, permissions: [...PERMISSIONS] };
  const root: StaffActor = { id: 2, superAdmin: true, canImpersonate: true, permissions: [...PERMISSIONS] };
  const userManager: StaffActor = { id: 3, superAdmin: false, canImpersonate: false, permissions: ['admin.access', 'users.manage'] };
  const role = (slug: string): RoleChoice => ({ slug, name: slug, built_in: true, permissions: GRANTS[slug] ?? [] });

  it('offers everything for an ordinary account, not blocking, deleting or acting as oneself', () => {
    expect(userActions(admin, person(5, ['user']))).toEqual(['edit', 'verify', 'block', 'impersonate', 'delete']);
    // Oneself: one's own settings, not the staff screen (a superAdmin aside, who may edit their own fields).
    expect(userActions(admin, person(1, ['user', 'admin']))).toEqual([]);
    expect(userActions(root, person(2, ['user', 'superAdmin']))).toEqual(['edit', 'verify']);
  });

  it('a superAdmin’s account only to a superAdmin, and nobody acts as a superAdmin or a blocked account', () => {
    expect(userActions(admin, person(9, ['superAdmin']))).toEqual([]);
    expect(userActions(root, person(9, ['superAdmin']))).toEqual(['edit', 'verify', 'block', 'delete']);
    expect(userActions(admin, person(5, ['user'], true))).toEqual(['edit', 'verify', 'block', 'delete']);
    expect(userActions({ ...admin, canImpersonate: false }, person(5, ['user']))).not.toContain('impersonate');
  });

  it('top roles are a superAdmin’s to give; one’s own roles are nobody’s to change here', () => {
    expect(roleEditable(admin, null, role('admin'))).toBe(false);
    expect(roleEditable(admin, null, role('moderator'))).toBe(true);
    expect(roleEditable(root, person(5, ['user']), role('superAdmin'))).toBe(true);
    expect(roleEditable(root, person(2, ['superAdmin']), role('moderator'))).toBe(false);
  });

  it('a staff member reaches only accounts with strictly fewer permissions, and gives only roles within theirs', () => {
    // A role holding only users.manage: not an admin, a peer or a moderator (who holds what it lacks).
    expect(userActions(userManager, person(7, ['user', 'admin']))).toEqual([]);
    expect(userActions(userManager, person(7, ['user', 'custom']))).toEqual([]);
    expect(userActions(userManager, person(7, ['user', 'moderator']))).toEqual([]);
    expect(userActions(userManager, person(7, ['user']))).toEqual(['edit', 'verify', 'block', 'delete']);
    expect(userActions(admin, person(7, ['user', 'admin']))).toEqual([]);
    expect(roleEditable(userManager, null, role('moderator'))).toBe(false);
    expect(roleEditable(userManager, null, role('custom'))).toBe(false);
    expect(roleEditable(userManager, null, role('user'))).toBe(true);
  });
});
