import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { catalogs } from './catalog.ts';
import { products } from './products.ts';
import { ATTRIBUTE_TYPES, ATTRIBUTE_UNITS, type AttributeLabels, type AttributeOption } from '../../../common/attributes.ts';

/**
 * A catalog's fields (issue 26), inherited by every catalog below it: a key unique along a path
 * of the tree, a type, translated labels and options. Retired, not deleted: ads keep their values.
 */
export const catalogAttributes = pgTable(
  'catalog_attributes',
  {
    id: serial('id').primaryKey(),
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    type: text('type', { enum: ATTRIBUTE_TYPES }).notNull(),
    unit: text('unit', { enum: ATTRIBUTE_UNITS }),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    decimals: smallint('decimals').notNull().default(0),
    labels: jsonb('labels').$type<AttributeLabels>().notNull(),
    options: jsonb('options').$type<AttributeOption[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    filter: boolean('filter').notNull().default(false),
    /** Shown on ad cards in this order (1, 2), or not. */
    card: smallint('card'),
    position: integer('position').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('catalog_attributes_catalog_key_unique').on(t.catalogId, t.key),
    index('catalog_attributes_catalog_idx').on(t.catalogId, t.position),
    check('catalog_attributes_key_format', sql`${t.key} ~ '^[a-z][a-z0-9_]{0,39}$'`),
    check('catalog_attributes_decimals', sql`${t.decimals} between 0 and 3`),
    check('catalog_attributes_bounds', sql`${t.min} is null or ${t.max} is null or ${t.min} <= ${t.max}`),
  ],
);

/**
 * An ad's number and day values by key (days as days since 1970), beside `products.attributes`,
 * so a range filter or a sort by year reads an index instead of every ad's JSON. Written in the
 * same transaction as the ad's values; choice values are lexemes of the search document instead.
 */
export const productNumbers = pgTable(
  'product_numbers',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.key] }), index('product_numbers_key_value_idx').on(t.key, t.value, t.productId)],
);
