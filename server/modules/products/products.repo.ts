import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { PUBLIC_AD_STATUSES } from '../../../common/ad-rules.ts';
import { adCover, cardColumns } from '../ads/ads.repo.ts';
import type { ListingRow } from './listing-query.ts';
import { COUNT_CAP } from './listing-pages.ts';
import { NOT_ENDED } from '../lifecycle/validity-sql.ts';

/**
 * The public side's queries of ads themselves: views, a seller's ads. The listing and the text
 * search are the search module's (search/search.repo.ts, with the statements of the listing without
 * words in listing-pages.ts).
 */
export function createProductsRepo(db: Database) {
  return {
    /**
     * Adds views to ads' rows, all in one statement: each row gains its own number (`+`, so
     * instances writing at once never lose each other's views), and nothing else changes.
     */
    async addViews(views: ReadonlyMap<number, number>): Promise<void> {
      if (views.size === 0) return;
      const rows = sql.join(
        [...views].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
        sql`, `,
      );
      await db.execute(
        sql`update ${products} set view_count = ${products.viewCount} + v.n from (values ${rows}) as v(id, n) where ${products.id} = v.id`,
      );
    },

    /** Has this person an ad the public can open (active, sold or reserved)? Only sellers have a public profile. */
    async hasPublicAd(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(products)
        .where(and(eq(products.userId, userId), inArray(products.status, [...PUBLIC_AD_STATUSES])))
        .limit(1);
      return row !== undefined;
    },

    /** A seller's active ads, counted up to COUNT_CAP (a shop with thousands must not slow its ad pages). */
    async countActiveByUser(userId: number): Promise<number> {
      const capped = db
        .select({ one: sql`1` })
        .from(products)
        .where(and(eq(products.userId, userId), eq(products.status, 'active'), NOT_ENDED))
        .limit(COUNT_CAP)
        .as('capped');
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
      return row?.n ?? 0;
    },

    /** A page of a seller's active ads, newest first (the seller's page; the (user_id, created_at) index serves it). */
    async activeBySeller(userId: number, limit: number, offset: number): Promise<ListingRow[]> {
      const cover = adCover(db);
      return db
        .select(cardColumns(cover))
        .from(products)
        .leftJoinLateral(cover, sql`true`)
        .where(and(eq(products.userId, userId), eq(products.status, 'active')))
        .orderBy(sql`${products.createdAt} desc, ${products.id} desc`)
        .limit(limit)
        .offset(offset);
    },
  };
}

export type ProductsRepo = ReturnType<typeof createProductsRepo>;
