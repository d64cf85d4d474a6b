import { type SQL, and, count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../common/locales.ts';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { chatMessages, chatRooms, userBlocks } from '../../db/schema/chat.ts';
import { products } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { deals, ratings } from '../../db/schema/trust.ts';
import { users } from '../../db/schema/users.ts';
import { RATING_PUBLIC_AFTER_DAYS } from '../../../common/ratings.ts';

export type DealRow = typeof deals.$inferSelect;
export type NewDeal = typeof deals.$inferInsert;
export type RatingRow = typeof ratings.$inferSelect;
export type NewRating = typeof ratings.$inferInsert;

/** Someone who wrote to the seller about the ad: their room and their last message there. */
export interface Candidate {
  id: number;
  name: string;
  avatarKey: string | null;
  roomId: number;
  lastMessageAt: Date;
}

const other = alias(ratings, 'other_rating');

/**
 * Is the rating `r` public at `now`? Both sides have rated, or it is RATING_PUBLIC_AFTER_DAYS old;
 * and staff have not hidden it. Read with the clock every time, never stored.
 */
function isPublic(r: typeof ratings, now: Date): SQL {
  return sql`(${r.hiddenAt} is null and (${r.createdAt} <= ${now.toISOString()}::timestamptz - ${`${RATING_PUBLIC_AFTER_DAYS} days`}::interval
    or exists (select 1 from ${ratings} o where o.deal_id = ${r.dealId} and o.id <> ${r.id})))`;
}

/** Every query of deals and ratings. */
export function createRatingsRepo(db: Database) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /**
     * The people who wrote to the seller about this ad: the buyer of each room of the ad who has
     * sent at least one message in it (the seller excluded), the latest first.
     */
    async candidates(productId: number, sellerId: number, buyerId?: number, tx: Db = db): Promise<Candidate[]> {
      const lastOwn = sql<string>`(select max(m.created_at) from ${chatMessages} m where m.room_id = ${chatRooms.id} and m.sender_id = ${chatRooms.buyerId})`;
      const rows = await tx
        .select({ id: users.id, name: users.name, avatarKey: users.avatarKey, roomId: chatRooms.id, lastMessageAt: lastOwn })
        .from(chatRooms)
        .innerJoin(users, eq(users.id, chatRooms.buyerId))
        .where(
          and(
            eq(chatRooms.productId, productId),
            ne(users.id, sellerId),
            buyerId === undefined ? undefined : eq(users.id, buyerId),
            sql`${lastOwn} is not null`,
          ),
        )
        .orderBy(desc(lastOwn), desc(chatRooms.id));
      return rows.map((row) => ({ ...row, lastMessageAt: new Date(row.lastMessageAt) }));
    },

    /** Whether staff blocked the account. */
    async isBlockedAccount(userId: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId));
      return !!row?.blockedAt;
    },

    /** Whether either of the two blocks the other (the messenger's block). */
    async blockedBetween(a: number, b: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .select({ a: userBlocks.blockerId })
        .from(userBlocks)
        .where(
          or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Stores the deal; undefined when the ad already has one (one deal per ad, even in a burst). */
    async insertDeal(values: NewDeal, tx: Db = db): Promise<DealRow | undefined> {
      const [row] = await tx.insert(deals).values(values).onConflictDoNothing({ target: deals.productId }).returning();
      return row;
    },

    findDeal: async (id: number, tx: Db = db): Promise<DealRow | undefined> => (await tx.select().from(deals).where(eq(deals.id, id)))[0],

    /** Holds the deal's row until the transaction ends: its ratings are written one after the other. */
    async lockDeal(id: number, tx: Db): Promise<void> {
      await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, id)).for('update');
    },

    dealOfProduct: async (productId: number, tx: Db = db): Promise<DealRow | undefined> =>
      (await tx.select().from(deals).where(eq(deals.productId, productId)))[0],

    /** Stores the rating; undefined when this side of the deal has rated already. */
    async insertRating(values: NewRating, tx: Db = db): Promise<RatingRow | undefined> {
      const [row] = await tx.insert(ratings).values(values).onConflictDoNothing().returning();
      return row;
    },

    ratingsOfDeal: (dealId: number, tx: Db = db): Promise<RatingRow[]> =>
      tx.select().from(ratings).where(eq(ratings.dealId, dealId)).orderBy(ratings.id),

    findRating: async (id: number, tx: Db = db): Promise<RatingRow | undefined> =>
      (await tx.select().from(ratings).where(eq(ratings.id, id)))[0],

    /** Is this rating public at `now` (see isPublic)? */
    async isPublic(id: number, now: Date, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .select({ id: ratings.id })
        .from(ratings)
        .where(and(eq(ratings.id, id), isPublic(ratings, now)));
      return rows.length > 0;
    },

    /** The rated person's one answer; undefined when there is one already. */
    async setReply(id: number, text: string, at: Date, tx: Db = db): Promise<RatingRow | undefined> {
      const [row] = await tx
        .update(ratings)
        .set({ reply: text, repliedAt: at })
        .where(and(eq(ratings.id, id), isNull(ratings.reply)))
        .returning();
      return row;
    },

    /** The sum and count of a person's public ratings at `now`. */
    async summaryOf(userId: number, now: Date): Promise<{ sum: number; count: number }> {
      const [row] = await db
        .select({ sum: sql<number>`coalesce(sum(${ratings.stars}), 0)::int`, count: sql<number>`count(*)::int` })
        .from(ratings)
        .where(and(eq(ratings.ratedId, userId), isPublic(ratings, now)));
      return { sum: row?.sum ?? 0, count: row?.count ?? 0 };
    },

    /** A page of a person's public ratings at `now`, newest first, with the rater and the deal. */
    async listPublicOf(userId: number, now: Date, limit: number, offset: number) {
      const rater = alias(users, 'rater');
      return db
        .select({
          rating: ratings,
          raterName: rater.name,
          raterAvatarKey: rater.avatarKey,
          subject: deals.subject,
          productUuid: products.uuid,
        })
        .from(ratings)
        .innerJoin(deals, eq(deals.id, ratings.dealId))
        .leftJoin(rater, eq(rater.id, ratings.raterId))
        .leftJoin(products, eq(products.id, deals.productId))
        .where(and(eq(ratings.ratedId, userId), isPublic(ratings, now)))
        .orderBy(desc(ratings.createdAt), desc(ratings.id))
        .limit(limit)
        .offset(offset);
    },

    /** Whether a person has an account (and so a page of ratings, perhaps empty). */
    async userExists(userId: number): Promise<boolean> {
      return (await db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length > 0;
    },

    /**
     * A page of my deals, newest first (or those of one chat room), each with the other side, the ad
     * and both ratings (the service decides what of the other's rating I may see).
     */
    async dealsOf(userId: number, options: { limit: number; offset: number; roomId?: number | undefined }) {
      const counterpart = alias(users, 'counterpart');
      const mine = alias(ratings, 'my_rating');
      const where = and(
        or(eq(deals.sellerId, userId), eq(deals.buyerId, userId)),
        options.roomId === undefined ? undefined : eq(deals.roomId, options.roomId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            deal: deals,
            other: { id: counterpart.id, name: counterpart.name, avatarKey: counterpart.avatarKey },
            productUuid: products.uuid,
            productName: products.name,
            mine,
            theirs: other,
          })
          .from(deals)
          .leftJoin(
            counterpart,
            eq(counterpart.id, sql`case when ${deals.sellerId} = ${userId} then ${deals.buyerId} else ${deals.sellerId} end`),
          )
          .leftJoin(products, eq(products.id, deals.productId))
          .leftJoin(mine, and(eq(mine.dealId, deals.id), eq(mine.raterId, userId)))
          .leftJoin(other, and(eq(other.dealId, deals.id), eq(other.ratedId, userId)))
          .where(where)
          .orderBy(desc(deals.createdAt), desc(deals.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ n: count() }).from(deals).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Stores a report about a rating; undefined when the person already has an open one about it. */
    async insertReport(
      values: {
        ratingId: number;
        reporterId: number;
        reason: (typeof reports.$inferInsert)['reason'];
        details: string | null;
        locale: Locale;
      },
      tx: Db = db,
    ): Promise<boolean> {
      const rows = await tx
        .insert(reports)
        .values({
          subjectType: 'rating',
          subjectId: values.ratingId,
          reporterId: values.reporterId,
          reason: values.reason,
          details: values.details,
          locale: values.locale,
        })
        .onConflictDoNothing()
        .returning({ id: reports.id });
      return rows.length > 0;
    },
  };
}

export type RatingsRepo = ReturnType<typeof createRatingsRepo>;
