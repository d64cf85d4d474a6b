import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { INFO_SLUGS } from '../../../common/info-pages.ts';
import { LOCALES } from '../../../common/locales.ts';
import { users } from './users.ts';

/**
 * The info pages staff write (issue 17): one row per slug and language with what the public page
 * shows now. Bodies are stored sanitized (server/platform/rich-text.ts), never as typed.
 */
export const infoPages = pgTable(
  'info_pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug', { enum: INFO_SLUGS }).notNull(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the seeded first version, or once the writer's account is deleted. */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('info_pages_slug_locale_key').on(t.slug, t.locale)],
);

/** Every saved state of a page, the newest last; a restore adds a version that names its source. */
export const infoPageVersions = pgTable(
  'info_page_versions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => infoPages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    restoredFrom: integer('restored_from').references((): AnyPgColumn => infoPageVersions.id, { onDelete: 'set null' }),
  },
  (t) => [index('info_page_versions_page_idx').on(t.pageId, t.id)],
);
