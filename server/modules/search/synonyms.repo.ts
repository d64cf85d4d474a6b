import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { searchSynonyms } from '../../db/schema/search.ts';

export interface SynonymRow {
  groupId: number;
  word: string;
  language: string;
}

/** A key of its own for the synonym table's writes: one change at a time, so group ids and the one-group rule hold. */
const SYNONYMS_LOCK = sql`pg_advisory_xact_lock(hashtext('kauppis:search_synonyms'))`;

/** The synonym table as staff edit it (synonyms-admin.service.ts); the search reads it through search.repo. */
export function createSynonymsRepo(db: Database) {
  const columns = { groupId: searchSynonyms.groupId, word: searchSynonyms.word, language: searchSynonyms.language };
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    /** Takes the table's write lock until the transaction ends. */
    async lock(tx: Transaction): Promise<void> {
      await tx.execute(sql`select ${SYNONYMS_LOCK}`);
    },

    /** Every row, by group and word. */
    async rows(tx: Db = db): Promise<SynonymRow[]> {
      return tx.select(columns).from(searchSynonyms).orderBy(asc(searchSynonyms.groupId), asc(searchSynonyms.word));
    },

    async group(groupId: number, tx: Db = db): Promise<SynonymRow[]> {
      return tx.select(columns).from(searchSynonyms).where(eq(searchSynonyms.groupId, groupId)).orderBy(asc(searchSynonyms.word));
    },

    /** These words where another group has them. */
    async elsewhere(words: string[], groupId: number | null, tx: Db = db): Promise<SynonymRow[]> {
      if (!words.length) return [];
      const other = groupId === null ? undefined : ne(searchSynonyms.groupId, groupId);
      return tx
        .select(columns)
        .from(searchSynonyms)
        .where(and(inArray(searchSynonyms.word, words), other));
    },

    /** A group id no row has (under the lock). */
    async nextGroupId(tx: Transaction): Promise<number> {
      const [row] = await tx.select({ max: sql<number | null>`max(${searchSynonyms.groupId})` }).from(searchSynonyms);
      return (row?.max ?? 0) + 1;
    },

    /** The group's words become these (none: the group is gone). */
    async replaceGroup(groupId: number, words: { word: string; language: string }[], tx: Transaction): Promise<void> {
      await tx.delete(searchSynonyms).where(eq(searchSynonyms.groupId, groupId));
      if (words.length) await tx.insert(searchSynonyms).values(words.map((w) => ({ groupId, ...w })));
    },
  };
}

export type SynonymsRepo = ReturnType<typeof createSynonymsRepo>;
