import { buffer } from 'node:stream/consumers';
import type { AdFlag } from '../../../common/ad-rules.ts';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { adPictureKey } from '../images/image-processing.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { DUPLICATE_MAX_DISTANCE, perceptualHash } from './picture-hash.ts';
import type { PictureHashRepo } from './picture-hash.repo.ts';

/** The queue's kind for a picture whose hash could not be made at upload. */
export const HASH_PICTURE_JOB = 'hash-picture';
/**
 * The queue's kind for the second look after an upload's transaction: another seller's picture
 * committed at the same moment was not there to see at upload (two parallel posts of one photo).
 */
export const RECHECK_PICTURES_JOB = 'picture-duplicate-recheck';
/** The second look reads pictures stored since this long before the first: longer than any transaction. */
const RECHECK_MARGIN_MS = 10 * 60_000;
/** Another seller's picture counts for this long after its upload (issue 25). */
export const DUPLICATE_WINDOW_DAYS = 180;
/** At most this many other ads are named on one ad: the moderator needs one to see the point. */
export const MAX_DUPLICATE_FLAGS = 5;

/** What hashing one picture gave: its hash, nothing to compare (a plain colour), or a failure the queue retries. */
export type HashOutcome = bigint | 'featureless' | 'failed';

export interface PictureHashDeps {
  repo: PictureHashRepo;
  jobs: JobsService;
  storage: Storage;
  log: (message: string, detail: Record<string, unknown>) => void;
  /** The clock the 180 days are counted by. */
  now?: () => Date;
}

/** What to do when an ad picture hashed later by the queue turns out to be another seller's. */
export type LateDuplicateHandler = (productId: number, flags: AdFlag[]) => Promise<void>;

/** `existing` with the duplicate-picture flags of `added` that name an ad not named yet. */
export function withFlags(existing: readonly AdFlag[], added: readonly AdFlag[]): AdFlag[] {
  const named = new Set(existing.map((flag) => `${flag.kind}:${flag.product_id ?? ''}`));
  const merged = [...existing];
  for (const flag of added) {
    const key = `${flag.kind}:${flag.product_id ?? ''}`;
    if (named.has(key)) continue;
    named.add(key);
    merged.push(flag);
  }
  return merged;
}

/**
 * Perceptual hashes of ad and chat pictures (issue 25's scam guard): made at upload from the
 * stored picture, kept in picture_hashes, and compared with other sellers' ad pictures of the last
 * 180 days. A picture that cannot be hashed never blocks its upload: the queue hashes it later from
 * storage, and one that is truly unreadable stays unhashed.
 */
export function createPictureHashService(deps: PictureHashDeps) {
  const { repo, jobs, storage } = deps;
  const now = () => deps.now?.() ?? new Date();
  let onLateDuplicate: LateDuplicateHandler | undefined;

  async function hash(picture: Buffer): Promise<HashOutcome> {
    try {
      return (await perceptualHash(picture)) ?? 'featureless';
    } catch (error) {
      deps.log('picture hash failed; queued', { err: error });
      return 'failed';
    }
  }

  /** The flags naming other sellers' ads with a picture close to one of `outcomes`, closest first, at most MAX_DUPLICATE_FLAGS. */
  async function duplicateFlags(
    outcomes: readonly HashOutcome[],
    sellerId: number,
    exceptProductId?: number,
    window: { since?: Date; beforeId?: number } = {},
  ): Promise<AdFlag[]> {
    const since = window.since ?? new Date(now().getTime() - DUPLICATE_WINDOW_DAYS * 86_400_000);
    const matches = (
      await Promise.all(
        outcomes
          .filter((outcome): outcome is bigint => typeof outcome === 'bigint')
          .map((value) =>
            repo.closeAdPictures({
              hash: value,
              maxDistance: DUPLICATE_MAX_DISTANCE,
              since,
              exceptUserId: sellerId,
              exceptProductId,
              beforeId: window.beforeId,
            }),
          ),
      )
    ).flat();
    matches.sort((a, b) => a.distance - b.distance);
    const flags: AdFlag[] = [];
    for (const { productId } of matches) {
      if (flags.length >= MAX_DUPLICATE_FLAGS) break;
      if (!flags.some((flag) => flag.product_id === productId)) flags.push({ kind: 'duplicate_picture', product_id: productId });
    }
    return flags;
  }

  /** Reads a stored picture; undefined when it is gone (storage trouble throws, so the job is retried). */
  async function readStored(key: string): Promise<Buffer | undefined> {
    const file = await storage.read(key);
    return file ? buffer(file.body) : undefined;
  }

  /** The hash of a stored picture for the queue: undefined when the picture is gone or cannot be decoded (it stays unhashed). */
  async function hashStored(key: string, what: Record<string, unknown>): Promise<bigint | undefined> {
    const picture = await readStored(key);
    if (!picture) return undefined;
    try {
      return (await perceptualHash(picture)) ?? undefined;
    } catch (error) {
      deps.log('stored picture cannot be hashed; it stays unhashed', { ...what, key, err: error });
      return undefined;
    }
  }

  jobs.register(HASH_PICTURE_JOB, async (payload) => {
    if (typeof payload.image_uuid === 'string') {
      const image = await repo.adPicture(payload.image_uuid);
      if (!image) return;
      const value = await hashStored(adPictureKey(image.storagePrefix, 'full'), { imageUuid: payload.image_uuid });
      if (value === undefined) return;
      await repo.insertForAdPictures([{ imageUuid: payload.image_uuid, hash: value }]);
      const flags = await duplicateFlags([value], image.userId, image.productId);
      if (flags.length && onLateDuplicate) await onLateDuplicate(image.productId, flags);
    } else if (typeof payload.chat_message_id === 'number') {
      const message = await repo.chatPicture(payload.chat_message_id);
      if (!message?.pictureKey) return;
      const value = await hashStored(message.pictureKey, { chatMessageId: payload.chat_message_id });
      if (value !== undefined) await repo.insertForChatMessage(payload.chat_message_id, message.senderId, value, message.createdAt);
    }
  });

  // The second look: the ad's pictures against other sellers' pictures stored since just before
  // the first look (the rest were seen then) and before the ad's own (of two parallel posts of one
  // picture, the later is the copy), flagged and sent to review as at upload.
  jobs.register(RECHECK_PICTURES_JOB, async (payload) => {
    const uuids = Array.isArray(payload.image_uuids) ? payload.image_uuids.filter((u): u is string => typeof u === 'string') : [];
    const since = typeof payload.since === 'string' ? new Date(payload.since) : undefined;
    if (!uuids[0] || !since || Number.isNaN(since.getTime())) return;
    const image = await repo.adPicture(uuids[0]);
    if (!image) return;
    const beforeId = await repo.firstHashIdOfAd(image.productId);
    if (beforeId === undefined) return;
    const flags = await duplicateFlags(await repo.hashesOfAd(image.productId), image.userId, image.productId, { since, beforeId });
    if (flags.length && onLateDuplicate) await onLateDuplicate(image.productId, flags);
  });

  return {
    hash,
    duplicateFlags,

    /**
     * The selling service, when built, says how an ad is flagged and sent to review (as at upload)
     * when the queue finds another seller's picture among its pictures later.
     */
    whenLateDuplicate(handler: LateDuplicateHandler): void {
      onLateDuplicate = handler;
    },

    /** Stores the hashes of an ad's new pictures in the ad's transaction; one that failed is queued there too. */
    async saveAdPictures(items: readonly { imageUuid: string; outcome: HashOutcome }[], tx?: Db): Promise<void> {
      const hashed = items.flatMap(({ imageUuid, outcome }) => (typeof outcome === 'bigint' ? [{ imageUuid, hash: outcome }] : []));
      await repo.insertForAdPictures(hashed, tx);
      for (const { imageUuid, outcome } of items) {
        if (outcome === 'failed') await jobs.enqueue(HASH_PICTURE_JOB, { image_uuid: imageUuid }, { key: `image:${imageUuid}` }, tx);
      }
      if (hashed.length) {
        const since = new Date(now().getTime() - RECHECK_MARGIN_MS).toISOString();
        const image_uuids = hashed.map((item) => item.imageUuid);
        await jobs.enqueue(RECHECK_PICTURES_JOB, { image_uuids, since }, { key: `recheck:${image_uuids[0]}` }, tx);
      }
    },

    /** Stores the hash of a sent chat picture (or queues it); never fails the message, which is already delivered. */
    async saveChatPicture(messageId: number, senderId: number, outcome: HashOutcome): Promise<void> {
      try {
        if (typeof outcome === 'bigint') await repo.insertForChatMessage(messageId, senderId, outcome);
        else if (outcome === 'failed') await jobs.enqueue(HASH_PICTURE_JOB, { chat_message_id: messageId }, { key: `chat:${messageId}` });
      } catch (error) {
        deps.log('chat picture hash not stored', { messageId, err: error });
      }
    },

    /** The stored hashes of an ad's pictures. */
    hashesOfAd: repo.hashesOfAd,
    /** The stored hash of a chat message's picture, if any. */
    chatMessageHash: repo.chatMessageHash,
  };
}

export type PictureHashService = ReturnType<typeof createPictureHashService>;
