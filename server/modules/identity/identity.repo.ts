import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

export interface StoredIdentity {
  verifiedAt: Date | null;
  method: string | null;
  name: string | null;
}

/** The strong identification of an account: three columns of `users`, nothing else. */
export function createIdentityRepo(db: Database) {
  const columns = { verifiedAt: users.identityVerifiedAt, method: users.identityMethod, name: users.identityName };
  return {
    /** Runs `work` in one transaction: all of it is saved, or none. */
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    async find(userId: number, tx: Db = db): Promise<StoredIdentity | undefined> {
      const [row] = await tx.select(columns).from(users).where(eq(users.id, userId));
      return row;
    },

    async set(userId: number, identity: { verifiedAt: Date; method: string; name: string | null }, tx: Db = db): Promise<void> {
      await tx
        .update(users)
        .set({
          identityVerifiedAt: identity.verifiedAt,
          identityMethod: identity.method,
          identityName: identity.name,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
    },

    /** Forgets it; true when there was one. */
    async clear(userId: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set({ identityVerifiedAt: null, identityMethod: null, identityName: null, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNotNull(users.identityVerifiedAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}

export type IdentityRepo = ReturnType<typeof createIdentityRepo>;
