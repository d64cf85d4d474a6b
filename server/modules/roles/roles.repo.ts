import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema/roles.ts';

export type RoleRow = typeof roles.$inferSelect;
export interface RoleWithGrants extends RoleRow {
  permissions: string[];
  usersCount: number;
}

/** Roles, their grants and who holds them. Changes run in the transaction the service opens. */
export function createRolesRepo(db: Database) {
  async function withGrants(rows: RoleRow[], tx: Db): Promise<RoleWithGrants[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [grants, holders] = await Promise.all([
      tx
        .select({ roleId: rolePermissions.roleId, name: permissions.name })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(inArray(rolePermissions.roleId, ids))
        .orderBy(asc(permissions.id)),
      tx.select({ roleId: userRoles.roleId, n: count() }).from(userRoles).where(inArray(userRoles.roleId, ids)).groupBy(userRoles.roleId),
    ]);
    return rows.map((row) => ({
      ...row,
      permissions: grants.filter((grant) => grant.roleId === row.id).map((grant) => grant.name),
      usersCount: holders.find((holder) => holder.roleId === row.id)?.n ?? 0,
    }));
  }

  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /** Every role, oldest first (the built-in six, then the site's own). */
    async list(tx: Db = db): Promise<RoleWithGrants[]> {
      return withGrants(await tx.select().from(roles).orderBy(asc(roles.id)), tx);
    },

    async page(limit: number, offset: number): Promise<{ rows: RoleWithGrants[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db.select().from(roles).orderBy(asc(roles.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(roles),
      ]);
      return { rows: await withGrants(rows, db), total: total?.n ?? 0 };
    },

    async find(id: number, tx: Db = db): Promise<RoleWithGrants | undefined> {
      const [row] = await tx.select().from(roles).where(eq(roles.id, id));
      return row ? (await withGrants([row], tx))[0] : undefined;
    },

    async slugTaken(slug: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(sql`lower(${roles.slug}) = lower(${slug})`);
      return row !== undefined;
    },

    async nameTaken(name: string, exceptId: number | null, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(sql`lower(${roles.name}) = lower(${name})`);
      return rows.some((row) => row.id !== exceptId);
    },

    async insert(slug: string, name: string, tx: Db): Promise<RoleRow> {
      const [row] = await tx.insert(roles).values({ slug, name }).returning();
      return row!;
    },

    async rename(id: number, name: string, tx: Db): Promise<void> {
      await tx.update(roles).set({ name }).where(eq(roles.id, id));
    },

    /** Replaces the role's grants with these permission names. */
    async setGrants(id: number, names: readonly string[], tx: Db): Promise<void> {
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
      if (names.length === 0) return;
      const rows = await tx
        .select({ id: permissions.id })
        .from(permissions)
        .where(inArray(permissions.name, [...names]));
      await tx.insert(rolePermissions).values(rows.map((row) => ({ roleId: id, permissionId: row.id })));
    },

    /** Gives the role's holders another role (keeping any they hold already), then deletes the role. */
    async moveHoldersAndDelete(id: number, moveTo: number | null, tx: Db): Promise<number> {
      const holders = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, id));
      if (moveTo !== null && holders.length > 0) {
        await tx
          .insert(userRoles)
          .values(holders.map((holder) => ({ userId: holder.userId, roleId: moveTo })))
          .onConflictDoNothing();
      }
      await tx.delete(roles).where(eq(roles.id, id));
      return holders.length;
    },

    async permissions() {
      return db.select().from(permissions).orderBy(asc(permissions.id));
    },

    /** Whether this user holds the role (to refuse changing one's own roles' grants away). */
    async holds(userId: number, roleId: number): Promise<boolean> {
      const [row] = await db
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)));
      return row !== undefined;
    },
  };
}

export type RolesRepo = ReturnType<typeof createRolesRepo>;
