import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import {
  type SavedSearchAlerts,
  type SavedSearchChannel,
  savedSearchQueries,
  savedSearchQueryKeys,
  savedSearches,
} from '../../db/schema/saved-searches.ts';
import { users } from '../../db/schema/users.ts';
import { type PercolationPlan, searchKeys, tsqueryLexemes } from '../products/percolation.ts';
import { type SearchTerm, rowsOf, tsqueryColumns } from '../search/text-query-sql.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export interface SavedSearchValues {
  name: string;
  query: Record<string, unknown>;
  alerts: SavedSearchAlerts;
  channels: SavedSearchChannel[];
  /** Its row of saved_search_queries (`storeQuery`). */
  queryId: number;
}

/** A query compiled for matching new ads (products/percolation.ts): its plan and the rules it was read with. */
export interface CompiledQuery {
  plan: PercolationPlan;
  rules: string;
}

/** A jsonb value's identity in JavaScript: object keys sorted at every level, as jsonb stores them. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** At most this many words' tsqueries are worked out in one statement (one column each). */
const TERMS_PER_STATEMENT = 200;

/**
 * Each word's tsquery as text, worked out by PostgreSQL's stemmers exactly as the listing builds
 * it (text-query-sql's `tsqueryColumns`), each distinct word once: `known` keeps them across calls
 * (the rekey job compiles many queries with the same words).
 */
async function termTexts(tx: Db, terms: SearchTerm[], known: Map<string, string>): Promise<void> {
  const missing = [...new Map(terms.map((term) => [JSON.stringify(term), term])).entries()].filter(([key]) => !known.has(key));
  for (let i = 0; i < missing.length; i += TERMS_PER_STATEMENT) {
    const chunk = missing.slice(i, i + TERMS_PER_STATEMENT);
    const columns = tsqueryColumns(
      chunk.map(([, term]) => term),
      false,
    );
    const [row] = rowsOf<Record<string, string | null>>(await tx.execute(sql`select ${sql.join(columns, sql`, `)}`));
    chunk.forEach(([key], j) => known.set(key, row?.[`t${j}`] ?? ''));
  }
}

/**
 * Stores each query once in saved_search_queries (issue 29), compiled when `compiled` is given:
 * the words' tsquery (every word's, as the listing builds it, all required: `wordsTsquery(…,
 * 'all')`), the filters as columns, the keys replaced (the key word's lexemes). Answers the rows'
 * ids in the items' order. Run it in a transaction: a query is never seen compiled without its keys.
 */
export async function storeSavedQueries(
  tx: Db,
  items: { query: Record<string, unknown>; compiled?: CompiledQuery }[],
  known: Map<string, string> = new Map(),
): Promise<number[]> {
  if (!items.length) return [];
  await termTexts(
    tx,
    items.flatMap((item) => item.compiled?.plan.terms ?? []),
    known,
  );
  const textOf = (term: SearchTerm) => known.get(JSON.stringify(term)) ?? '';
  // Each query once (the same query twice in one statement could not be upserted).
  const byIdentity = new Map<string, (typeof items)[number]>();
  for (const item of items) if (!byIdentity.has(canonical(item.query))) byIdentity.set(canonical(item.query), item);
  const rows = [...byIdentity.values()].map(({ query, compiled }) => {
    const plan = compiled?.plan;
    // A word's tsquery that names nothing is left out, as PostgreSQL's && leaves an empty tsquery out.
    const words = plan?.terms.map(textOf).filter(Boolean) ?? [];
    return {
      query,
      compiled_with: compiled?.rules ?? null,
      fallback: plan?.fallback ?? false,
      words: words.length ? words.map((text) => `( ${text} )`).join(' & ') : null,
      catalog_ids: plan?.catalogs ?? null,
      city_ids: plan?.cities ?? null,
      region_ids: plan?.regions ?? null,
      price_from_cents: plan?.priceFromCents ?? null,
      price_to_cents: plan?.priceToCents ?? null,
      kinds: plan?.kinds ?? null,
      with_images: plan?.withImages ?? false,
      posted_within_days: plan?.postedWithinDays ?? null,
    };
  });
  // Not compiled: an existing row keeps what it has (the update only makes `returning` answer it).
  const compiledSet = sql`compiled_with = excluded.compiled_with, fallback = excluded.fallback, words = excluded.words,
    catalog_ids = excluded.catalog_ids, city_ids = excluded.city_ids, region_ids = excluded.region_ids,
    price_from_cents = excluded.price_from_cents, price_to_cents = excluded.price_to_cents, kinds = excluded.kinds,
    with_images = excluded.with_images, posted_within_days = excluded.posted_within_days`;
  const upsert = (part: typeof rows, set: typeof compiledSet) => sql`
    insert into ${savedSearchQueries} (query, compiled_with, fallback, words, catalog_ids, city_ids, region_ids,
      price_from_cents, price_to_cents, kinds, with_images, posted_within_days)
    select query, compiled_with, fallback, words::tsquery, catalog_ids, city_ids, region_ids, price_from_cents,
      price_to_cents, kinds, with_images, posted_within_days
    from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as r(query jsonb, compiled_with text, fallback boolean,
      words text, catalog_ids int[], city_ids int[], region_ids int[], price_from_cents bigint, price_to_cents bigint,
      kinds text[], with_images boolean, posted_within_days int)
    on conflict (fingerprint) do update set ${set}
    returning id, query`;
  const ids = new Map<string, number>();
  for (const [part, set] of [
    [rows.filter((row) => row.compiled_with !== null), compiledSet],
    [rows.filter((row) => row.compiled_with === null), sql`query = excluded.query`],
  ] as const) {
    if (!part.length) continue;
    const stored = rowsOf<{ id: number; query: Record<string, unknown> }>(await tx.execute(upsert(part, set)));
    for (const row of stored) ids.set(canonical(row.query), row.id);
  }
  const idOf = (query: Record<string, unknown>) => ids.get(canonical(query))!;
  const compiled = [...byIdentity.values()].filter((item) => item.compiled);
  if (compiled.length) {
    await tx.delete(savedSearchQueryKeys).where(
      inArray(
        savedSearchQueryKeys.queryId,
        compiled.map((item) => idOf(item.query)),
      ),
    );
    const keys = compiled.flatMap(({ query, compiled }) => {
      const plan = compiled!.plan;
      const keyTerm = plan.keyTerm === undefined ? undefined : plan.terms[plan.keyTerm];
      return searchKeys(plan, keyTerm && tsqueryLexemes(textOf(keyTerm))).map((key) => ({ key, query_id: idOf(query) }));
    });
    if (keys.length)
      await tx.execute(
        sql`insert into ${savedSearchQueryKeys} (key, query_id) select key, query_id from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as r(key text, query_id int) on conflict do nothing`,
      );
  }
  return items.map((item) => idOf(item.query));
}

export function createSavedSearchesRepo(db: Database) {
  return {
    /** The query's row of saved_search_queries (stored, and compiled when `compiled` is given): its id. */
    async storeQuery(query: Record<string, unknown>, compiled: CompiledQuery | undefined, tx: Db = db): Promise<number> {
      const [id] = await storeSavedQueries(tx, [{ query, compiled }]);
      return id!;
    },

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
