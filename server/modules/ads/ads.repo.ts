import { asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { productImages, products } from '../../db/schema/products.ts';
import { isUuid } from '../../platform/uuid.ts';

/** An ad as the services see it: every column but the search document (the database keeps that up to date). */
export type AdRow = Omit<typeof products.$inferSelect, 'searchVector'>;
export type AdPictureRow = typeof productImages.$inferSelect;
/** What showing a stored picture needs. */
export type StoredPicture = Pick<AdPictureRow, 'uuid' | 'storagePrefix' | 'width' | 'height'>;
/** A row made with `cardColumns`: what an ad's card shows, its cover null when it has no pictures. */
export type CardRow = Pick<
  AdRow,
  'id' | 'uuid' | 'name' | 'priceCents' | 'kind' | 'status' | 'cityId' | 'regionId' | 'catalogId' | 'imageCount' | 'createdAt'
> & { cover: StoredPicture | null; attributes?: AdRow['attributes'] };
/** A whole ad with its cover: the owner's list. */
export type AdWithCover = AdRow & { cover: StoredPicture | null };
/** What a seller or a moderator may change on an ad. */
export type AdChanges = Partial<Omit<typeof products.$inferInsert, 'id' | 'uuid' | 'searchVector' | 'createdAt' | 'updatedAt'>>;

const { searchVector: _searchDocument, ...columnsButSearchDocument } = getTableColumns(products);
/** Every column of an ad but its search document, for selects that want the whole ad (an AdRow). */
export const adColumns = columnsButSearchDocument;

/**
 * The first picture of the ad on each row of a query on `products`, as a lateral subquery:
 * `.leftJoinLateral(cover, sql\`true\`)`, and select it with `cardColumns(cover)` or `coverColumns(cover)`.
 * Drizzle answers `cover: null` for an ad without pictures.
 */
export function adCover(db: Db) {
  return db
    .select({
      uuid: productImages.uuid,
      storagePrefix: productImages.storagePrefix,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(eq(productImages.productId, products.id))
    .orderBy(productImages.position)
    .limit(1)
    .as('cover');
}

export type AdCover = ReturnType<typeof adCover>;

/** The cover's columns, nested as `cover` in a row. */
export function coverColumns(cover: AdCover) {
  return { uuid: cover.uuid, storagePrefix: cover.storagePrefix, width: cover.width, height: cover.height };
}

/** What an ad's card shows (the listing, the similar ads, the wish list), with its cover. */
export function cardColumns(cover: AdCover) {
  return {
    id: products.id,
    uuid: products.uuid,
    name: products.name,
    priceCents: products.priceCents,
    kind: products.kind,
    status: products.status,
    cityId: products.cityId,
    regionId: products.regionId,
    catalogId: products.catalogId,
    imageCount: products.imageCount,
    createdAt: products.createdAt,
    /** The category fields' values, for the card's line of them (issue 26). */
    attributes: products.attributes,
    cover: coverColumns(cover),
  };
}

/**
 * The queries every side of an ad needs: finding one (by uuid or id), its pictures, changing it.
 * Each takes the transaction of the service's unit of work as its last argument.
 */
export function createAdsRepo(db: Database) {
  async function findByUuid(uuid: unknown, tx: Db = db): Promise<AdRow | undefined> {
    // A text that is not a uuid names no ad (and must not reach the uuid column).
    if (!isUuid(uuid)) return undefined;
    const [ad] = await tx.select(adColumns).from(products).where(eq(products.uuid, uuid));
    return ad;
  }

  async function findById(id: number, tx: Db = db): Promise<AdRow | undefined> {
    const [ad] = await tx.select(adColumns).from(products).where(eq(products.id, id));
    return ad;
  }

  return {
    /** An ad whatever its status; the service decides who may see it. Undefined when there is none. */
    findByUuid,

    findById,

    /** An ad named by its id (a number) or its uuid (a text), as the spec's calls take either. */
    findByRef: (ref: unknown, tx: Db = db): Promise<AdRow | undefined> =>
      typeof ref === 'number' ? findById(ref, tx) : findByUuid(ref, tx),

    /** The pictures of these ads, each ad's in order (the first is the cover). */
    async picturesOf(productIds: number[], tx: Db = db): Promise<AdPictureRow[]> {
      if (!productIds.length) return [];
      return tx
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, productIds))
        .orderBy(asc(productImages.productId), asc(productImages.position));
    },

    async update(id: number, changes: AdChanges, tx: Db = db): Promise<AdRow> {
      const [row] = await tx
        .update(products)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning(adColumns);
      return row!;
    },
  };
}

export type AdsRepo = ReturnType<typeof createAdsRepo>;
