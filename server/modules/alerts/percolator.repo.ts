import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alertDocument, rowsOf } from '../search/text-query-sql.ts';
import { intArray, jsonValue, textArray } from '../../db/driver-values.ts';
import type { StoredQuery } from './query-table.ts';

/**
 * The statements of matching from memory (percolator.ts): the compiled queries with their keys in
 * id batches, the queries written since a snapshot (migration 0039: each row carries the id of the
 * transaction that last wrote it), and the few tests left to PostgreSQL. Always the primary.
 */

/** Queries read per statement while loading. */
export const QUERY_LOAD_BATCH = 20_000;

interface QueryRow {
  id: number;
  compiled_with: string | null;
  fallback: boolean;
  words: string | null;
  catalog_ids: number[] | string | null;
  city_ids: number[] | string | null;
  region_ids: number[] | string | null;
  price_from_cents: number | null;
  price_to_cents: number | null;
  kinds: string[] | string | null;
  with_images: boolean;
  posted_within_days: number | null;
  keys: string[] | string | null;
}

const QUERY_COLUMNS = sql.raw(`q.id, q.compiled_with, q.fallback, q.words::text as words, q.catalog_ids, q.city_ids,
  q.region_ids, q.price_from_cents::float8 as price_from_cents, q.price_to_cents::float8 as price_to_cents, q.kinds,
  q.with_images, q.posted_within_days,
  array(select k.key from saved_search_query_keys k where k.query_id = q.id) as keys`);

export function createPercolatorRepo(db: Database) {
  return {
    /** The snapshot's oldest running transaction: writes from it on are not yet seen. */
    async snapshotXmin(): Promise<string> {
      const [row] = rowsOf<{ xmin: string }>(await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`));
      return row!.xmin;
    },

    /** Queries after this id, in id order, with their keys. */
    async queriesAfter(afterId: number, limit = QUERY_LOAD_BATCH): Promise<StoredQuery[]> {
      const rows = rowsOf<QueryRow>(
        await db.execute(sql`select ${QUERY_COLUMNS} from saved_search_queries q where q.id > ${afterId} order by q.id limit ${limit}`),
      );
      return rows.map(toQuery);
    },

    /**
     * The queries written by transactions from `xmin` on, and the xmin to ask from next time, in
     * one statement (one snapshot): a transaction running now has an id at least its xmin, so the
     * next question finds its rows however late it commits.
     */
    async writtenSince(xmin: string): Promise<{ queries: StoredQuery[]; xmin: string }> {
      const rows = rowsOf<QueryRow & { snapshot_xmin: string }>(
        await db.execute(sql`with snapshot as (select pg_snapshot_xmin(pg_current_snapshot())::text as snapshot_xmin)
          select snapshot.snapshot_xmin, q.* from snapshot left join lateral (
            select ${QUERY_COLUMNS} from saved_search_queries q where q.written_xid >= ${xmin}::xid8
          ) q on true`),
      );
      return {
        queries: rows.filter((row) => row.id !== null).map(toQuery),
        xmin: rows[0]!.snapshot_xmin,
      };
    },

    /** Of these queries, those whose words the ad's search document meets (`alertDocument`; tsqueries the memory does not read). */
    async wordsMet(productId: number, queryIds: number[]): Promise<number[]> {
      if (!queryIds.length) return [];
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`select q.id from saved_search_queries q, products p
          where p.id = ${productId} and q.id = any(${`{${queryIds.join(',')}}`}::int[]) and ${alertDocument(sql`p.search_vector`)} @@ q.words`),
      );
      return rows.map((row) => row.id);
    },

    /** The stored bodies of these queries (those the listing's own predicate confirms). */
    async bodiesOf(queryIds: number[]): Promise<{ id: number; query: Record<string, unknown> }[]> {
      if (!queryIds.length) return [];
      return rowsOf<{ id: number; query: Record<string, unknown> | string }>(
        await db.execute(sql`select id, query from saved_search_queries where id = any(${`{${queryIds.join(',')}}`}::int[]) order by id`),
      ).map((row) => ({ id: row.id, query: jsonValue(row.query) ?? {} }));
    },
  };
}

export type PercolatorRepo = ReturnType<typeof createPercolatorRepo>;

function toQuery(row: QueryRow): StoredQuery {
  return {
    id: Number(row.id),
    compiledWith: row.compiled_with,
    fallback: row.fallback,
    words: row.words,
    catalogIds: intArray(row.catalog_ids),
    cityIds: intArray(row.city_ids),
    regionIds: intArray(row.region_ids),
    priceFromCents: row.price_from_cents === null ? null : Number(row.price_from_cents),
    priceToCents: row.price_to_cents === null ? null : Number(row.price_to_cents),
    kinds: textArray(row.kinds),
    withImages: row.with_images,
    postedWithinDays: row.posted_within_days === null ? null : Number(row.posted_within_days),
    keys: textArray(row.keys) ?? [],
  };
}
