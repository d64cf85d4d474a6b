import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './products.ts';
import { users } from './users.ts';

/** How often a saved search's new ads are told about ("off": kept, never told). */
export const SAVED_SEARCH_ALERTS = ['instant', 'daily', 'weekly', 'off'] as const;
export type SavedSearchAlerts = (typeof SAVED_SEARCH_ALERTS)[number];

/** Where they are told: by e-mail, by push notification. */
export const SAVED_SEARCH_CHANNELS = ['email', 'push'] as const;
export type SavedSearchChannel = (typeof SAVED_SEARCH_CHANNELS)[number];

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
    /**
     * The percolation key (issue 29): the one requirement of the search a new ad is looked up by,
     * the rarest the search has ("w:<lexeme>", "c:<catalog id>", "t:<city id>", "r:<region id>",
     * or "*" for a search of everything); every candidate is then confirmed with the listing's own
     * predicate. Null until computed.
     */
    matchKey: text('match_key'),
    /**
     * What the key was read with (the word rules' version and the synonyms, hashed): a key read
     * with other rules is read again by the rekey job (alerts.service.ts).
     */
    matchKeyOf: text('match_key_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_match_key_idx').on(t.matchKey),
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
