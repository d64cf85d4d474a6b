import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Translations } from '../../../common/locales.ts';

/** The ten top-level categories of the spec, in display order. */
export const PARENT_CATALOG_SLUGS = [
  'transport',
  'real-estate',
  'jobs',
  'personal-items',
  'business-and-equipment',
  'animals',
  'hobbies-and-recreation',
  'parts-and-accessories',
  'electronics',
  'services',
] as const;

/** The category tree (parent > child > grandchild). Slugs are unique across the tree and appear in URLs. */
export const catalogs = pgTable(
  'catalogs',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => catalogs.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull().unique(),
    nameFi: text('name_fi').notNull(),
    /** The other languages' names ({ sv, en, ru, … }): one missing reads as the Finnish name. */
    names: jsonb('names').$type<Translations>().notNull().default({}),
    position: integer('position').notNull().default(0),
    /** Hidden by staff: it and everything below it leave the public tree, filters and the new-ad choice. */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [index('catalogs_parent_id_idx').on(t.parentId)],
);

/**
 * Slugs a category had before staff changed it (or merged it into another): old links answer a
 * 301 to the category's current path. A live slug always wins over a redirect of the same name.
 */
export const catalogSlugRedirects = pgTable(
  'catalog_slug_redirects',
  {
    oldSlug: text('old_slug').primaryKey(),
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_slug_redirects_catalog_idx').on(t.catalogId)],
);

/**
 * One row: raised in the same transaction as every staff change of the tree. Each process keeps
 * the tree in memory and compares this number now and then, so all instances see a change.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: integer('id').primaryKey().default(1),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('catalog_version_one_row', sql`${t.id} = 1`)],
);
