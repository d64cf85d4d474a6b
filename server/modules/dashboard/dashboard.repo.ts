import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AdStatus } from '../../../common/ad-rules.ts';
import type { Database } from '../../db/client.ts';
import { chatMessages, chatRooms } from '../../db/schema/chat.ts';
import { products, wishes } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { adCover, coverColumns } from '../ads/ads.repo.ts';

/** The figures of a person's dashboard: their ads by status, each ad's views and messages, their wishes, staff queues. */
export function createDashboardRepo(db: Database) {
  return {
    async adsByStatus(userId: number): Promise<{ status: AdStatus; n: number }[]> {
      return db.select({ status: products.status, n: count() }).from(products).where(eq(products.userId, userId)).groupBy(products.status);
    },

    /**
     * A page of the person's ads, newest first, with views, conversations and the messages buyers
     * wrote in them (the seller's own replies are not counted).
     */
    async adsWithFigures(userId: number, limit: number, offset: number) {
      const cover = adCover(db);
      const chats = db
        .select({ n: sql<number>`count(*)::int`.as('chats') })
        .from(chatRooms)
        .where(eq(chatRooms.productId, products.id))
        .as('chats');
      const messages = db
        .select({ n: sql<number>`count(*)::int`.as('messages') })
        .from(chatMessages)
        .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
        .where(and(eq(chatRooms.productId, products.id), sql`${chatMessages.senderId} is distinct from ${products.userId}`))
        .as('messages');
      return db
        .select({
          id: products.id,
          uuid: products.uuid,
          name: products.name,
          status: products.status,
          priceCents: products.priceCents,
          createdAt: products.createdAt,
          views: products.viewCount,
          chats: chats.n,
          messages: messages.n,
          cover: coverColumns(cover),
        })
        .from(products)
        .leftJoinLateral(cover, sql`true`)
        .leftJoinLateral(chats, sql`true`)
        .leftJoinLateral(messages, sql`true`)
        .where(eq(products.userId, userId))
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(limit)
        .offset(offset);
    },

    async wishCount(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(wishes).where(eq(wishes.userId, userId));
      return row?.n ?? 0;
    },

    async adsToReview(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(products).where(eq(products.status, 'moderate'));
      return row?.n ?? 0;
    },

    async openReports(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'));
      return row?.n ?? 0;
    },
  };
}

export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
