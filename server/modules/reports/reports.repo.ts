import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Transaction } from '../../db/client.ts';
import { chatMembers, chatMessages, chatRooms } from '../../db/schema/chat.ts';
import { products } from '../../db/schema/products.ts';
import { banHiddenAds, decisions, reports } from '../../db/schema/reports.ts';
import { deals, ratings } from '../../db/schema/trust.ts';
import { users } from '../../db/schema/users.ts';
import type { ReportAction, ReportStatus, ReportSubject } from '../../../common/reports.ts';

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
export type DecisionRow = typeof decisions.$inferSelect;
export interface RatingCase {
  id: number;
  raterId: number | null;
  ratedId: number;
  hiddenAt: Date | null;
  subject: string;
}
export type NewDecision = typeof decisions.$inferInsert;

/** A report as the queue shows it: the row, who sent it, and what it is about. */
export interface QueueRow {
  report: ReportRow;
  reporter: { name: string; email: string } | null;
  product: { id: number; uuid: string; name: string; status: string; userId: number } | null;
  /** Open reports about the same subject, this one included. */
  sameSubject: number;
}

/** Every query of reports, decisions and appeals. */
export function createReportsRepo(db: Db) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /** Stores a report; undefined when the same person already has an open one about the subject. */
    async insert(values: NewReport, tx: Db = db): Promise<ReportRow | undefined> {
      const [row] = await tx.insert(reports).values(values).onConflictDoNothing().returning();
      return row;
    },

    find: async (id: number, tx: Db = db): Promise<ReportRow | undefined> => (await tx.select().from(reports).where(eq(reports.id, id)))[0],

    /** A page of the queue: open ones oldest first (the longest waiting on top), handled ones newest first. */
    async page(
      status: ReportStatus,
      subject: ReportSubject | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: QueueRow[]; total: number }> {
      const where = and(eq(reports.status, status), subject ? eq(reports.subjectType, subject) : undefined);
      const sameSubject = sql<number>`(select count(*)::int from ${reports} o where o.subject_type = ${reports.subjectType} and o.subject_id = ${reports.subjectId} and o.status = 'open')`;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            report: reports,
            reporterName: users.name,
            reporterEmail: users.email,
            product: { id: products.id, uuid: products.uuid, name: products.name, status: products.status, userId: products.userId },
            sameSubject,
          })
          .from(reports)
          .leftJoin(users, eq(users.id, reports.reporterId))
          .leftJoin(products, and(eq(reports.subjectType, 'product'), eq(products.id, reports.subjectId)))
          .where(where)
          .orderBy(status === 'open' ? asc(reports.createdAt) : desc(reports.resolvedAt), asc(reports.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(reports).where(where),
      ]);
      return {
        rows: rows.map((r) => ({
          report: r.report,
          reporter: r.reporterName !== null ? { name: r.reporterName, email: r.reporterEmail! } : null,
          product: r.product?.id != null ? r.product : null,
          sameSubject: r.sameSubject,
        })),
        total: total!.n,
      };
    },

    countOpen: async (): Promise<number> => (await db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')))[0]!.n,

    /**
     * Closes every open report about one subject at once (a contact message: just that one), and
     * answers the rows closed; none when someone else closed them first.
     */
    async resolveSubject(
      report: ReportRow,
      values: { resolvedBy: number; resolution: ReportAction; resolutionNote: string | null; decisionId: number | null },
      tx: Db = db,
    ): Promise<ReportRow[]> {
      const same =
        report.subjectId === null
          ? eq(reports.id, report.id)
          : and(eq(reports.subjectType, report.subjectType), eq(reports.subjectId, report.subjectId));
      return tx
        .update(reports)
        .set({ ...values, status: 'resolved', resolvedAt: new Date() })
        .where(and(same, eq(reports.status, 'open')))
        .returning();
    },

    /** The two members of a conversation (null once an account is deleted). */
    async roomMembers(roomId: number, tx: Db = db): Promise<number[]> {
      const rows = await tx.select({ userId: chatMembers.userId }).from(chatMembers).where(eq(chatMembers.roomId, roomId));
      return rows.map((r) => r.userId).filter((id): id is number => id !== null);
    },

    /** The last messages of a reported conversation up to the report, oldest first, for staff to judge it. */
    async conversationExcerpt(roomId: number, until: Date, limit: number) {
      const rows = await db
        .select({
          senderId: chatMessages.senderId,
          senderName: users.name,
          body: chatMessages.body,
          picture: sql<boolean>`${chatMessages.pictureKey} is not null`,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .leftJoin(users, eq(users.id, chatMessages.senderId))
        .where(and(eq(chatMessages.roomId, roomId), lte(chatMessages.createdAt, until)))
        .orderBy(desc(chatMessages.id))
        .limit(limit);
      return rows.reverse();
    },

    roomExists: async (roomId: number): Promise<boolean> =>
      (await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.id, roomId))).length > 0,

    /** A reported rating: who gave it, whom it is about, the deal's title and whether staff hid it. */
    async findRatingCase(id: number, tx: Db = db): Promise<RatingCase | undefined> {
      const [row] = await tx
        .select({ id: ratings.id, raterId: ratings.raterId, ratedId: ratings.ratedId, hiddenAt: ratings.hiddenAt, subject: deals.subject })
        .from(ratings)
        .innerJoin(deals, eq(deals.id, ratings.dealId))
        .where(eq(ratings.id, id));
      return row;
    },

    /** Reported ratings as the queue shows them: the stars, the text, the answer and both people. */
    async ratingsForQueue(ids: number[]) {
      if (!ids.length) return [];
      const rater = alias(users, 'rater');
      return db
        .select({
          id: ratings.id,
          stars: ratings.stars,
          text: ratings.text,
          reply: ratings.reply,
          hiddenAt: ratings.hiddenAt,
          subject: deals.subject,
          ratedId: ratings.ratedId,
          ratedName: users.name,
          raterId: ratings.raterId,
          raterName: rater.name,
        })
        .from(ratings)
        .innerJoin(deals, eq(deals.id, ratings.dealId))
        .leftJoin(users, eq(users.id, ratings.ratedId))
        .leftJoin(rater, eq(rater.id, ratings.raterId))
        .where(inArray(ratings.id, ids));
    },

    /** Hides a rating after a decision; false when it was hidden already. */
    async hideRating(id: number, hiddenBy: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(ratings)
        .set({ hiddenAt: new Date(), hiddenBy })
        .where(and(eq(ratings.id, id), isNull(ratings.hiddenAt)))
        .returning({ id: ratings.id });
      return rows.length > 0;
    },

    /** Shows a hidden rating again (an appeal reversed the decision). */
    async unhideRating(id: number, tx: Db = db): Promise<void> {
      await tx.update(ratings).set({ hiddenAt: null, hiddenBy: null }).where(eq(ratings.id, id));
    },

    async insertDecision(values: NewDecision, tx: Db = db): Promise<DecisionRow> {
      const [row] = await tx.insert(decisions).values(values).returning();
      return row!;
    },

    findDecision: async (id: number, tx: Db = db): Promise<DecisionRow | undefined> =>
      (await tx.select().from(decisions).where(eq(decisions.id, id)))[0],

    /** The newest decision that hid this ad, if any. */
    latestAdDecision: async (productId: number): Promise<DecisionRow | undefined> =>
      (
        await db
          .select()
          .from(decisions)
          .where(and(eq(decisions.productId, productId), eq(decisions.action, 'hide_ad')))
          .orderBy(desc(decisions.id))
          .limit(1)
      )[0],

    /** The newest decision that hid this rating, if any. */
    latestRatingDecision: async (ratingId: number): Promise<DecisionRow | undefined> =>
      (
        await db
          .select()
          .from(decisions)
          .where(and(eq(decisions.ratingId, ratingId), eq(decisions.action, 'hide_rating')))
          .orderBy(desc(decisions.id))
          .limit(1)
      )[0],

    /** Records the appeal; false when one was already made (only one per decision, even in a burst). */
    async appeal(id: number, text: string): Promise<boolean> {
      const rows = await db
        .update(decisions)
        .set({ appealText: text, appealedAt: new Date() })
        .where(and(eq(decisions.id, id), isNull(decisions.appealedAt)))
        .returning({ id: decisions.id });
      return rows.length > 0;
    },

    /** Decides an open appeal; undefined when it was decided already (or is not open). */
    async decideAppeal(
      id: number,
      values: { appealOutcome: 'upheld' | 'reversed'; appealNote: string; appealDecidedBy: number },
      tx: Db = db,
    ): Promise<DecisionRow | undefined> {
      const [row] = await tx
        .update(decisions)
        .set({ ...values, appealDecidedAt: new Date() })
        .where(and(eq(decisions.id, id), isNotNull(decisions.appealedAt), isNull(decisions.appealOutcome)))
        .returning();
      return row;
    },

    /** Appeals waiting for a decision, oldest first, with the ad they are about. */
    async openAppeals(limit: number, offset: number) {
      const where = and(isNotNull(decisions.appealedAt), isNull(decisions.appealOutcome));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            decision: decisions,
            product: { id: products.id, uuid: products.uuid, name: products.name, status: products.status, userId: products.userId },
            seller: { name: users.name, email: users.email },
          })
          .from(decisions)
          .leftJoin(products, eq(products.id, decisions.productId))
          .leftJoin(users, eq(users.id, decisions.userId))
          .where(where)
          .orderBy(asc(decisions.appealedAt))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(decisions).where(where),
      ]);
      return { rows, total: total!.n };
    },

    /** Addresses and languages of these accounts, for the mails. */
    async people(ids: number[], tx: Db = db) {
      if (!ids.length) return [];
      return tx
        .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
        .from(users)
        .where(inArray(users.id, ids));
    },

    /**
     * The seller's listed ads (public ones), hidden together when their account is banned; each
     * one's status is kept, so that unblocking the account brings them back as they were.
     */
    async hideListedAdsOf(userId: number, decisionId: number | null, tx: Db = db): Promise<number> {
      const listed = await tx
        .select({ id: products.id, status: products.status })
        .from(products)
        .where(and(eq(products.userId, userId), inArray(products.status, ['active', 'reserved', 'new', 'moderate'])))
        .for('update');
      if (!listed.length) return 0;
      await tx
        .insert(banHiddenAds)
        .values(listed.map((ad) => ({ productId: ad.id, userId, decisionId, previousStatus: ad.status })))
        .onConflictDoUpdate({
          target: banHiddenAds.productId,
          set: { userId, decisionId, previousStatus: sql`excluded.previous_status`, hiddenAt: sql`now()` },
        });
      await tx
        .update(products)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(
          inArray(
            products.id,
            listed.map((ad) => ad.id),
          ),
        );
      return listed.length;
    },

    /**
     * Unblocking: the ads the account's ban hid return to the status each had, unless they were
     * changed since (a hidden ad is `canceled`; anything else was someone's later decision).
     */
    async restoreBanHiddenAds(userId: number, tx: Db = db): Promise<number> {
      const hidden = await tx
        .delete(banHiddenAds)
        .where(eq(banHiddenAds.userId, userId))
        .returning({ productId: banHiddenAds.productId, previousStatus: banHiddenAds.previousStatus });
      let restored = 0;
      for (const status of new Set(hidden.map((h) => h.previousStatus))) {
        const ids = hidden.filter((h) => h.previousStatus === status).map((h) => h.productId);
        const rows = await tx
          .update(products)
          .set({ status, updatedAt: new Date() })
          .where(and(inArray(products.id, ids), eq(products.status, 'canceled')))
          .returning({ id: products.id });
        restored += rows.length;
      }
      return restored;
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;
