import { type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { productImages, products } from '../../db/schema/products.ts';
import { type AdStatus } from '../../../common/ad-rules.ts';
import { type AdRow, type AdWithCover, type StoredPicture, adColumns, adCover, coverColumns } from '../ads/ads.repo.ts';

export type NewProduct = Omit<typeof products.$inferInsert, 'id' | 'searchVector' | 'createdAt' | 'updatedAt'>;
/** A picture stored and ready to be attached to an ad. */
export type NewPicture = StoredPicture;

/**
 * The SQL of the seller's side: creating and deleting ads, their pictures, and listing one's own.
 * Changes that must be saved whole run in the transaction the service opens with `transaction`.
 */
export function createSellingRepo(db: Database) {
  return {
    /** Runs `work` in one transaction: all of it is saved, or none. */
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    async insert(values: NewProduct, tx: Db = db): Promise<AdRow> {
      const [product] = await tx.insert(products).values(values).returning(adColumns);
      return product!;
    },

    /** Attaches stored pictures to an ad, numbered from `firstPosition` on. */
    async insertPictures(productId: number, pictures: NewPicture[], firstPosition: number, tx: Db = db): Promise<void> {
      if (!pictures.length) return;
      await tx.insert(productImages).values(pictures.map((p, index) => ({ ...p, productId, position: firstPosition + index })));
    },

    /** Locks the ad's row until the transaction ends: two changes to its pictures at once wait for each other. */
    async lockAd(productId: number, tx: Transaction): Promise<void> {
      await tx.execute(sql`select id from ${products} where id = ${productId} for update`);
    },

    async countPictures(productId: number, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(productImages)
        .where(eq(productImages.productId, productId));
      return row?.n ?? 0;
    },

    /** Removes one picture; answers its storage prefix, or undefined when it is not the ad's. */
    async deletePicture(productId: number, imageUuid: string, tx: Db = db): Promise<string | undefined> {
      const [deleted] = await tx
        .delete(productImages)
        .where(and(eq(productImages.productId, productId), eq(productImages.uuid, imageUuid)))
        .returning({ prefix: productImages.storagePrefix });
      return deleted?.prefix;
    },

    /**
     * Numbers an ad's pictures 0..n-1 in their current order (or in `order`: uuids not named keep
     * their relative order at the end) and stores the count on the ad.
     */
    async renumberPictures(productId: number, order: string[] | undefined, tx: Transaction): Promise<number> {
      const current = await tx
        .select({ id: productImages.id, uuid: productImages.uuid })
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.position), asc(productImages.id));
      const rank = order ? new Map(order.map((uuid, index) => [uuid, index])) : undefined;
      const sorted = rank ? [...current].sort((a, b) => (rank.get(a.uuid) ?? 1e9) - (rank.get(b.uuid) ?? 1e9)) : current;
      // Positions may repeat halfway through: there is no unique index on them.
      for (const [position, image] of sorted.entries()) {
        await tx.update(productImages).set({ position }).where(eq(productImages.id, image.id));
      }
      await tx.update(products).set({ imageCount: sorted.length }).where(eq(products.id, productId));
      return sorted.length;
    },

    /** Deletes the ad; its pictures' rows and the wishes go with it (ON DELETE CASCADE). */
    async delete(productId: number, tx: Db = db): Promise<void> {
      await tx.delete(products).where(eq(products.id, productId));
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
