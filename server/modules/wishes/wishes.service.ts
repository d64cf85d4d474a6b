import { AppError } from '../../../common/errors.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Throttle, ThrottleRule } from '../../platform/throttle.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { GeoService } from '../geo/geo.service.ts';
import { mayViewAd } from '../../../common/access.ts';
import type { AdRow, AdsRepo } from '../ads/ads.repo.ts';
import { adCard, adLabels } from '../ads/ads.presenter.ts';
import type { WishesRepo } from './wishes.repo.ts';
import { MAX_WISHES, type WishedAd } from './wishes.schemas.ts';
import type { AttributesService } from '../attributes/attributes.service.ts';

export interface WishesDeps {
  repo: WishesRepo;
  ads: AdsRepo;
  catalog: CatalogService;
  geo: GeoService;
  storage: Storage;
  throttle: Throttle;
  /** The category fields, for the cards' line of values (issue 26); none without them. */
  attributes?: AttributesService;
}

/** Generous for a person tapping hearts down a page of results, tight for a script. */
export const TOGGLES_PER_USER: ThrottleRule = { limit: 60, windowSeconds: 60 };

export interface ToggleResult {
  added: boolean;
  id: number;
  uuid: string;
  count: number;
}

/**
 * The wish list (spec: Wish product_id; the list of product uuids). Rules:
 * - a toggle removes the ad when it is on the list, whatever its status now;
 * - only an active ad can be added; an ad the user could not even open is an unknown ad (404);
 * - the user's own ads may be wished too: cards do not say whose an ad is, so a heart behaves
 *   the same everywhere, and a seller may keep an eye on their own ad;
 * - at most MAX_WISHES ads.
 */
export function createWishesService(deps: WishesDeps) {
  const { repo, ads, catalog, geo, storage, throttle } = deps;

  async function findTarget(ref: number | string): Promise<AdRow> {
    const found = await ads.findByRef(ref);
    if (!found) throw new AppError('not_found');
    return found;
  }

  return {
    /** POST /update-user-wishes: on the list it comes off, otherwise it goes on. */
    async toggle(current: CurrentUser, ref: number | string): Promise<ToggleResult> {
      const userId = current.user.id;
      await throttle.consume(`wishes:${userId}`, TOGGLES_PER_USER);
      const ad = await findTarget(ref);
      if (await repo.remove(userId, ad.id)) {
        return { added: false, id: ad.id, uuid: ad.uuid, count: await repo.count(userId) };
      }
      if (!mayViewAd(current, ad)) throw new AppError('not_found');
      if (ad.status !== 'active') throw AppError.field('product_id', 'wishes.not_available', { status: ad.status });
      const count = await repo.count(userId);
      if (count >= MAX_WISHES) throw AppError.field('product_id', 'wishes.full', { max: MAX_WISHES });
      await repo.add(userId, ad.id);
      return { added: true, id: ad.id, uuid: ad.uuid, count: await repo.count(userId) };
    },

    /** GET /user-wishes-list: the uuids, newest wish first. */
    uuids: (current: CurrentUser) => repo.listUuids(current.user.id),

    /**
     * GET /user-wishes: every wished ad as a card, newest wish first. Ads that are no longer active
     * stay, marked unavailable; a deleted ad has left the list with its row (ON DELETE CASCADE).
     * An ad that has gone out of public view keeps its name but shows no picture.
     */
    async list(current: CurrentUser, locale: Locale): Promise<WishedAd[]> {
      const [rows, labels] = await Promise.all([repo.listWished(current.user.id), adLabels(geo, catalog, locale, deps.attributes)]);
      return rows.map((row) => {
        const viewable = mayViewAd(current, row);
        return {
          ...adCard(viewable ? row : { ...row, cover: null }, labels, storage),
          available: row.status === 'active',
          viewable,
          wished_at: row.wishedAt.toISOString(),
        };
      });
    },
  };
}

export type WishesService = ReturnType<typeof createWishesService>;
