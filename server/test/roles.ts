import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Permission } from '../../common/access.ts';
import { permissions, rolePermissions, roles, userRoles } from '../db/schema/roles.ts';
import { type TestUser, createUser } from './accounts.ts';

/** Factory: a role of the site's own granting exactly these permissions; its id and slug. */
export async function createRole(app: FastifyInstance, grants: readonly Permission[]): Promise<{ id: number; slug: string }> {
  const db = app.services.database.db;
  const tag = crypto.randomUUID().slice(0, 8);
  const [role] = await db
    .insert(roles)
    .values({ slug: `custom-${tag}`, name: `Oma rooli ${tag}` })
    .returning({ id: roles.id, slug: roles.slug });
  if (grants.length) {
    const ids = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, [...grants]));
    await db.insert(rolePermissions).values(ids.map(({ id }) => ({ roleId: role!.id, permissionId: id })));
  }
  return role!;
}

/** Factory: an account holding `user` and a role of its own with exactly these permissions. */
export async function createCustomStaff(
  app: FastifyInstance,
  grants: readonly Permission[],
): Promise<TestUser & { role: { id: number; slug: string } }> {
  const role = await createRole(app, grants);
  const person = await createUser(app, { roles: ['user'] });
  await app.services.database.db.insert(userRoles).values({ userId: person.id, roleId: role.id });
  return { ...person, role };
}

/** The role slugs an account holds, sorted. */
export async function roleSlugsOf(app: FastifyInstance, userId: number): Promise<string[]> {
  const rows = await app.services.database.db
    .select({ slug: roles.slug })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((row) => row.slug).sort();
}

/** The permission names a role grants, sorted. */
export async function grantsOf(app: FastifyInstance, roleId: number): Promise<string[]> {
  const rows = await app.services.database.db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId));
  return rows.map((row) => row.name).sort();
}
