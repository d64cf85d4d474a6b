import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    check('saved_searches_alerts', sql`${t.alerts} in ('instant', 'daily', 'weekly', 'off')`),
  ],
);
