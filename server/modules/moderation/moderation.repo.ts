import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { banHiddenAds, decisions } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { type AdStatus } from '../../../common/ad-rules.ts';
import { adColumns } from '../ads/ads.repo.ts';

/** The SQL of the moderator's side: the staff's lists of ads by status, and whom to tell of a verdict. */
export function createModerationRepo(db: Database) {
  return {
    /** The moderation queue and the staff's lists: oldest waiting first for `moderate`, newest first otherwise. */
    listByStatus: (status: AdStatus, limit: number, offset: number) =>
      db
        .select({ product: adColumns, seller: { id: users.id, name: users.name, email: users.email } })
        .from(products)
        .innerJoin(users, eq(users.id, products.userId))
        .where(eq(products.status, status))
        .orderBy(status === 'moderate' ? asc(products.updatedAt) : desc(products.updatedAt), asc(products.id))
        .limit(limit)
        .offset(offset),

    async countByStatus(status: AdStatus): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.status, status));
      return row?.n ?? 0;
    },

    /**
     * Whether a decision after a report stands behind the ad's being hidden: the newest decision
     * that hid it was not reversed on appeal, or a ban of its seller hid it. (The caller also asks
     * that the ad is still `canceled`: anything else means it is not hidden now.)
     */
    async hiddenByDecision(productId: number): Promise<boolean> {
      const [latest] = await db
        .select({ outcome: decisions.appealOutcome })
        .from(decisions)
        .where(and(eq(decisions.productId, productId), eq(decisions.action, 'hide_ad')))
        .orderBy(desc(decisions.id))
        .limit(1);
      if (latest && latest.outcome !== 'reversed') return true;
      const [banned] = await db.select({ id: banHiddenAds.productId }).from(banHiddenAds).where(eq(banHiddenAds.productId, productId));
      return banned !== undefined;
    },

    /** The ads that flags name, with what the moderator's link to them needs. */
    async adsNamed(ids: number[]) {
      if (!ids.length) return [];
      return db.select({ id: products.id, uuid: products.uuid, name: products.name }).from(products).where(inArray(products.id, ids));
    },

    /** The seller of an ad, with what a mail to them needs. */
    async ownerOf(productId: number) {
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
        .from(products)
        .innerJoin(users, eq(users.id, products.userId))
        .where(eq(products.id, productId));
      return row;
    },
  };
}

export type ModerationRepo = ReturnType<typeof createModerationRepo>;
