import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './products.ts';
import { users } from './users.ts';

/** How often a saved search's new ads are told about ("off": kept, never told). */
export const SAVED_SEARCH_ALERTS = ['instant', 'daily', 'weekly', 'off'] as const;
export type SavedSearchAlerts = (typeof SAVED_SEARCH_ALERTS)[number];

/** Where they are told: by e-mail, by push notification. */
export const SAVED_SEARCH_CHANNELS = ['email', 'push'] as const;
export type SavedSearchChannel = (typeof SAVED_SEARCH_CHANNELS)[number];

const tsquery = customType<{ data: string; driverData: string }>({ dataType: () => 'tsquery' });
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * Each distinct saved query once, compiled for matching new ads (issue 29, products/percolation.ts):
 * its words' tsquery as the listing builds it, its filters as plain values (null: no such filter),
 * and its keys (saved_search_query_keys). Many people save the same search: a new ad confirms the
 * query once for all of them. `compiled_with` null: not compiled yet, a candidate for every ad,
 * confirmed with the listing's own predicate, as is a query compiled with other rules (the rekey
 * job compiles both) or one with filters not compiled here (`fallback`).
 */
export const savedSearchQueries = pgTable(
  'saved_search_queries',
  {
    id: serial('id').primaryKey(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    /** The query's identity: jsonb's text is canonical (keys sorted), so equal queries have one row. */
    fingerprint: text('fingerprint')
      .notNull()
      .generatedAlwaysAs(sql`md5(query::text)`),
    /** The rules it was compiled with (percolationRules); null until compiled. */
    compiledWith: text('compiled_with'),
    fallback: boolean('fallback').notNull().default(false),
    words: tsquery('words'),
    catalogIds: integer('catalog_ids').array(),
    cityIds: integer('city_ids').array(),
    regionIds: integer('region_ids').array(),
    priceFromCents: bigint('price_from_cents', { mode: 'number' }),
    priceToCents: bigint('price_to_cents', { mode: 'number' }),
    kinds: text('kinds').array(),
    withImages: boolean('with_images').notNull().default(false),
    postedWithinDays: integer('posted_within_days'),
    /** Whether it has words: matching reads the tsquery (in the row) only of those whose filters pass. */
    hasWords: boolean('has_words').generatedAlwaysAs(sql`words is not null`),
    /**
     * The transaction that last wrote the row (migration 0039's trigger sets it on every write):
     * matching from memory (alerts/percolator.ts) reads the rows written since its last snapshot.
     */
    writtenXid: xid8('written_xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    // saved_search_queries_filters_idx (id) INCLUDE (the filters, has_words) is in migration 0031
    // only (Drizzle has no INCLUDE): matching checks a candidate's filters from it alone.
    uniqueIndex('saved_search_queries_fingerprint_idx').on(t.fingerprint),
    index('saved_search_queries_uncompiled_idx')
      .on(t.id)
      .where(sql`${t.compiledWith} is null`),
    index('saved_search_queries_written_xid_idx').on(t.writtenXid),
  ],
);

/**
 * A compiled query's keys: every ad the query shows meets at least one ("w:tak&t:91", "c:12",
 * "*"); a new ad's own keys find its candidate queries by an index-only scan.
 */
export const savedSearchQueryKeys = pgTable(
  'saved_search_query_keys',
  {
    key: text('key').notNull(),
    queryId: integer('query_id')
      .notNull()
      .references(() => savedSearchQueries.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.key, t.queryId] }), index('saved_search_query_keys_query_idx').on(t.queryId)],
);

/**
 * A person's saved search: the listing's own filter object, normalised (so the same search saved
 * twice is the same jsonb, and a new listing filter is stored without a change here), a name,
 * how and how often its new ads are told about, and when its results were last opened (the new
 * ads are counted from then).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    alerts: text('alerts', { enum: SAVED_SEARCH_ALERTS }).notNull(),
    channels: text('channels', { enum: SAVED_SEARCH_CHANNELS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    /** Its query as matching reads it (issue 29): one row per distinct query, shared by everyone who saved it. */
    queryId: integer('query_id')
      .notNull()
      .references(() => savedSearchQueries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_query_idx').on(t.queryId),
    check('saved_searches_alerts', sql`${t.alerts} in ('instant', 'daily', 'weekly', 'off')`),
  ],
);

/**
 * An ad told about (or to be told about) for a saved search: one row per search and ad, so an ad
 * is never alerted twice for one search. `emailed_at` / `pushed_at` say what was delivered; daily
 * and weekly digests gather the rows not yet e-mailed.
 */
export const savedSearchAlerts = pgTable(
  'saved_search_alerts',
  {
    id: serial('id').primaryKey(),
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('saved_search_alerts_search_product_idx').on(t.savedSearchId, t.productId),
    index('saved_search_alerts_user_idx').on(t.userId, t.createdAt),
  ],
);
