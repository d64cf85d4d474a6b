import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, ROLE_SLUGS } from '../../../common/access.ts';
import { permissions, rolePermissions, roles } from '../../db/schema/roles.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const db = () => app.services.database.db;

async function storedGrants(): Promise<Record<string, string[]>> {
  const rows = await db()
    .select({ slug: roles.slug, permission: permissions.name })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId));
  const grants: Record<string, string[]> = {};
  for (const row of rows) (grants[row.slug] ??= []).push(row.permission);
  return grants;
}

describe('permissions are data', () => {
  it('a new site holds every permission and the default grants of the six built-in roles', async () => {
    const names = (await db().select({ name: permissions.name }).from(permissions)).map((row) => row.name);
    expect(names.sort()).toEqual([...PERMISSIONS].sort());
    const grants = await storedGrants();
    for (const slug of ROLE_SLUGS) expect((grants[slug] ?? []).sort(), slug).toEqual([...DEFAULT_ROLE_PERMISSIONS[slug]].sort());
  });

  it('a grant taken from a role takes effect on the next request; a superAdmin keeps everything', async () => {
    const moderator = await createUser(app, { roles: ['user', 'moderator'] });
    const superAdmin = await createUser(app, { roles: ['user', 'superAdmin'] });
    const queue = async (user: typeof moderator) =>
      (await app.inject({ method: 'POST', url: '/api/admin/products', headers: (await loginAs(app, user)).headers, payload: {} }))
        .statusCode;
    expect(await queue(moderator)).toBe(200);

    const [moderate] = await db().select().from(permissions).where(eq(permissions.name, 'ads.moderate'));
    const roleIds = await db().select().from(roles);
    const idOf = (slug: string) => roleIds.find((role) => role.slug === slug)!.id;
    try {
      await db()
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.permissionId, moderate!.id)));
      expect(await queue(moderator)).toBe(403);
      expect(await queue(superAdmin)).toBe(200);
    } finally {
      await db()
        .insert(rolePermissions)
        .values(['superAdmin', 'admin', 'moderator'].map((slug) => ({ roleId: idOf(slug), permissionId: moderate!.id })))
        .onConflictDoNothing();
    }
    expect(await queue(moderator)).toBe(200);
  });
});
