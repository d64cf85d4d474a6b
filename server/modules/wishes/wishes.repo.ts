import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, wishes } from '../../db/schema/products.ts';
import { type CardRow, adCover, cardColumns } from '../ads/ads.repo.ts';

/** A wished ad with what its card needs, whose it is, and when it was wished. */
export type WishedRow = CardRow & { userId: number; wishedAt: Date };

export function createWishesRepo(db: Database) {
  return {
    /** True when the wish was there (and is now gone). */
    async remove(userId: number, productId: number): Promise<boolean> {
      const deleted = await db
        .delete(wishes)
        .where(and(eq(wishes.userId, userId), eq(wishes.productId, productId)))
        .returning({ productId: wishes.productId });
      return deleted.length > 0;
    },

    /** Adds the wish; a second add racing with this one changes nothing. */
    async add(userId: number, productId: number): Promise<void> {
      await db.insert(wishes).values({ userId, productId }).onConflictDoNothing();
    },

    async count(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(wishes)
        .where(eq(wishes.userId, userId));
      return row?.n ?? 0;
    },

    /** The uuids of the user's wished ads, newest wish first. */
    async listUuids(userId: number): Promise<string[]> {
      const rows = await db
        .select({ uuid: products.uuid })
        .from(wishes)
        .innerJoin(products, eq(products.id, wishes.productId))
        .where(eq(wishes.userId, userId))
        .orderBy(desc(wishes.createdAt), desc(wishes.productId));
      return rows.map((row) => row.uuid);
    },

    /** The user's wished ads whatever their status, with their cover picture, newest wish first. */
    async listWished(userId: number): Promise<WishedRow[]> {
      const cover = adCover(db);
      return db
        .select({ ...cardColumns(cover), userId: products.userId, wishedAt: wishes.createdAt })
        .from(wishes)
        .innerJoin(products, eq(products.id, wishes.productId))
        .leftJoinLateral(cover, sql`true`)
        .where(eq(wishes.userId, userId))
        .orderBy(desc(wishes.createdAt), desc(wishes.productId));
    },
  };
}

export type WishesRepo = ReturnType<typeof createWishesRepo>;
