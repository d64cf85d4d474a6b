import { isbot } from 'isbot';
import { AppError } from '../../../common/errors.ts';
import type { ThrottleRule, Throttle } from '../../platform/throttle.ts';
import type { AdsRepo } from '../ads/ads.repo.ts';
import { isGoneFor } from '../lifecycle/validity.ts';
import type { UsersRepo } from '../users/users.repo.ts';

/** How many numbers one visitor (address, or account when signed in) may open in an hour. */
export const PHONE_REVEALS_PER_CLIENT: ThrottleRule = { limit: 20, windowSeconds: 60 * 60 };

export interface PhoneClient {
  ip: string;
  userId: number | undefined;
  userAgent: string | undefined;
}

/**
 * A seller's phone number behind the ad page's "show number" press (issue 30, item 12). Rules:
 * - only a seller who chose to show it (settings › profile) and has a number; never in a page's
 *   HTML or any other answer, only here, asked for by a POST (links and crawlers do not follow it);
 * - only for an ad a visitor may see (active and not ended, or reserved; not archived);
 * - never to robots (by their user agent), and at most 20 numbers an hour per visitor, counted
 *   before anything is looked up, so numbers cannot be harvested by walking ads.
 */
export function createSellerPhoneService(deps: { ads: AdsRepo; users: UsersRepo; throttle: Throttle; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async reveal(uuid: string, client: PhoneClient): Promise<{ phone: string }> {
      if (!client.userAgent || isbot(client.userAgent)) throw new AppError('forbidden');
      const key = client.userId ? `phone:user:${client.userId}` : `phone:ip:${client.ip}`;
      await deps.throttle.consume(key, PHONE_REVEALS_PER_CLIENT);
      const ad = await deps.ads.findByUuid(uuid);
      // Shown to visitors: for sale or reserved, and not ended or archived (the ad page's own rule).
      if (!ad || (ad.status !== 'active' && ad.status !== 'reserved') || isGoneFor(null, ad, now())) throw new AppError('not_found');
      const seller = await deps.users.findById(ad.userId);
      if (!seller?.showPhone || !seller.phone || seller.blockedAt) throw new AppError('phone_not_shown');
      return { phone: seller.phone };
    },
  };
}

export type SellerPhoneService = ReturnType<typeof createSellerPhoneService>;
