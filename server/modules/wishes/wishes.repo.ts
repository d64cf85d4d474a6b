import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productImages, products, wishes } from '../../db/schema/products.ts';

/** A wished ad with what its card needs, and when it was wished. */
export interface WishedRow {
  id: number;
  uuid: string;
  userId: number;
  name: string;
  priceCents: number;
  status: (typeof products.$inferSelect)['status'];
  cityId: number;
  regionId: number;
  catalogId: number;
  imageCount: number;
  createdAt: Date;
  wishedAt: Date;
  imageUuid: string | null;
  imagePrefix: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
}

export interface WishTarget {
  id: number;
  uuid: string;
  userId: number;
  status: (typeof products.$inferSelect)['status'];
}

export function createWishesRepo(db: Database) {
  const target = { id: products.id, uuid: products.uuid, userId: products.userId, status: products.status };

  return {
    async findProductById(id: number): Promise<WishTarget | undefined> {
      const [row] = await db.select(target).from(products).where(eq(products.id, id));
      return row;
    },

    async findProductByUuid(uuid: string): Promise<WishTarget | undefined> {
      const [row] = await db.select(target).from(products).where(eq(products.uuid, uuid));
      return row;
    },

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
      const cover = db
        .select({
          uuid: productImages.uuid,
          prefix: productImages.storagePrefix,
          width: productImages.width,
          height: productImages.height,
        })
        .from(productImages)
        .where(eq(productImages.productId, products.id))
        .orderBy(productImages.position)
        .limit(1)
        .as('cover');
      return db
        .select({
          id: products.id,
          uuid: products.uuid,
          userId: products.userId,
          name: products.name,
          priceCents: products.priceCents,
          status: products.status,
          cityId: products.cityId,
          regionId: products.regionId,
          catalogId: products.catalogId,
          imageCount: products.imageCount,
          createdAt: products.createdAt,
          wishedAt: wishes.createdAt,
          imageUuid: cover.uuid,
          imagePrefix: cover.prefix,
          imageWidth: cover.width,
          imageHeight: cover.height,
        })
        .from(wishes)
        .innerJoin(products, eq(products.id, wishes.productId))
        .leftJoinLateral(cover, sql`true`)
        .where(eq(wishes.userId, userId))
        .orderBy(desc(wishes.createdAt), desc(wishes.productId));
    },
  };
}

export type WishesRepo = ReturnType<typeof createWishesRepo>;
