import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { catalogs } from './catalog.ts';
import { municipalities, regions } from './geo.ts';
import { users } from './users.ts';
import { AD_KINDS, AD_LANGUAGES, AD_STATUSES, type AdFlag } from '../../../common/ad-rules.ts';
import type { AttributeValues } from '../../../common/attributes.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => municipalities.id),
    /** Copied from the city: filtering by region then needs no join. */
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Euro cents; 0 means "free". */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    address: text('address'),
    /** For sale, wanted, giving away (always free) or for rent; ads before kinds existed are for sale. */
    kind: text('kind', { enum: AD_KINDS }).notNull().default('sell'),
    status: text('status', { enum: AD_STATUSES }).notNull().default('moderate'),
    language: text('language', { enum: AD_LANGUAGES }).notNull().default('fi'),
    imageCount: smallint('image_count').notNull().default(0),
    /** Set the first time a moderator approves: only then may the owner make the ad active again. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /**
     * When the shown ad ends (issue 27): its approval plus the app setting's period (jobs their own),
     * moved on by a renewal. Null: it does not end (drafts, and ads never approved).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The owner was reminded of this `expires_at` (a renewal clears it, so the next end is reminded once too). */
    expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
    /** Ended or sold 90 days ago: its pictures are deleted, the record kept for its owner and for reports. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** How many visitors opened the ad's page (its owner never counts; one visitor counts once in a few hours). */
    viewCount: integer('view_count').notNull().default(0),
    /**
     * Why the ad waits for review besides the moderation setting (issue 25), e.g.
     * `{ kind: 'duplicate_picture', product_id }`; emptied when staff decide.
     */
    flags: jsonb('flags').$type<AdFlag[]>().notNull().default([]),
    /** The category fields' values by key (issue 26; common/attributes.ts); numbers also in product_numbers. */
    attributes: jsonb('attributes').$type<AttributeValues>().notNull().default({}),
    /** Maintained by a trigger from name, description and language (see the migration). */
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_user_id_idx').on(t.userId, t.createdAt.desc()),
    index('products_status_created_idx').on(t.status, t.createdAt.desc()),
    // The admin overview counts new ads per day, whatever their status.
    index('products_created_at_idx').on(t.createdAt),
    // The listing reads only active ads: partial indexes keep them small and fast.
    index('products_active_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`status in ('active', 'reserved')`),
    index('products_active_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`status in ('active', 'reserved')`),
    index('products_active_catalog_idx')
      .on(t.catalogId, t.createdAt.desc())
      .where(sql`status in ('active', 'reserved')`),
    index('products_active_region_idx')
      .on(t.regionId, t.createdAt.desc())
      .where(sql`status in ('active', 'reserved')`),
    index('products_active_city_idx')
      .on(t.cityId, t.createdAt.desc())
      .where(sql`status in ('active', 'reserved')`),
    // Counting a filtered listing (region or city with a catalog subtree) reads only these.
    index('products_active_region_catalog_idx')
      .on(t.regionId, t.catalogId)
      .where(sql`status in ('active', 'reserved')`),
    index('products_active_city_catalog_idx')
      .on(t.cityId, t.catalogId)
      .where(sql`status in ('active', 'reserved')`),
    // The kind filter: the rarer kinds (wanted, giving away, for rent) newest first without
    // walking the ads for sale. Price range and "posted within" use the price and date indexes above.
    index('products_active_kind_idx')
      .on(t.kind, t.createdAt.desc(), t.id.desc())
      .where(sql`status in ('active', 'reserved')`),
    // The lifecycle's hourly sweep: ads whose end is near or past (server/modules/lifecycle).
    index('products_active_expires_idx')
      .on(t.expiresAt)
      .where(sql`status = 'active' and archived_at is null`),
    // Giving away means free, whatever wrote the row.
    check('products_give_is_free', sql`${t.kind} <> 'give' or ${t.priceCents} = 0`),
    index('products_search_idx')
      .using('gin', t.searchVector)
      .where(sql`status in ('active', 'reserved')`),
    index('products_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .where(sql`status in ('active', 'reserved')`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 0 is the cover. */
    position: smallint('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Storage key without the variant suffix: `<prefix>-thumb.webp`, `-card.webp`, `-full.webp`. */
    storagePrefix: text('storage_prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const wishes = pgTable(
  'wishes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishes_product_idx').on(t.productId)],
);
