import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleSlug } from '../../../common/access.ts';
import { auditLog } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { type TestUser, createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;

async function staff(...roles: RoleSlug[]): Promise<{ user: TestUser; headers: Record<string, string> }> {
  const user = await createUser(app, { roles: ['user', ...roles] });
  return { user, headers: { ...(await loginAs(app, user)).headers, 'accept-language': 'en' } };
}

const listUsers = (headers: Record<string, string>, payload: object) => app.inject({ method: 'POST', url: '/api/users', headers, payload });
const updateUser = (headers: Record<string, string>, id: number, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/users/update-user/${id}`, headers, payload });
const deleteUser = (headers: Record<string, string>, id: number) =>
  app.inject({ method: 'DELETE', url: `/api/users/delete/user/${id}`, headers });
const toggle = (headers: Record<string, string>, action: string, user: number) =>
  app.inject({ method: 'POST', url: '/api/users/toggle-verify', headers, payload: { action, user } });
const lastAudit = async () => (await app.services.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const rolesOf = (id: number) => app.services.users.repo.roleSlugs(id);

let admin: Awaited<ReturnType<typeof staff>>;
let root: Awaited<ReturnType<typeof staff>>;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await staff('admin');
  root = await staff('superAdmin');
});
afterAll(() => app.close());

describe('POST /api/users', () => {
  it('searches by name, e-mail or id, filters by role and verified, sorts on the server and pages', async () => {
    const a = await createUser(app, { name: 'Aino Hakutesti', email: 'aino.hakutesti@example.com' });
    const b = await createUser(app, { name: 'Bertta Hakutesti', verified: false });
    const byName = (await listUsers(admin.headers, { search_by: 'hakutesti', sort_by: 'name', sort_direction: 'asc' })).json();
    expect(byName.data.map((u: { id: number }) => u.id)).toEqual([a.id, b.id]);
    expect(byName.data[0]).toMatchObject({ email: 'aino.hakutesti@example.com', roles: [{ slug: 'user' }] });
    expect((await listUsers(admin.headers, { search_by: String(b.id) })).json().data.map((u: { id: number }) => u.id)).toContain(b.id);
    const unverified = (await listUsers(admin.headers, { search_by: 'hakutesti', filters: { verified: false } })).json();
    expect(unverified.data.map((u: { id: number }) => u.id)).toEqual([b.id]);
    const admins = (await listUsers(admin.headers, { filters: { role: 'admin' } })).json();
    expect(admins.data.every((u: { roles: { slug: string }[] }) => u.roles.some((r) => r.slug === 'admin'))).toBe(true);
    const paged = (await listUsers(admin.headers, { per_page: 1, current_page: 2, sort_by: 'id', sort_direction: 'asc' })).json();
    expect(paged.meta).toMatchObject({ current_page: 2, per_page: 1 });
    expect(paged.meta.last_page).toBe(paged.meta.total);
    // LIKE wildcards are searched as text.
    expect((await listUsers(admin.headers, { search_by: '%' })).json().data).toEqual([]);
  });

  it('is for users.manage only; bad payloads are a 422', async () => {
    const moderator = await staff('moderator');
    expect((await listUsers(moderator.headers, {})).statusCode).toBe(403);
    for (const payload of [
      { sort_by: 'password_hash' },
      { per_page: 1000 },
      { filters: { verified: 'yes' } },
      { current_page: -1 },
      { other: 1 },
    ]) {
      expect((await listUsers(admin.headers, payload)).statusCode).toBe(422);
    }
  });
});

describe('changing accounts', () => {
  it('updates profile fields and roles, audited with before and after', async () => {
    const person = await createUser(app, { name: 'Muutettava' });
    const reply = await updateUser(admin.headers, person.id, { name: 'Muutettu', roles: ['user', 'moderator'] });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ name: 'Muutettu', roles: expect.arrayContaining([{ slug: 'moderator' }]) });
    expect(await lastAudit()).toMatchObject({
      action: 'user_updated',
      actorId: admin.user.id,
      entityId: String(person.id),
      data: { before: { name: 'Muutettava', roles: ['user'] }, after: { name: 'Muutettu' } },
    });
  });

  it('refuses: own roles, unknown roles, no roles, a taken e-mail, top roles from an admin, a superAdmin target for an admin', async () => {
    const person = await createUser(app);
    const other = await createUser(app);
    expect((await updateUser(admin.headers, admin.user.id, { roles: ['user'] })).json().errors.roles).toEqual([
      'You cannot change your own roles. Ask another administrator.',
    ]);
    expect((await updateUser(admin.headers, person.id, { roles: ['user', 'wizard'] })).json().errors.roles).toEqual([
      'Unknown roles: wizard.',
    ]);
    expect((await updateUser(admin.headers, person.id, { roles: [] })).json().errors.roles).toEqual(['Choose at least one role.']);
    expect((await updateUser(admin.headers, person.id, { email: other.email.toUpperCase() })).json().errors.email).toEqual([
      'An account with this e-mail address exists already.',
    ]);
    expect((await updateUser(admin.headers, person.id, { roles: ['user', 'admin'] })).statusCode).toBe(403);
    expect((await updateUser(admin.headers, root.user.id, { name: 'Hakkeri' })).statusCode).toBe(403);
    expect((await deleteUser(admin.headers, root.user.id)).statusCode).toBe(403);
    expect((await toggle(admin.headers, 'unVerifyUser', root.user.id)).statusCode).toBe(403);
    expect(await rolesOf(person.id)).toEqual(['user']);
    // A superAdmin may give the admin role.
    expect((await updateUser(root.headers, person.id, { roles: ['user', 'admin'] })).statusCode).toBe(200);
  });

  it('the last superAdmin keeps the role: two superAdmins demoting each other at once, one of them stays', async () => {
    const db = app.services.database.db;
    const existing = (await listUsers(root.headers, { filters: { role: 'superAdmin' }, per_page: 100 })).json();
    for (const { id } of existing.data as { id: number }[]) await db.delete(users).where(eq(users.id, id));
    const first = await staff('superAdmin');
    const second = await staff('superAdmin');
    const replies = await Promise.all([
      updateUser(first.headers, second.user.id, { roles: ['user'] }),
      updateUser(second.headers, first.user.id, { roles: ['user'] }),
    ]);
    const codes = replies.map((reply) => reply.statusCode).sort();
    // One demotion goes through; the other is refused, as the last superAdmin's (422) or, when it
    // came after, because its sender is no longer a superAdmin (403).
    expect(codes[0]).toBe(200);
    expect([403, 422]).toContain(codes[1]);
    const left = (await listUsers(admin.headers, { filters: { role: 'superAdmin' } })).json().data;
    expect(left).toHaveLength(1);
    root = left[0].id === first.user.id ? first : second;
    const refused = replies.find((reply) => reply.statusCode === 422);
    if (refused) expect(refused.json().errors.roles).toEqual(['The last super admin cannot lose the role or the account.']);
  });

  it('toggles verification: confirmed gets role user, unconfirmed gets unverified; audited', async () => {
    const person = await createUser(app, { verified: false });
    const confirmed = await toggle(admin.headers, 'confirmVerifyUser', person.id);
    expect(confirmed.json()).toMatchObject({ message: 'E-mail address marked as confirmed.', data: { roles: [{ slug: 'user' }] } });
    expect(confirmed.json().data.email_verified_at).not.toBeNull();
    expect(await lastAudit()).toMatchObject({ action: 'user_verified', entityId: String(person.id) });
    const unconfirmed = await toggle(admin.headers, 'unVerifyUser', person.id);
    expect(unconfirmed.json().data).toMatchObject({ email_verified_at: null, roles: [{ slug: 'unverified' }] });
    expect((await toggle(admin.headers, 'verifyEveryone', person.id)).statusCode).toBe(422);
    expect((await toggle(admin.headers, 'confirmVerifyUser', 2_000_000_000)).statusCode).toBe(404);
  });

  it('deletes an account with its sessions; not oneself; audited', async () => {
    const person = await createUser(app);
    const { headers } = await loginAs(app, person);
    expect((await deleteUser(admin.headers, person.id)).json().message).toBe('User deleted.');
    expect((await app.inject({ url: '/api/user', headers })).statusCode).toBe(401);
    expect(await lastAudit()).toMatchObject({
      action: 'user_deleted',
      entityId: String(person.id),
      data: { before: { email: person.email } },
    });
    expect((await deleteUser(admin.headers, admin.user.id)).statusCode).toBe(422);
    expect((await deleteUser(admin.headers, person.id)).statusCode).toBe(404);
  });
});
