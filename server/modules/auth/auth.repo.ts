import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { loginChallenges, oauthAccounts, passwordResetTokens, recoveryCodes, sessions } from '../../db/schema/auth.ts';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema/roles.ts';
import { users } from '../../db/schema/users.ts';
import { createAuditWriter } from '../../platform/audit-log.ts';

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Every query of signing in and what proves it: sessions, two-factor log-ins and steps, password
 * reset tokens, recovery codes, provider accounts, and the audit log. The accounts themselves are
 * the users repo's.
 */
export function createAuthRepo(db: Database) {
  return {
    /** Runs `work` in one transaction: all of it is saved, or none. */
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /**
     * Marks a TOTP time step used, atomically: true only for the first request with a step newer
     * than the last one, so two requests racing with the same code cannot both pass.
     */
    claimTwoFactorStep: async (userId: number, step: number) =>
      (
        await db
          .update(users)
          .set({ twoFactorLastStep: step })
          .where(and(eq(users.id, userId), sql`(${users.twoFactorLastStep} is null or ${users.twoFactorLastStep} < ${step})`))
          .returning({ id: users.id })
      ).length > 0,

    // Sessions
    insertSession: async (values: typeof sessions.$inferInsert, tx: Db = db) => {
      await tx.insert(sessions).values(values);
    },
    /**
     * A live session with its account, the account's role slugs and the permission names those
     * roles grant, in one query: every signed-in request starts here.
     */
    findLiveSessionWithUser: async (id: string) =>
      (
        await db
          .select({
            session: sessions,
            user: users,
            roles: sql<string[]>`coalesce((
              select array_agg(r.slug order by r.slug) from ${userRoles} ur join ${roles} r on r.id = ur.role_id
              where ur.user_id = ${users.id}), '{}')`,
            granted: sql<string[]>`coalesce((
              select array_agg(distinct p.name) from ${userRoles} ur
              join ${rolePermissions} rp on rp.role_id = ur.role_id join ${permissions} p on p.id = rp.permission_id
              where ur.user_id = ${users.id}), '{}')`,
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          // A blocked account's sessions were deleted when it was blocked; this also stops one
          // that a log-in racing with the block created after that.
          .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), isNull(users.blockedAt)))
      )[0],
    /** Which of these sessions are still live (not signed out, not expired, the account not blocked). */
    liveSessionIds: async (ids: string[]): Promise<Set<string>> => {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date()), isNull(users.blockedAt)));
      return new Set(rows.map((row) => row.id));
    },
    /** A live session by its id (its token's hash). */
    findLiveSession: async (id: string, tx: Db = db): Promise<SessionRow | undefined> =>
      (
        await tx
          .select()
          .from(sessions)
          .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
      )[0],
    touchSession: async (id: string, lastSeenAt: Date, expiresAt: Date) => {
      await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
    },
    deleteSession: async (id: string, tx: Db = db) => {
      await tx.delete(sessions).where(eq(sessions.id, id));
    },
    listSessions: (userId: number) =>
      db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
        .orderBy(sql`${sessions.lastSeenAt} desc`),
    deleteUserSession: async (userId: number, sessionId: string) =>
      (
        await db
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
          .returning({ id: sessions.id })
      ).length > 0,
    /** Ends every session of a user except (optionally) one. */
    deleteOtherSessions: async (userId: number, keepId: string | undefined, tx: Db = db) => {
      await tx.delete(sessions).where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
    },
    /** Removes what has expired: sessions, pending two-factor log-ins, reset tokens. */
    deleteExpired: async (now: Date) => {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
      await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now));
    },

    // Two-factor log-in challenges
    insertChallenge: async (values: typeof loginChallenges.$inferInsert) => {
      await db.insert(loginChallenges).values(values);
    },
    findLiveChallenge: async (id: string) =>
      (
        await db
          .select()
          .from(loginChallenges)
          .where(and(eq(loginChallenges.id, id), gt(loginChallenges.expiresAt, new Date())))
      )[0],
    countChallengeAttempt: async (id: string) =>
      (
        await db
          .update(loginChallenges)
          .set({ attempts: sql`${loginChallenges.attempts} + 1` })
          .where(eq(loginChallenges.id, id))
          .returning({ attempts: loginChallenges.attempts })
      )[0]?.attempts ?? 0,
    deleteChallenge: async (id: string, tx: Db = db) => {
      await tx.delete(loginChallenges).where(eq(loginChallenges.id, id));
    },

    // Password resets (and the set-password links of accounts staff create)
    insertResetToken: async (values: typeof passwordResetTokens.$inferInsert, tx: Db = db) => {
      await tx.insert(passwordResetTokens).values(values);
    },
    /** Marks a live, unused token used and gives its user; undefined when it was not usable. Single use even under races. */
    consumeResetToken: async (id: string, tx: Db) =>
      (
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
          .returning({ userId: passwordResetTokens.userId })
      )[0],
    deleteResetTokens: async (userId: number, tx: Db = db) => {
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    },

    // Recovery codes
    replaceRecoveryCodes: async (userId: number, hashes: string[], tx: Db = db) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      if (hashes.length) await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },
    useRecoveryCode: async (userId: number, codeHash: string) =>
      (
        await db
          .update(recoveryCodes)
          .set({ usedAt: new Date() })
          .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
          .returning({ id: recoveryCodes.id })
      ).length > 0,
    countUnusedRecoveryCodes: async (userId: number) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      )[0]?.n ?? 0,

    // Provider accounts
    findOauthAccount: async (provider: string, providerUserId: string) =>
      (
        await db
          .select()
          .from(oauthAccounts)
          .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
      )[0],
    listOauthAccounts: (userId: number) => db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId)),
    insertOauthAccount: async (values: typeof oauthAccounts.$inferInsert, tx: Db = db) => {
      await tx.insert(oauthAccounts).values(values);
    },
    deleteOauthAccount: async (userId: number, id: number) =>
      (
        await db
          .delete(oauthAccounts)
          .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.id, id)))
          .returning({ id: oauthAccounts.id })
      ).length > 0,

    audit: createAuditWriter(db),
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
