import { type Actor, mayManageAd } from '../../../common/access.ts';
import type { AdStatus } from '../../../common/ad-rules.ts';

/**
 * Has the ad left the public (issue 27): an active ad past its end, or any archived ad? Its
 * owner and ad staff still see it whole (with the renew button for the owner); anyone else gets 410.
 */
export function isGoneFor(
  viewer: Actor | null,
  ad: { userId: number; status: AdStatus; expiresAt: Date | null; archivedAt: Date | null },
  now: Date = new Date(),
): boolean {
  const ended = ad.archivedAt !== null || (ad.status === 'active' && ad.expiresAt !== null && ad.expiresAt.getTime() <= now.getTime());
  return ended && !mayManageAd(viewer, ad);
}
