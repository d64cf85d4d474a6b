import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { chatMessages, chatRooms } from './chat.ts';
import { productImages, products } from './products.ts';
import { users } from './users.ts';

export const DEAL_KINDS = ['sold', 'given'] as const;

/**
 * A real deal (issue 25): the seller marked the ad sold (or given away) to one of the people who
 * wrote to them about it. One deal per ad; it outlives the ad and either account.
 */
export const deals = pgTable(
  'deals',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .unique()
      .references(() => products.id, { onDelete: 'set null' }),
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'set null' }),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    roomId: integer('room_id').references(() => chatRooms.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: DEAL_KINDS }).notNull().default('sold'),
    /** The ad's title at the deal, shown once the ad is gone. */
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deals_seller_idx').on(t.sellerId), index('deals_buyer_idx').on(t.buyerId)],
);

/**
 * One side's rating of the other after a deal: once per side, within 30 days of the deal. Public
 * when both have rated or 14 days after it was given (read with the clock, not stored); the rated
 * person may answer once; staff may hide it with a statement of reasons (a decision).
 */
export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    raterId: integer('rater_id').references(() => users.id, { onDelete: 'set null' }),
    ratedId: integer('rated_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The rater's side of the deal. */
    raterRole: text('rater_role', { enum: ['seller', 'buyer'] }).notNull(),
    stars: smallint('stars').notNull(),
    text: text('text').notNull().default(''),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ratings_deal_role_unique').on(t.dealId, t.raterRole),
    index('ratings_rated_idx').on(t.ratedId, t.createdAt.desc()),
    check('ratings_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);

/**
 * A perceptual hash (64-bit pHash, server/modules/picture-hash) of an ad or chat picture, with its
 * four 16-bit bands: two hashes within Hamming distance 4 share a band within one bit, so a lookup
 * reads only the rows of the picture's bands and their one-bit neighbours, then checks the exact
 * distance on those candidates.
 */
export const pictureHashes = pgTable(
  'picture_hashes',
  {
    id: serial('id').primaryKey(),
    productImageId: integer('product_image_id')
      .unique()
      .references(() => productImages.id, { onDelete: 'cascade' }),
    chatMessageId: bigint('chat_message_id', { mode: 'number' })
      .unique()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    band0: integer('band0').notNull(),
    band1: integer('band1').notNull(),
    band2: integer('band2').notNull(),
    band3: integer('band3').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('picture_hashes_band0_idx').on(t.band0, t.createdAt),
    index('picture_hashes_band1_idx').on(t.band1, t.createdAt),
    index('picture_hashes_band2_idx').on(t.band2, t.createdAt),
    index('picture_hashes_band3_idx').on(t.band3, t.createdAt),
    index('picture_hashes_product_idx').on(t.productId),
  ],
);
