import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { catalogs } from '../../db/schema/catalog.ts';
import { productImages, products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { rowsOf } from '../search/text-query-sql.ts';

/** An ad whose owner is reminded of its end, with whom the mail goes to. */
export interface ReminderRow {
  id: number;
  uuid: string;
  name: string;
  userId: number;
  expiresAt: Date;
}

export interface OwnerRow {
  email: string;
  name: string;
  locale: string;
}

export function createLifecycleRepo(db: Database) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /** The slug of the category's top ancestor (the jobs tree has its own period); read in the caller's transaction. */
    async rootSlugOf(catalogId: number, tx: Db = db): Promise<string | undefined> {
      const result = await tx.execute(sql`
        with recursive up(id, parent_id, slug, depth) as (
          select id, parent_id, slug, 1 from ${catalogs} where id = ${catalogId}
          union all
          select c.id, c.parent_id, c.slug, up.depth + 1 from ${catalogs} c join up on c.id = up.parent_id where up.depth < 8
        )
        select slug from up where parent_id is null limit 1`);
      return rowsOf<{ slug: string }>(result)[0]?.slug;
    },

    /**
     * Moves the ad's end and forgets the reminder of the old one. Written beside the ads repo's
     * `update` on purpose: a renewal is no new version of the ad (its `updated_at` stays), so the
     * saved searches are not matched again and nobody is alerted of it as new.
     */
    async setExpiry(id: number, expiresAt: Date, tx: Db = db): Promise<void> {
      await tx.update(products).set({ expiresAt, expiryRemindedAt: null }).where(eq(products.id, id));
    },

    /**
     * Takes up to `limit` shown ads ending in (now, until] whose owner was not reminded of this end,
     * marked reminded in the same statement: two sweeps never take the same ad.
     */
    async takeDueReminders(now: Date, until: Date, limit: number, tx: Db = db): Promise<ReminderRow[]> {
      const due = tx
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            sql`${products.status} = 'active'`,
            isNull(products.archivedAt),
            isNull(products.expiryRemindedAt),
            gt(products.expiresAt, now),
            lte(products.expiresAt, until),
          ),
        )
        .limit(limit);
      const rows = await tx
        .update(products)
        .set({ expiryRemindedAt: now })
        .where(and(inArray(products.id, due), isNull(products.expiryRemindedAt)))
        .returning({ id: products.id, uuid: products.uuid, name: products.name, userId: products.userId, expiresAt: products.expiresAt });
      return rows.map((row) => ({ ...row, expiresAt: row.expiresAt! }));
    },

    async ownerOf(userId: number): Promise<OwnerRow | undefined> {
      const [row] = await db
        .select({ email: users.email, name: users.name, locale: users.locale })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.blockedAt)));
      return row;
    },

    /** How many shown ads ended in (from, to]: whether a sweep must tell the caches. */
    async countEnded(from: Date, to: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(products)
        .where(
          and(sql`${products.status} = 'active'`, isNull(products.archivedAt), gt(products.expiresAt, from), lte(products.expiresAt, to)),
        );
      return row?.count ?? 0;
    },

    /** Up to `limit` ads to archive: ended (active) or sold (its last change) on or before `before`, not archived yet. */
    async archivable(before: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            isNull(products.archivedAt),
            sql`((${products.status} = 'active' and ${products.expiresAt} <= ${before}) or (${products.status} = 'sold' and ${products.updatedAt} <= ${before}))`,
          ),
        )
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Archives one ad: stamped, its pictures' rows removed (their storage prefixes answered, for the
     * caller to delete the files after the commit). Answers undefined when it was archived meanwhile.
     */
    async archive(id: number, at: Date, tx: Db = db): Promise<string[] | undefined> {
      const [marked] = await tx
        .update(products)
        .set({ archivedAt: at, imageCount: 0 })
        .where(and(eq(products.id, id), isNull(products.archivedAt)))
        .returning({ id: products.id });
      if (!marked) return undefined;
      const pictures = await tx
        .delete(productImages)
        .where(eq(productImages.productId, id))
        .returning({ prefix: productImages.storagePrefix });
      return pictures.map((picture) => picture.prefix);
    },
  };
}

export type LifecycleRepo = ReturnType<typeof createLifecycleRepo>;
