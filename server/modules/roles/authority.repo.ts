import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema/roles.ts';

/**
 * One key for every change of who holds what (role assignments, a role's grants, moving a role's
 * holders, impersonation): such changes run one at a time, each reading the accounts as they are.
 */
const AUTHORITY_LOCK_KEY = 0x6b61_7574; // "kaut"

/** A kind of holder of a role: what their other roles grant, and whether one of them is superAdmin. */
export interface HolderKind {
  /** Permission names granted by the holder's roles other than the one asked about. */
  otherGrants: string[];
  superAdmin: boolean;
}

/** What the authority rule reads: an account's roles and grants, a role's holders. */
export function createAuthorityRepo(db: Database) {
  return {
    /** Waits for any other change of authority to finish; held until this transaction ends. */
    async lock(tx: Transaction): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${AUTHORITY_LOCK_KEY})`);
    },

    /** The account's role slugs and the permission names they grant. */
    async accountOf(userId: number, tx: Db = db): Promise<{ roles: string[]; granted: string[] }> {
      const held = await tx
        .select({ slug: roles.slug })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId));
      const slugs = held.map((row) => row.slug);
      return { roles: slugs, granted: await this.grantsOf(slugs, tx) };
    },

    /** The permission names these roles (by slug) grant together. */
    async grantsOf(slugs: readonly string[], tx: Db = db): Promise<string[]> {
      if (slugs.length === 0) return [];
      const rows = await tx
        .selectDistinct({ name: permissions.name })
        .from(rolePermissions)
        .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(inArray(roles.slug, [...slugs]));
      return rows.map((row) => row.name);
    },

    /**
     * The holders of a role, one row for each distinct kind (a role everyone holds is a handful of
     * kinds, not a row a person): what their other roles grant and whether they are superAdmins.
     */
    async holderKinds(roleId: number, tx: Db = db): Promise<HolderKind[]> {
      const result = await tx.execute(sql`
        select distinct other_grants, super_admin from (
          select coalesce(array_agg(distinct ${permissions.name} order by ${permissions.name})
                   filter (where ${permissions.name} is not null and ${userRoles.roleId} <> ${roleId}), '{}') as other_grants,
                 bool_or(${roles.slug} = 'superAdmin') as super_admin
          from ${userRoles}
          join ${roles} on ${roles.id} = ${userRoles.roleId}
          left join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId}
          left join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
          where ${userRoles.userId} in (select ${userRoles.userId} from ${userRoles} where ${userRoles.roleId} = ${roleId})
          group by ${userRoles.userId}
        ) holders`);
      const rows = (result as unknown as { rows: { other_grants: string[] | null; super_admin: boolean }[] }).rows;
      return rows.map((row) => ({ otherGrants: row.other_grants ?? [], superAdmin: row.super_admin }));
    },

    /** Whether this account holds the role. */
    async holds(userId: number, roleId: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)));
      return row !== undefined;
    },
  };
}

export type AuthorityRepo = ReturnType<typeof createAuthorityRepo>;
