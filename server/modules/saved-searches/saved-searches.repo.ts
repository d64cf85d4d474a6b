import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { type SavedSearchAlerts, type SavedSearchChannel, savedSearches } from '../../db/schema/saved-searches.ts';
import { users } from '../../db/schema/users.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export interface SavedSearchValues {
  name: string;
  query: Record<string, unknown>;
  alerts: SavedSearchAlerts;
  channels: SavedSearchChannel[];
  /** The percolation key (issue 29); null: looked at for every new ad. */
  matchKey?: string | null;
  /** What the key was read with (`percolationRules`). */
  matchKeyOf?: string | null;
}

export function createSavedSearchesRepo(db: Database) {
  return {
    /** Runs `work` in one transaction: all of it is saved, or none. */
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /**
     * Holds the person's row until the transaction ends, so their saves run one after another:
     * the count of their saved searches cannot change between counting and inserting.
     */
    async lockOwner(userId: number, tx: Db): Promise<void> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async count(userId: number, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId));
      return row?.n ?? 0;
    },

    /** The person's saved searches, newest first. */
    async list(userId: number): Promise<SavedSearchRow[]> {
      return db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
    },

    /** One of the person's saved searches; another's is as absent as a missing one. */
    async findOwn(userId: number, id: number, tx: Db = db): Promise<SavedSearchRow | undefined> {
      const [row] = await tx
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
      return row;
    },

    /** The person's saved search with this very (normalised) query, if any: jsonb equality ignores key order. */
    async findSameQuery(userId: number, query: Record<string, unknown>, tx: Db = db): Promise<SavedSearchRow | undefined> {
      const [row] = await tx
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.userId, userId), sql`${savedSearches.query} = ${JSON.stringify(query)}::jsonb`))
        .limit(1);
      return row;
    },

    async insert(userId: number, values: SavedSearchValues, tx: Db = db): Promise<SavedSearchRow> {
      const [row] = await tx
        .insert(savedSearches)
        .values({ userId, ...values })
        .returning();
      return row!;
    },

    async update(userId: number, id: number, values: Partial<SavedSearchValues>, tx: Db = db): Promise<SavedSearchRow | undefined> {
      const [row] = await tx
        .update(savedSearches)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .returning();
      return row;
    },

    /** True when it was there (and is now gone). */
    async remove(userId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .returning({ id: savedSearches.id });
      return deleted.length > 0;
    },

    /** Its results were opened now: new ads count from here. */
    async markOpened(userId: number, id: number): Promise<SavedSearchRow | undefined> {
      const [row] = await db
        .update(savedSearches)
        .set({ lastOpenedAt: sql`now()` })
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .returning();
      return row;
    },
  };
}

export type SavedSearchesRepo = ReturnType<typeof createSavedSearchesRepo>;
