import { eq, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { roles, userRoles } from '../../db/schema/roles.ts';
import { type RoleSlug } from '../../../common/access.ts';
import { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<NewUser>;

/** Every query of the accounts themselves: finding, creating, changing and deleting users, and their roles. */
export function createUsersRepo(db: Database) {
  return {
    /** Runs `work` in one transaction: all of it is saved, or none. */
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    findByEmail: async (email: string, tx: Db = db): Promise<UserRow | undefined> =>
      (
        await tx
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = lower(${email})`)
      )[0],

    findById: async (id: number, tx: Db = db): Promise<UserRow | undefined> => (await tx.select().from(users).where(eq(users.id, id)))[0],

    async insert(values: NewUser, tx: Db = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      return row!;
    },

    async update(id: number, changes: UserChanges, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** Sessions, roles, tokens, ads and wishes go with the row (ON DELETE CASCADE). */
    delete: async (id: number, tx: Db = db) => {
      await tx.delete(users).where(eq(users.id, id));
    },

    roleSlugs: async (userId: number, tx: Db = db): Promise<RoleSlug[]> =>
      (
        await tx
          .select({ slug: roles.slug })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(eq(userRoles.userId, userId))
      ).map((r) => r.slug as RoleSlug),

    async setRoles(userId: number, slugs: RoleSlug[], tx: Db = db): Promise<void> {
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      if (slugs.length === 0) return;
      const ids = await tx.select({ id: roles.id, slug: roles.slug }).from(roles);
      await tx.insert(userRoles).values(ids.filter((r) => slugs.includes(r.slug as RoleSlug)).map((r) => ({ userId, roleId: r.id })));
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
