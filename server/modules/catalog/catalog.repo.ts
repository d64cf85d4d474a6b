import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { catalogSlugRedirects, catalogVersion, catalogs } from '../../db/schema/catalog.ts';
import { products } from '../../db/schema/products.ts';
import type { TranslatedRow } from '../../platform/localized-name.ts';

export type CatalogRow = typeof catalogs.$inferSelect;
export type RedirectRow = typeof catalogSlugRedirects.$inferSelect;

/** A catalog's Finnish name and its names in the other languages. */
export type CatalogNames = TranslatedRow;

/** How many ads a catalog holds itself (not counting the ones below it): all of them, and the active ones. */
export interface AdCount {
  catalogId: number;
  total: number;
  active: number;
}

/** The category tree, its old slugs and its version. Changes run in the transaction the service opens. */
export function createCatalogRepo(db: Database) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    listAll: (tx: Db = db): Promise<CatalogRow[]> => tx.select().from(catalogs).orderBy(asc(catalogs.position), asc(catalogs.id)),

    listRedirects: (tx: Db = db): Promise<RedirectRow[]> =>
      tx.select().from(catalogSlugRedirects).orderBy(asc(catalogSlugRedirects.oldSlug)),

    /** The number every staff change raises; read before the rows, so a change in between only causes one more reload. */
    async version(tx: Db = db): Promise<number> {
      const [row] = await tx.select({ version: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, 1));
      return row?.version ?? 0;
    },

    /**
     * Serialises staff changes of the tree (readers are not blocked): a move checked for cycles and
     * depth cannot race another move, and positions are renumbered by one writer at a time. It
     * also raises the version, which commits together with the change.
     */
    async lockForChange(tx: Transaction): Promise<void> {
      await tx.execute(sql`lock table ${catalogs} in share row exclusive mode`);
      await tx
        .insert(catalogVersion)
        .values({ id: 1, version: 1 })
        .onConflictDoUpdate({ target: catalogVersion.id, set: { version: sql`${catalogVersion.version} + 1` } });
    },

    async adCounts(tx: Db = db): Promise<AdCount[]> {
      return tx
        .select({
          catalogId: products.catalogId,
          total: sql<number>`count(*)::int`,
          active: sql<number>`(count(*) filter (where ${products.status} = 'active'))::int`,
        })
        .from(products)
        .groupBy(products.catalogId);
    },

    async countAds(catalogId: number, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.catalogId, catalogId));
      return row?.n ?? 0;
    },

    async insert(values: { parentId: number | null; slug: string; position: number } & CatalogNames, tx: Db): Promise<CatalogRow> {
      const [row] = await tx.insert(catalogs).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<CatalogNames & { slug: string; parentId: number | null; hidden: boolean }>, tx: Db) {
      await tx.update(catalogs).set(values).where(eq(catalogs.id, id));
    },

    /** Gives these siblings positions 0, 1, 2 … in this order. */
    async setPositions(ids: number[], tx: Db): Promise<void> {
      for (const [position, id] of ids.entries()) await tx.update(catalogs).set({ position }).where(eq(catalogs.id, id));
    },

    async remove(id: number, tx: Db): Promise<void> {
      await tx.delete(catalogs).where(eq(catalogs.id, id));
    },

    /** Moves every ad of one catalog to another (the search trigger refreshes their documents); returns how many. */
    async moveAds(fromId: number, toId: number, tx: Db): Promise<number> {
      const moved = await tx.update(products).set({ catalogId: toId }).where(eq(products.catalogId, fromId)).returning({ id: products.id });
      return moved.length;
    },

    /**
     * The ads' search documents hold their category's three names (migration 0006): after a
     * rename, the trigger writes them again. Setting a column to itself fires it and changes nothing else.
     */
    async refreshSearchDocuments(catalogId: number, tx: Db): Promise<void> {
      await tx
        .update(products)
        .set({ name: sql`${products.name}` })
        .where(eq(products.catalogId, catalogId));
    },

    /** Remembers an old slug for this catalog (an older redirect of the same slug now points here). */
    async addRedirect(oldSlug: string, catalogId: number, tx: Db): Promise<void> {
      await tx
        .insert(catalogSlugRedirects)
        .values({ oldSlug, catalogId })
        .onConflictDoUpdate({ target: catalogSlugRedirects.oldSlug, set: { catalogId, createdAt: sql`now()` } });
    },

    /** A slug that becomes live again stops redirecting: a redirect never shadows a live slug. */
    async dropRedirects(slugs: string[], tx: Db): Promise<void> {
      if (slugs.length) await tx.delete(catalogSlugRedirects).where(inArray(catalogSlugRedirects.oldSlug, slugs));
    },

    async repointRedirects(fromId: number, toId: number, tx: Db): Promise<void> {
      await tx.update(catalogSlugRedirects).set({ catalogId: toId }).where(eq(catalogSlugRedirects.catalogId, fromId));
    },

    async slugTaken(slug: string, exceptId: number | null, tx: Db = db): Promise<boolean> {
      const rows = await tx.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.slug, slug));
      return rows.some((row) => row.id !== exceptId);
    },

    async find(id: number, tx: Db = db): Promise<CatalogRow | undefined> {
      const [row] = await tx.select().from(catalogs).where(eq(catalogs.id, id));
      return row;
    },

    async siblings(parentId: number | null, tx: Db = db): Promise<CatalogRow[]> {
      return tx
        .select()
        .from(catalogs)
        .where(parentId === null ? sql`${catalogs.parentId} is null` : and(eq(catalogs.parentId, parentId)))
        .orderBy(asc(catalogs.position), asc(catalogs.id));
    },
  };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
