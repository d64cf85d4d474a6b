import { AppError } from '../../../common/errors.ts';
import { ownerMayMove } from '../../../common/ad-rules.ts';
import { DEALS_PAGE_SIZE, type DealRole, publicFrom, ratingDeadline } from '../../../common/ratings.ts';
import type { Transaction } from '../../db/client.ts';
import type { AdRow, AdsRepo } from '../ads/ads.repo.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import type { DealRow, RatingRow, RatingsRepo } from './ratings.repo.ts';
import type { DealItem, DealListReply } from './ratings.schemas.ts';

export interface DealsDeps {
  repo: RatingsRepo;
  ads: Pick<AdsRepo, 'findByUuid' | 'update'>;
  /** The notification centre: the buyer is invited to rate. */
  notify?: Notify;
  /** Called after an ad became sold, so cached listings are read fresh. */
  onAdsChanged?: () => void;
  /** The clock (tests pass their own). */
  now?: (() => Date) | undefined;
}

export const avatarUrl = (key: string | null | undefined): string | null => (key ? `/media/${key}` : null);

/** A rating as its rater, or the rated person once public, sees it. */
export function presentGiven(rating: RatingRow) {
  return {
    id: rating.id,
    stars: rating.stars,
    text: rating.text,
    created_at: rating.createdAt.toISOString(),
    reply: rating.reply !== null && rating.repliedAt ? { text: rating.reply, created_at: rating.repliedAt.toISOString() } : null,
    hidden: rating.hiddenAt !== null,
  };
}

/** May the ad's owner mark it sold from its current status (the owner's status menu's one rule)? */
const mayMarkSold = (ad: AdRow) => ad.status === 'sold' || ownerMayMove(ad.status, 'sold', ad.approvedAt !== null);

/**
 * Deals (issue 25, scope 1): the seller marks an ad sold, or given away, to one of the people who
 * wrote to them about it. Rules:
 * - only the ad's seller, and only to someone who has sent a message in their room about this ad;
 * - never to oneself, nor to an account staff blocked, nor to someone either of them blocks;
 * - the ad must be in a status its owner may move to sold (an ad already marked sold without a
 *   buyer may still name one); it becomes sold (an ad for giving away: a deal of kind `given`);
 * - one deal per ad, even when two are made at once: the second is a 409;
 * - the buyer is invited to rate in the notification centre.
 */
export function createDealsService(deps: DealsDeps) {
  const { repo, ads } = deps;
  const now = deps.now ?? (() => new Date());

  async function ownAd(current: CurrentUser, uuid: string): Promise<AdRow> {
    const ad = await ads.findByUuid(uuid);
    if (!ad) throw new AppError('not_found');
    if (ad.userId !== current.id) throw new AppError('forbidden', {}, { buyer_id: [{ key: 'ratings.errors.not_seller' }] });
    return ad;
  }

  function presentDeal(row: Awaited<ReturnType<RatingsRepo['dealsOf']>>['rows'][number], userId: number, at: Date): DealItem {
    const { deal, mine, theirs } = row;
    const role: DealRole = deal.sellerId === userId ? 'seller' : 'buyer';
    const deadline = ratingDeadline(deal.createdAt);
    const other = row.other?.id != null ? { id: row.other.id, name: row.other.name, avatar: avatarUrl(row.other.avatarKey) } : null;
    const theirsRow = theirs?.id != null ? theirs : null;
    const mineRow = mine?.id != null ? mine : null;
    // The other's rating of me is mine to see once public: I have rated too, or it is old enough.
    const theirsPublic = !!theirsRow && theirsRow.hiddenAt === null && (!!mineRow || publicFrom(theirsRow.createdAt) <= at);
    return {
      id: deal.id,
      kind: deal.kind,
      role,
      subject: deal.subject,
      ad: row.productUuid && row.productName ? { uuid: row.productUuid, name: row.productName } : null,
      other,
      room_id: deal.roomId,
      created_at: deal.createdAt.toISOString(),
      rate_until: deadline.toISOString(),
      may_rate: !mineRow && !!other && at < deadline,
      my_rating: mineRow ? presentGiven(mineRow) : null,
      their_rating: theirsPublic ? { ...presentGiven(theirsRow), may_reply: theirsRow.reply === null } : null,
      their_rating_waiting: !!theirsRow && !theirsPublic && theirsRow.hiddenAt === null,
    };
  }

  return {
    /** The people the seller may mark the ad sold to, the ad's deal if it has one, and whether it may be marked sold now. */
    async candidates(current: CurrentUser, uuid: string) {
      const ad = await ownAd(current, uuid);
      const [people, deal] = await Promise.all([repo.candidates(ad.id, ad.userId), repo.dealOfProduct(ad.id)]);
      const buyer = deal?.buyerId != null ? people.find((p) => p.id === deal.buyerId) : undefined;
      return {
        data: people.map((p) => ({
          id: p.id,
          name: p.name,
          avatar: avatarUrl(p.avatarKey),
          room_id: p.roomId,
          last_message_at: p.lastMessageAt.toISOString(),
        })),
        deal: deal ? { id: deal.id, buyer: buyer ? { id: buyer.id, name: buyer.name, avatar: avatarUrl(buyer.avatarKey) } : null } : null,
        may_mark_sold: !deal && mayMarkSold(ad),
      };
    },

    /** POST /product/{uuid}/deal: the ad is sold (or given away) to this buyer. Answers the deal. */
    async makeDeal(current: CurrentUser, uuid: string, buyerId: number): Promise<DealRow> {
      const ad = await ownAd(current, uuid);
      if (buyerId === current.id) throw AppError.field('buyer_id', 'ratings.errors.buyer_self');
      if (await repo.dealOfProduct(ad.id)) throw new AppError('duplicate', {}, { buyer_id: [{ key: 'ratings.errors.deal_exists' }] });
      if (!mayMarkSold(ad)) throw AppError.field('buyer_id', 'ratings.errors.ad_status');
      const [candidate] = await repo.candidates(ad.id, ad.userId, buyerId);
      if (!candidate) throw AppError.field('buyer_id', 'ratings.errors.not_candidate');
      if (await repo.isBlockedAccount(buyerId)) throw AppError.field('buyer_id', 'ratings.errors.buyer_blocked');
      if (await repo.blockedBetween(current.id, buyerId)) throw AppError.field('buyer_id', 'ratings.errors.blocked_between');

      const at = now();
      const { deal, announce } = await repo.transaction(async (tx: Transaction) => {
        const deal = await repo.insertDeal(
          {
            productId: ad.id,
            sellerId: ad.userId,
            buyerId,
            roomId: candidate.roomId,
            kind: ad.kind === 'give' ? 'given' : 'sold',
            subject: ad.name,
            createdAt: at,
          },
          tx,
        );
        // Someone made the ad's deal a moment earlier.
        if (!deal) throw new AppError('duplicate', {}, { buyer_id: [{ key: 'ratings.errors.deal_exists' }] });
        if (ad.status !== 'sold') await ads.update(ad.id, { status: 'sold' }, tx);
        const announce = deps.notify
          ? await deps.notify(
              buyerId,
              'deal_made',
              { deal_id: deal.id, kind: deal.kind, role: 'buyer', ad: { uuid: ad.uuid, name: ad.name }, other_name: current.user.name },
              tx,
            )
          : () => undefined;
        return { deal, announce };
      });
      announce();
      if (ad.status !== 'sold') deps.onAdsChanged?.();
      return deal;
    },

    /** GET /deals: my deals, newest first (or the one of a chat room), with what each side may do. */
    async myDeals(current: CurrentUser, options: { page?: number | undefined; roomId?: number | undefined }): Promise<DealListReply> {
      const page = options.page ?? 1;
      const { rows, total } = await repo.dealsOf(current.id, {
        limit: DEALS_PAGE_SIZE,
        offset: (page - 1) * DEALS_PAGE_SIZE,
        roomId: options.roomId,
      });
      const at = now();
      return {
        data: rows.map((row) => presentDeal(row, current.id, at)),
        meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / DEALS_PAGE_SIZE)), per_page: DEALS_PAGE_SIZE, total },
      };
    },
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
