import { and, between, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { NOT_ENDED } from '../lifecycle/validity-sql.ts';

export function createSeoRepo(db: Database) {
  return {
    /** The highest ad id: sitemap files cover fixed id ranges, so a file's content stays stable. */
    async maxProductId(): Promise<number> {
      const [row] = await db.select({ max: sql<number | null>`max(${products.id})` }).from(products);
      return row?.max ?? 0;
    },
    /** Public ads (active ones, not ended: issue 27) with ids in [from, to]. */
    activeProductsInRange: (from: number, to: number) =>
      db
        .select({ uuid: products.uuid, updatedAt: products.updatedAt })
        .from(products)
        .where(and(eq(products.status, 'active'), NOT_ENDED, between(products.id, from, to)))
        .orderBy(products.id),
  };
}

export type SeoRepo = ReturnType<typeof createSeoRepo>;
