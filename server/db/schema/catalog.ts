import { type AnyPgColumn, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

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
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('catalogs_parent_id_idx').on(t.parentId)],
);
