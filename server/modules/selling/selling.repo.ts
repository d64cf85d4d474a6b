import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { productImages, products } from '../../db/schema/products.ts';
import { type AdStatus } from '../../../common/ad-rules.ts';
import { type AdRow, type AdWithCover, type StoredPicture, adColumns, adCover, coverColumns } from '../ads/ads.repo.ts';

export type ProductImageRow = typeof productImages.$inferSelect;
export type NewProduct = Omit<typeof products.$inferInsert, 'id' | 'searchVector' | 'createdAt' | 'updatedAt'>;
/** A picture stored and ready to be attached to an ad. */
export type NewPicture = StoredPicture;

/** The SQL of the seller's side: creating, changing and deleting ads and their pictures, and listing one's own. */
export function createSellingRepo(db: Database) {
  async function picturesOf(run: Db, productIds: number[]): Promise<ProductImageRow[]> {
    if (!productIds.length) return [];
    return run
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, productIds))
      .orderBy(asc(productImages.productId), asc(productImages.position));
  }

  /** Re-numbers an ad's pictures 0..n-1 in their current order (or in `order` when given) and stores the count. */
  async function renumber(tx: Transaction, productId: number, order?: string[]): Promise<number> {
    const current = await tx
      .select({ id: productImages.id, uuid: productImages.uuid })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id));
    const rank = order ? new Map(order.map((uuid, index) => [uuid, index])) : undefined;
    const sorted = rank ? [...current].sort((a, b) => (rank.get(a.uuid) ?? 1e9) - (rank.get(b.uuid) ?? 1e9)) : current;
    // Two passes so the positions never collide halfway (there is no unique index, but keep them tidy).
    for (const [position, image] of sorted.entries()) {
      await tx.update(productImages).set({ position }).where(eq(productImages.id, image.id));
    }
    await tx.update(products).set({ imageCount: sorted.length }).where(eq(products.id, productId));
    return sorted.length;
  }

  return {
    /** The ad and its pictures in one transaction: either both are saved or neither. */
    async create(values: NewProduct, pictures: NewPicture[]): Promise<AdRow> {
      return db.transaction(async (tx) => {
        const [product] = await tx
          .insert(products)
          .values({ ...values, imageCount: pictures.length })
          .returning(adColumns);
        if (pictures.length) {
          await tx.insert(productImages).values(pictures.map((p, position) => ({ ...p, productId: product!.id, position })));
        }
        return product!;
      });
    },

    /**
     * Appends pictures with the ad row locked, so two uploads at once cannot pass the limit together.
     * Answers false (and saves nothing) when the limit would be passed.
     */
    async addPictures(productId: number, pictures: NewPicture[], max: number, after?: Partial<NewProduct>): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${products} where id = ${productId} for update`);
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(productImages)
          .where(eq(productImages.productId, productId));
        const existing = row?.n ?? 0;
        if (existing + pictures.length > max) return false;
        await tx.insert(productImages).values(pictures.map((p, index) => ({ ...p, productId, position: existing + index })));
        await renumber(tx, productId);
        if (after)
          await tx
            .update(products)
            .set({ ...after, updatedAt: new Date() })
            .where(eq(products.id, productId));
        return true;
      });
    },

    /** Removes one picture and closes the gap; answers its storage prefix, or undefined when it is not the ad's. */
    async deletePicture(productId: number, imageUuid: string, after?: Partial<NewProduct>): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${products} where id = ${productId} for update`);
        const [deleted] = await tx
          .delete(productImages)
          .where(and(eq(productImages.productId, productId), eq(productImages.uuid, imageUuid)))
          .returning({ prefix: productImages.storagePrefix });
        if (!deleted) return undefined;
        await renumber(tx, productId);
        if (after)
          await tx
            .update(products)
            .set({ ...after, updatedAt: new Date() })
            .where(eq(products.id, productId));
        return deleted.prefix;
      });
    },

    /** Puts the pictures in the given order (uuids not named keep their relative order at the end). */
    async reorderPictures(productId: number, order: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${products} where id = ${productId} for update`);
        await renumber(tx, productId, order);
      });
    },

    /** Deletes the ad (pictures and wishes go with it) and answers the storage prefixes to remove. */
    async delete(productId: number): Promise<string[]> {
      return db.transaction(async (tx) => {
        const pictures = await picturesOf(tx, [productId]);
        await tx.delete(products).where(eq(products.id, productId));
        return pictures.map((p) => p.storagePrefix);
      });
    },

    /** A seller's own ads of every status (or one), newest first, with covers. */
    async listByUser(userId: number, status: AdStatus | undefined, limit: number, offset: number): Promise<AdWithCover[]> {
      const conditions: SQL[] = [eq(products.userId, userId)];
      if (status) conditions.push(eq(products.status, status));
      const cover = adCover(db);
      return db
        .select({ ...adColumns, cover: coverColumns(cover) })
        .from(products)
        .leftJoinLateral(cover, sql`true`)
        .where(and(...conditions))
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(limit)
        .offset(offset);
    },

    async countsByUser(userId: number): Promise<Partial<Record<AdStatus, number>>> {
      const rows = await db
        .select({ status: products.status, n: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.userId, userId))
        .groupBy(products.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },
  };
}

export type SellingRepo = ReturnType<typeof createSellingRepo>;
