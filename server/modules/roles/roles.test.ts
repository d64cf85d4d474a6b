import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleSlug } from '../../../common/access.ts';
import { auditLog } from '../../db/schema/auth.ts';
import { userRoles } from '../../db/schema/roles.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { slugFromName } from './roles.service.ts';

let app: FastifyInstance;
const headersOf: Partial<Record<RoleSlug, Record<string, string>>> = {};

async function as(role: RoleSlug) {
  if (!headersOf[role]) {
    const user = await createUser(app, { roles: ['user', role] });
    headersOf[role] = { ...(await loginAs(app, user)).headers, 'accept-language': 'en' };
  }
  return headersOf[role]!;
}

const create = async (role: RoleSlug, payload: object) =>
  app.inject({ method: 'POST', url: '/api/roles/create-role', headers: await as(role), payload });
const update = async (role: RoleSlug, id: number, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/roles/update-role/${id}`, headers: await as(role), payload });
const remove = async (role: RoleSlug, id: number, payload: object = {}) =>
  app.inject({ method: 'DELETE', url: `/api/roles/delete/role/${id}`, headers: await as(role), payload });
const list = async () =>
  (await app.inject({ url: '/api/roles', headers: await as('superAdmin') })).json().roles as {
    id: number;
    slug: string;
    users_count: number;
    permissions: string[];
  }[];
const idOf = async (slug: string) => (await list()).find((role) => role.slug === slug)!.id;
const lastAudit = async () => (await app.services.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('roles', () => {
  it('lists the six built-in roles with their grants; GET /permissions lists every permission', async () => {
    const roles = await list();
    expect(roles.slice(0, 6).map((role) => role.slug)).toEqual(['superAdmin', 'admin', 'moderator', 'editor', 'user', 'unverified']);
    expect(roles.find((role) => role.slug === 'moderator')!.permissions).toEqual(['ads.moderate', 'reports.handle']);
    const permissions = await app.inject({ url: '/api/permissions', headers: await as('admin') });
    expect(permissions.json().permissions.map((p: { name: string }) => p.name)).toContain('users.impersonate');
    const page = await app.inject({ url: '/api/roles-complete?page=2&per_page=4', headers: await as('admin') });
    expect(page.json().meta).toMatchObject({ current_page: 2, per_page: 4, last_page: 2 });
  });

  it('creates a role with permissions, audited; a name taken or a permission the creator lacks is refused', async () => {
    const created = await create('admin', { name: 'Asiakaspalvelu', permissions: ['reports.handle'] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Role "Asiakaspalvelu" created.',
      data: { slug: 'asiakaspalvelu', name: 'Asiakaspalvelu', built_in: false, permissions: ['reports.handle'], users_count: 0 },
    });
    expect(await lastAudit()).toMatchObject({ action: 'role_created', entity: 'role', entityId: String(created.json().data.id) });

    const again = await create('admin', { name: 'asiakaspalvelu', permissions: [] });
    expect(again.json().errors.name).toEqual(['A role with this name exists already.']);
    expect((await create('admin', { name: 'X', permissions: [] })).statusCode).toBe(422);
    expect((await create('admin', { name: 'Tuntematon', permissions: ['everything'] })).statusCode).toBe(422);
    expect((await create('admin', { name: 'Kaksi', permissions: ['ads.moderate', 'ads.moderate'] })).statusCode).toBe(422);
    // A moderator may not manage roles at all.
    expect((await create('moderator', { name: 'Moderaattorin oma', permissions: [] })).statusCode).toBe(403);
  });

  it('a role grant changes what its holders may do on their next request', async () => {
    const created = (await create('superAdmin', { name: 'Tarkastaja', permissions: [] })).json().data;
    const holder = await createUser(app, { roles: ['user'] });
    await app.services.database.db.insert(userRoles).values({ userId: holder.id, roleId: created.id });
    const headers = (await loginAs(app, holder)).headers;
    const queue = () => app.inject({ method: 'POST', url: '/api/admin/products', headers, payload: {} });
    expect((await queue()).statusCode).toBe(403);
    expect((await update('admin', created.id, { permissions: ['ads.moderate'] })).statusCode).toBe(200);
    expect((await queue()).statusCode).toBe(200);
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      action: 'role_updated',
      data: { before: { permissions: [] }, after: { permissions: ['ads.moderate'] } },
    });
  });

  it('names a built-in role in the reader’s language when saying it was saved', async () => {
    const id = await idOf('editor');
    const headers = { ...(await as('superAdmin')), 'accept-language': 'fi' };
    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/roles/update-role/${id}`,
      headers,
      payload: { permissions: ['blog.manage', 'pages.manage'] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Rooli "Toimittaja" tallennettu.');
  });

  it('superAdmin is fixed, admin is for superAdmins, and nobody changes the grants of a role they hold', async () => {
    expect((await update('superAdmin', await idOf('superAdmin'), { permissions: [] })).json().errors.permissions).toEqual([
      'The super admin role always holds every permission and cannot be changed.',
    ]);
    expect((await update('admin', await idOf('admin'), { permissions: ['audit.read'] })).statusCode).toBe(403);
    const mixed = await createUser(app, { roles: ['user', 'admin', 'moderator'] });
    const headers = { ...(await loginAs(app, mixed)).headers, 'accept-language': 'en' };
    const own = await app.inject({
      method: 'PATCH',
      url: `/api/roles/update-role/${await idOf('moderator')}`,
      headers,
      payload: { permissions: [] },
    });
    expect(own.json().errors.permissions).toEqual(['You cannot change the permissions of a role you hold. Ask another administrator.']);
    // Renaming one's own role is fine; a superAdmin may change the admin role.
    expect((await update('superAdmin', await idOf('editor'), { name: 'Toimittaja' })).statusCode).toBe(200);
  });

  it('built-in roles cannot be deleted; a held role needs a destination, and its holders move there', async () => {
    expect((await remove('admin', await idOf('editor'))).json().errors.role).toEqual(['A built-in role cannot be deleted.']);
    const role = (await create('admin', { name: 'Kausityöntekijät', permissions: [] })).json().data;
    const holder = await createUser(app, { roles: ['user'] });
    await app.services.database.db.insert(userRoles).values({ userId: holder.id, roleId: role.id });
    expect((await remove('admin', role.id)).json().errors.move_to).toEqual(['The role has users (1). Choose the role they move to.']);
    expect((await remove('admin', role.id, { move_to: role.id })).statusCode).toBe(422);
    expect((await remove('admin', role.id, { move_to: 2_000_000_000 })).statusCode).toBe(422);
    expect((await remove('admin', role.id, { move_to: await idOf('superAdmin') })).statusCode).toBe(403);
    const done = await remove('admin', role.id, { move_to: await idOf('moderator') });
    expect(done.json().message).toBe('Role deleted. Users moved: 1.');
    expect(await app.services.users.repo.roleSlugs(holder.id)).toEqual(expect.arrayContaining(['user', 'moderator']));
    expect(await lastAudit()).toMatchObject({ action: 'role_deleted', data: { moved_users: 1 } });
    expect((await remove('admin', role.id)).statusCode).toBe(404);
  });

  it('bad input gets a clear answer and changes nothing', async () => {
    const before = await list();
    const probes = [
      create('admin', { name: 5, permissions: [] }),
      create('admin', { name: 'Ok nimi', permissions: 'all' }),
      create('admin', { name: 'Ok nimi', permissions: [], extra: true }),
      create('admin', { name: 'Ohjaus\u0007merkki', permissions: [] }),
      update('admin', 2_147_483_648, { name: 'x' }),
      update('admin', 999_999, { name: 'Ei ole' }),
      remove('admin', 0),
    ];
    for (const reply of await Promise.all(probes)) {
      expect(reply.statusCode, reply.body).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, reply.body).toBeLessThan(500);
    }
    expect((await list()).length).toBe(before.length);
    expect(await app.services.database.db.select().from(auditLog).where(eq(auditLog.action, 'role_created'))).toHaveLength(3);
  });
});

describe('slugFromName', () => {
  it('makes plain dashed slugs', () => {
    expect(slugFromName('Asiakaspalvelu 2')).toBe('asiakaspalvelu-2');
    expect(slugFromName('Ääkköset & öljy')).toBe('aakkoset-oljy');
    expect(slugFromName('Модератор')).toBe('');
  });
});

describe('a role’s slug given by hand', () => {
  it('is kept as given; a malformed or taken slug is refused on its field and nothing is created', async () => {
    const created = await create('admin', { name: 'Tukitiimi', slug: 'tuki-tiimi', permissions: [] });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.slug).toBe('tuki-tiimi');
    // Empty means "make one from the name".
    expect((await create('admin', { name: 'Laskutus', slug: '', permissions: [] })).json().data.slug).toBe('laskutus');

    const before = (await list()).length;
    for (const slug of ['Iso Kirjain', 'a', '-alku', 'loppu-', 'kaksi--viivaa', 'ääkkönen']) {
      const reply = await create('admin', { name: `Rooli ${slug}`, slug, permissions: [] });
      expect(reply.statusCode, slug).toBe(422);
      expect(reply.json().errors.slug, slug).toEqual([
        'The slug may have only lower-case letters a–z, digits and single dashes between them (2–40 characters).',
      ]);
    }
    for (const slug of ['tuki-tiimi', 'moderator', 'ADMIN']) {
      const reply = await create('admin', { name: `Toinen ${slug}`, slug: slug.toLowerCase(), permissions: [] });
      expect(reply.json().errors.slug, slug).toEqual(['A role with this slug exists already.']);
    }
    expect((await create('admin', { name: 'Pitkä', slug: 'x'.repeat(41), permissions: [] })).statusCode).toBe(422);
    expect((await list()).length).toBe(before);
  });
});
