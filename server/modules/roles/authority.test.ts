import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { type TestUser, createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { createCustomStaff, createRole, grantsOf, roleSlugsOf } from '../../test/roles.ts';

/**
 * Issue 31: the escalations a probe of custom roles found, each as it was done. Every refusal is a
 * 403 `beyond_authority` that leaves the account, its roles, the role's grants and the session as
 * they were.
 */
let app: FastifyInstance;
let admin: TestUser;
let root: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await createUser(app, { roles: ['user', 'admin'] });
  root = await createUser(app, { roles: ['user', 'superAdmin'] });
});
afterAll(() => app.close());

async function as(person: Pick<TestUser, 'email' | 'password'>) {
  const { headers } = await loginAs(app, person);
  return (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...headers, 'accept-language': 'en', ...(options.headers as object) } });
}

const hold = (userId: number, roleId: number) =>
  app.services.database.db.execute(sql`insert into user_roles (user_id, role_id) values (${userId}, ${roleId})`);
const userRow = async (id: number) => (await app.services.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const sessionCount = async () => (await app.services.database.db.select({ n: count() }).from(sessions))[0]!.n;

function expectBeyond(reply: { statusCode: number; json: () => { code: string; message: string } }) {
  expect(reply.statusCode).toBe(403);
  expect(reply.json().code).toBe('beyond_authority');
  expect(reply.json().message).toMatch(/beyond your authority/);
}

describe('a role holding only users.manage', () => {
  it('cannot change an admin’s e-mail, so cannot take the account over by a password reset', async () => {
    const call = await as(await createCustomStaff(app, ['admin.access', 'users.manage']));
    const before = await userRow(admin.id);
    expectBeyond(await call({ method: 'PATCH', url: `/api/users/update-user/${admin.id}`, payload: { email: 'mine@example.com' } }));
    expect((await userRow(admin.id)).email).toBe(before.email);
    // Not the name either, nor confirming, blocking or deleting the account.
    expectBeyond(await call({ method: 'PATCH', url: `/api/users/update-user/${admin.id}`, payload: { name: 'Hakkeri' } }));
    expectBeyond(await call({ method: 'POST', url: '/api/users/toggle-verify', payload: { action: 'unVerifyUser', user: admin.id } }));
    expectBeyond(await call({ method: 'POST', url: '/api/users/toggle-block', payload: { action: 'block', user: admin.id } }));
    expectBeyond(await call({ method: 'DELETE', url: `/api/users/delete/user/${admin.id}` }));
    const after = await userRow(admin.id);
    expect(after).toMatchObject({ name: before.name, blockedAt: null, emailVerifiedAt: before.emailVerifiedAt });
  });

  it('cannot give anyone the moderator role, nor create a moderator', async () => {
    const call = await as(await createCustomStaff(app, ['admin.access', 'users.manage']));
    const person = await createUser(app);
    expectBeyond(await call({ method: 'PATCH', url: `/api/users/update-user/${person.id}`, payload: { roles: ['user', 'moderator'] } }));
    expect(await roleSlugsOf(app, person.id)).toEqual(['user']);
    const email = `moderaattori-${Date.now()}@example.com`;
    expectBeyond(
      await call({
        method: 'POST',
        url: '/api/users/create-user',
        payload: { name: 'Uusi', email, roles: ['moderator'], email_verified: true },
      }),
    );
    expect(await app.services.users.repo.findByEmail(email)).toBeUndefined();
  });

  it('cannot make a peer: a role with exactly its own permissions is beyond it too', async () => {
    const manager = await createCustomStaff(app, ['admin.access', 'users.manage']);
    const call = await as(manager);
    const person = await createUser(app);
    expectBeyond(
      await call({ method: 'PATCH', url: `/api/users/update-user/${person.id}`, payload: { roles: ['user', manager.role.slug] } }),
    );
    expect(await roleSlugsOf(app, person.id)).toEqual(['user']);
  });

  it('still does its work on accounts below it: edits, confirms, blocks and creates plain users', async () => {
    const call = await as(await createCustomStaff(app, ['admin.access', 'users.manage']));
    const person = await createUser(app);
    expect((await call({ method: 'PATCH', url: `/api/users/update-user/${person.id}`, payload: { name: 'Uusi nimi' } })).statusCode).toBe(
      200,
    );
    const narrower = await createRole(app, ['admin.access']);
    const given = await call({ method: 'PATCH', url: `/api/users/update-user/${person.id}`, payload: { roles: ['user', narrower.slug] } });
    expect(given.statusCode).toBe(200);
    expect(given.json().data.permissions).toEqual(['admin.access']);
    expect((await call({ method: 'POST', url: '/api/users/toggle-block', payload: { action: 'block', user: person.id } })).statusCode).toBe(
      200,
    );
    const created = await call({
      method: 'POST',
      url: '/api/users/create-user',
      payload: { name: 'Tavallinen', email: `tavallinen-${Date.now()}@example.com` },
    });
    expect(created.statusCode).toBe(201);
  });

  it('a burst of parallel promotions creates and changes nothing', async () => {
    const call = await as(await createCustomStaff(app, ['admin.access', 'users.manage']));
    const person = await createUser(app);
    const tag = Date.now();
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        n % 2
          ? call({ method: 'PATCH', url: `/api/users/update-user/${person.id}`, payload: { roles: ['user', 'moderator'] } })
          : call({
              method: 'POST',
              url: '/api/users/create-user',
              payload: { name: 'X', email: `burst-${tag}-${n}@example.com`, roles: ['admin'] },
            }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(12).fill(403));
    expect(await roleSlugsOf(app, person.id)).toEqual(['user']);
    for (let n = 0; n < 12; n += 2) expect(await app.services.users.repo.findByEmail(`burst-${tag}-${n}@example.com`)).toBeUndefined();
  });
});

describe('a role holding only users.impersonate', () => {
  it('cannot act as an admin; the session stays as it was', async () => {
    const impersonator = await createCustomStaff(app, ['admin.access', 'users.impersonate']);
    const call = await as(impersonator);
    const sessionsBefore = await sessionCount();
    expectBeyond(await call({ method: 'GET', url: `/api/impersonate/take/${admin.id}` }));
    expect(await sessionCount()).toBe(sessionsBefore);
    expect((await call({ method: 'GET', url: '/api/user' })).json().data.id).toBe(impersonator.id);
    // Nor a moderator, who holds what it lacks; a plain user is fine.
    const moderator = await createUser(app, { roles: ['user', 'moderator'] });
    expectBeyond(await call({ method: 'GET', url: `/api/impersonate/take/${moderator.id}` }));
    expect((await call({ method: 'GET', url: `/api/impersonate/take/${(await createUser(app)).id}` })).statusCode).toBe(200);
  });

  it('an admin acts as a staff member below them, but holds no staff ability while acting', async () => {
    const call = await as(admin);
    const manager = await createCustomStaff(app, ['admin.access', 'users.manage', 'roles.manage']);
    const taken = await call({ method: 'GET', url: `/api/impersonate/take/${manager.id}` });
    expect(taken.statusCode).toBe(200);
    const acting = { authorization: `Bearer ${taken.json().token}` };
    const person = await createUser(app);
    const before = await userRow(person.id);
    for (const options of [
      { method: 'POST', url: '/api/users', payload: {} },
      { method: 'PATCH', url: `/api/users/update-user/${person.id}`, payload: { email: 'taken-over@example.com' } },
      { method: 'PATCH', url: `/api/roles/update-role/${manager.role.id}`, payload: { permissions: ['admin.access', 'settings.manage'] } },
      { method: 'GET', url: '/api/admin/system' },
    ] as InjectOptions[]) {
      expect((await call({ ...options, headers: acting })).statusCode, `${options.method} ${options.url}`).toBe(403);
    }
    expect((await userRow(person.id)).email).toBe(before.email);
    expect(await grantsOf(app, manager.role.id)).toEqual(['admin.access', 'roles.manage', 'users.manage']);
  });
});

describe('a role holding roles.manage', () => {
  it('two holders cannot pool permissions through each other’s roles', async () => {
    const blogger = await createCustomStaff(app, ['admin.access', 'roles.manage', 'blog.manage']);
    const pager = await createCustomStaff(app, ['admin.access', 'roles.manage', 'pages.manage']);
    const asBlogger = await as(blogger);
    const asPager = await as(pager);
    expectBeyond(
      await asBlogger({
        method: 'PATCH',
        url: `/api/roles/update-role/${pager.role.id}`,
        payload: { permissions: ['admin.access', 'roles.manage', 'pages.manage', 'blog.manage'] },
      }),
    );
    expectBeyond(
      await asPager({
        method: 'PATCH',
        url: `/api/roles/update-role/${blogger.role.id}`,
        payload: { permissions: ['admin.access', 'roles.manage', 'blog.manage', 'pages.manage'] },
      }),
    );
    expect(await grantsOf(app, pager.role.id)).toEqual(['admin.access', 'pages.manage', 'roles.manage']);
    expect(await grantsOf(app, blogger.role.id)).toEqual(['admin.access', 'blog.manage', 'roles.manage']);
  });

  it('cannot change a role held by someone it cannot act on, even with a permission it holds', async () => {
    const manager = await createCustomStaff(app, ['admin.access', 'roles.manage']);
    const call = await as(manager);
    // Editors hold blog.manage and pages.manage, which the manager lacks.
    const editorRole = (await call({ method: 'GET', url: '/api/roles' }))
      .json()
      .roles.find((role: { slug: string }) => role.slug === 'editor');
    await createUser(app, { roles: ['user', 'editor'] });
    expectBeyond(
      await call({
        method: 'PATCH',
        url: `/api/roles/update-role/${editorRole.id}`,
        payload: { permissions: ['blog.manage', 'pages.manage', 'admin.access'] },
      }),
    );
    expect(await grantsOf(app, editorRole.id)).toEqual(['blog.manage', 'pages.manage']);
  });

  it('cannot move a role’s holders into more than they had, nor delete a role out from under a wider holder', async () => {
    const manager = await createCustomStaff(app, ['admin.access', 'roles.manage', 'blog.manage']);
    const call = await as(manager);
    const small = await createCustomStaff(app, ['admin.access']);
    const peerRole = await createRole(app, ['admin.access', 'roles.manage', 'blog.manage']);
    expectBeyond(await call({ method: 'DELETE', url: `/api/roles/delete/role/${small.role.id}`, payload: { move_to: peerRole.id } }));
    expect(await roleSlugsOf(app, small.id)).toEqual([small.role.slug, 'user'].sort());
    // A role held by a wider account (the admin) is beyond it, though it holds every grant of the role.
    const shared = await createRole(app, ['admin.access']);
    await hold(admin.id, shared.id);
    const narrower = await createRole(app, []);
    // The admin's permissions do not change by it (the admin role grants everything): not acted on, so allowed.
    expect(
      (await call({ method: 'DELETE', url: `/api/roles/delete/role/${shared.id}`, payload: { move_to: narrower.id } })).statusCode,
    ).toBe(200);
    // A holder whose permissions would change, and who is wider, is acted on: refused.
    const wide = await createCustomStaff(app, ['admin.access', 'users.manage', 'roles.manage']);
    const held = await createRole(app, ['blog.manage']);
    await hold(wide.id, held.id);
    expectBeyond(await call({ method: 'PATCH', url: `/api/roles/update-role/${held.id}`, payload: { permissions: [] } }));
    expect(await grantsOf(app, held.id)).toEqual(['blog.manage']);
  });

  it('a superAdmin acts on everyone; an admin not on another admin', async () => {
    const other = await createUser(app, { roles: ['user', 'admin'] });
    const asAdmin = await as(admin);
    expectBeyond(await asAdmin({ method: 'PATCH', url: `/api/users/update-user/${other.id}`, payload: { name: 'Vertainen' } }));
    const asRoot = await as(root);
    expect((await asRoot({ method: 'PATCH', url: `/api/users/update-user/${other.id}`, payload: { name: 'Muutettu' } })).statusCode).toBe(
      200,
    );
    expect((await asRoot({ method: 'GET', url: `/api/impersonate/take/${other.id}` })).statusCode).toBe(200);
  });
});
