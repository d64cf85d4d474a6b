import { and, asc, eq, gte, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { chatMessages } from '../../db/schema/chat.ts';
import { productImages, products } from '../../db/schema/products.ts';
import { pictureHashes } from '../../db/schema/trust.ts';
import { bandProbes, bandsOf, fromStoredHash, toStoredHash } from './picture-hash.ts';

/** A stored ad picture close to a new one: whose ad it is and how many bits apart. */
export interface PictureMatch {
  productId: number;
  distance: number;
}

const stored = (hash: bigint) => {
  const [band0, band1, band2, band3] = bandsOf(hash);
  return { hash: toStoredHash(hash), band0, band1, band2, band3 };
};

/** The SQL of picture hashes: storing them, finding close ones through the band indexes, and what a late hash reads. */
export function createPictureHashRepo(db: Database) {
  return {
    /** Stores the hashes of ad pictures named by their uuids (with their ad and its seller); a picture hashed already keeps its row. */
    async insertForAdPictures(items: { imageUuid: string; hash: bigint }[], tx: Db = db): Promise<void> {
      if (!items.length) return;
      const images = await tx
        .select({
          id: productImages.id,
          uuid: productImages.uuid,
          productId: productImages.productId,
          userId: products.userId,
          createdAt: productImages.createdAt,
        })
        .from(productImages)
        .innerJoin(products, eq(products.id, productImages.productId))
        .where(
          inArray(
            productImages.uuid,
            items.map((item) => item.imageUuid),
          ),
        );
      const byUuid = new Map(images.map((image) => [image.uuid, image]));
      const rows = items.flatMap(({ imageUuid, hash }) => {
        const image = byUuid.get(imageUuid);
        // Dated as the picture: one hashed later by the queue ages as its upload does.
        return image
          ? [{ productImageId: image.id, productId: image.productId, userId: image.userId, createdAt: image.createdAt, ...stored(hash) }]
          : [];
      });
      if (rows.length) await tx.insert(pictureHashes).values(rows).onConflictDoNothing({ target: pictureHashes.productImageId });
    },

    /** Stores the hash of a chat message's picture (once). */
    async insertForChatMessage(messageId: number, userId: number | null, hash: bigint, createdAt?: Date, tx: Db = db): Promise<void> {
      await tx
        .insert(pictureHashes)
        .values({ chatMessageId: messageId, userId, ...stored(hash), ...(createdAt ? { createdAt } : {}) })
        .onConflictDoNothing({ target: pictureHashes.chatMessageId });
    },

    /**
     * Ad pictures hashed since `since`, of anyone but `exceptUserId` and of any ad but
     * `exceptProductId`, within `maxDistance` bits of `hash`: candidates by the band indexes (each
     * band or a one-bit neighbour of it), confirmed by the exact distance. Closest first, then oldest.
     */
    async closeAdPictures(query: {
      hash: bigint;
      maxDistance: number;
      since: Date;
      exceptUserId: number;
      exceptProductId?: number | undefined;
      /** Only pictures stored before this row (the second look after an upload: those stored before the ad's own). */
      beforeId?: number | undefined;
    }): Promise<PictureMatch[]> {
      const probes = bandProbes(query.hash);
      const bands = [pictureHashes.band0, pictureHashes.band1, pictureHashes.band2, pictureHashes.band3];
      const distance = sql<number>`bit_count((${pictureHashes.hash} # ${toStoredHash(query.hash)}::bigint)::bit(64))::int`;
      const rows = await db
        .select({ productId: pictureHashes.productId, distance })
        .from(pictureHashes)
        .where(
          and(
            or(...bands.map((band, index) => inArray(band, probes[index]!))),
            gte(pictureHashes.createdAt, query.since),
            isNotNull(pictureHashes.productImageId),
            // A seller whose account is gone is still someone else.
            sql`${pictureHashes.userId} is distinct from ${query.exceptUserId}`,
            query.exceptProductId === undefined ? undefined : ne(pictureHashes.productId, query.exceptProductId),
            query.beforeId === undefined ? undefined : lt(pictureHashes.id, query.beforeId),
            sql`${distance} <= ${query.maxDistance}`,
          ),
        )
        .orderBy(asc(distance), asc(pictureHashes.createdAt), asc(pictureHashes.id));
      return rows.filter((row): row is PictureMatch => row.productId !== null);
    },

    /** An ad picture to hash later: where its full picture is stored, its ad and seller; undefined once it is gone. */
    async adPicture(imageUuid: string) {
      const [row] = await db
        .select({ storagePrefix: productImages.storagePrefix, productId: productImages.productId, userId: products.userId })
        .from(productImages)
        .innerJoin(products, eq(products.id, productImages.productId))
        .where(eq(productImages.uuid, imageUuid));
      return row;
    },

    /** A chat picture to hash later: its stored key, sender and time; undefined once the message is gone. */
    async chatPicture(messageId: number) {
      const [row] = await db
        .select({ pictureKey: chatMessages.pictureKey, senderId: chatMessages.senderId, createdAt: chatMessages.createdAt })
        .from(chatMessages)
        .where(eq(chatMessages.id, messageId));
      return row;
    },

    /** The stored hashes of an ad's pictures (tests and staff curiosity), as unsigned 64-bit values. */
    /** The first hash row of an ad's pictures (the order the second look after an upload goes by). */
    async firstHashIdOfAd(productId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: pictureHashes.id })
        .from(pictureHashes)
        .where(eq(pictureHashes.productId, productId))
        .orderBy(asc(pictureHashes.id))
        .limit(1);
      return row?.id;
    },

    async hashesOfAd(productId: number): Promise<bigint[]> {
      const rows = await db
        .select({ hash: pictureHashes.hash })
        .from(pictureHashes)
        .where(eq(pictureHashes.productId, productId))
        .orderBy(asc(pictureHashes.id));
      return rows.map((row) => fromStoredHash(row.hash));
    },

    /** Whether a chat message's picture is hashed. */
    async chatMessageHash(messageId: number): Promise<bigint | undefined> {
      const [row] = await db.select({ hash: pictureHashes.hash }).from(pictureHashes).where(eq(pictureHashes.chatMessageId, messageId));
      return row ? fromStoredHash(row.hash) : undefined;
    },
  };
}

export type PictureHashRepo = ReturnType<typeof createPictureHashRepo>;
