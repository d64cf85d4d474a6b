import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema/roles.ts';
import { users } from '../../db/schema/users.ts';
import type { UserRow } from './users.repo.ts';
import type { AdminUserSort } from './users.schemas.ts';

export interface AdminUserQuery {
  search?: string | undefined;
  role?: string | undefined;
  verified?: boolean | undefined;
  blocked?: boolean | undefined;
  sortBy: AdminUserSort;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const SORT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  created_at: users.createdAt,
  email_verified_at: users.emailVerifiedAt,
} as const;

/** Escapes LIKE's wildcards, so a search for "50%" finds "50%". */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The staff's queries over accounts: the searchable list, roles by slug, superAdmin counts. */
export function createAdminUsersRepo(db: Database) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    async list(query: AdminUserQuery): Promise<{ rows: (UserRow & { roles: string[]; granted: string[] })[]; total: number }> {
      const search = query.search?.trim();
      const conditions = [
        search
          ? or(
              ilike(users.name, likeText(search)),
              ilike(users.surname, likeText(search)),
              ilike(users.email, likeText(search)),
              /^\d{1,9}$/.test(search) ? eq(users.id, Number(search)) : undefined,
            )
          : undefined,
        query.verified === undefined ? undefined : query.verified ? isNotNull(users.emailVerifiedAt) : isNull(users.emailVerifiedAt),
        query.blocked === undefined ? undefined : query.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt),
        query.role
          ? exists(
              db
                .select({ one: sql`1` })
                .from(userRoles)
                .innerJoin(roles, eq(roles.id, userRoles.roleId))
                .where(and(eq(userRoles.userId, users.id), eq(roles.slug, query.role))),
            )
          : undefined,
      ];
      const where = and(...conditions);
      const order = query.direction === 'asc' ? asc(SORT_COLUMNS[query.sortBy]) : desc(SORT_COLUMNS[query.sortBy]);
      const [rows, [total]] = await Promise.all([
        db.select().from(users).where(where).orderBy(order, asc(users.id)).limit(query.limit).offset(query.offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      const ids = rows.map((row) => row.id);
      const [held, grants] = ids.length
        ? await Promise.all([
            db
              .select({ userId: userRoles.userId, slug: roles.slug })
              .from(userRoles)
              .innerJoin(roles, eq(roles.id, userRoles.roleId))
              .where(inArray(userRoles.userId, ids)),
            db
              .selectDistinct({ userId: userRoles.userId, name: permissions.name })
              .from(userRoles)
              .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
              .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
              .where(inArray(userRoles.userId, ids)),
          ])
        : [[], []];
      return {
        rows: rows.map((row) => ({
          ...row,
          roles: held.filter((entry) => entry.userId === row.id).map((entry) => entry.slug),
          granted: grants.filter((entry) => entry.userId === row.id).map((entry) => entry.name),
        })),
        total: total?.n ?? 0,
      };
    },

    async rolesOf(userId: number, tx: Db = db): Promise<string[]> {
      const rows = await tx
        .select({ slug: roles.slug })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId));
      return rows.map((row) => row.slug);
    },

    /** The slugs of these that exist. */
    async existingRoles(slugs: readonly string[], tx: Db = db): Promise<string[]> {
      if (slugs.length === 0) return [];
      const rows = await tx
        .select({ slug: roles.slug })
        .from(roles)
        .where(inArray(roles.slug, [...slugs]));
      return rows.map((row) => row.slug);
    },

    /** Replaces the person's roles with these (existing) slugs. */
    async setRoles(userId: number, slugs: readonly string[], tx: Db): Promise<void> {
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      if (slugs.length === 0) return;
      const rows = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(inArray(roles.slug, [...slugs]));
      await tx.insert(userRoles).values(rows.map((row) => ({ userId, roleId: row.id })));
    },

    /**
     * How many superAdmins other than this account can still sign in (not blocked), counted under a
     * lock: two demotions, deletions or blocks at once cannot both pass and leave nobody at the top.
     */
    async lockedOtherActiveSuperAdmins(tx: Transaction, exceptUserId: number): Promise<number> {
      await tx.execute(sql`lock table ${userRoles} in share row exclusive mode`);
      const [row] = await tx
        .select({ n: count() })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(and(eq(roles.slug, 'superAdmin'), ne(users.id, exceptUserId), isNull(users.blockedAt)));
      return row?.n ?? 0;
    },

    /**
     * Blocks (with the reason) or unblocks an account, only when it is not so already: the row as it
     * is now, or undefined when nothing changed (so two staff members doing it at once audit it once).
     */
    async setBlocked(userId: number, block: { reason: string | null } | null, tx: Transaction): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set(
          block
            ? { blockedAt: new Date(), blockedReason: block.reason, updatedAt: new Date() }
            : { blockedAt: null, blockedReason: null, updatedAt: new Date() },
        )
        .where(and(eq(users.id, userId), block ? isNull(users.blockedAt) : isNotNull(users.blockedAt)))
        .returning();
      return row;
    },

    /** Ends every session of the account, and every session in which it acts as someone else. */
    async endSessionsOf(userId: number, tx: Transaction): Promise<void> {
      await tx.delete(sessions).where(or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)));
    },
  };
}

export type AdminUsersRepo = ReturnType<typeof createAdminUsersRepo>;
