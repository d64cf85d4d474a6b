import { AD_STATUSES, type AdStatus, ownerChoices } from '../../../common/ad-rules';
import { type ValidityGroup, validityGroup } from '../../../common/ad-validity';
import type { ManagedAd } from '../../../server/modules/ads/ads.schemas';

/** What my showcase shows: the page of ads and the counts per status (which cover every page). */
export interface ShowcaseState {
  ads: ManagedAd[];
  counts: Record<AdStatus, number>;
}

/** The moves the menu offers: exactly the server's `next_statuses`, in the order of the status list. */
export function statusMenuChoices(ad: Pick<ManagedAd, 'next_statuses'>): AdStatus[] {
  return AD_STATUSES.filter((status) => ad.next_statuses.includes(status));
}

/** Why "active" is not on the menu, when it is not: the hint under the ad (showcase.hint.*). */
export type ActiveHint = 'in_review' | 'rejected' | 'draft' | 'not_approved';

export function missingActiveHint(ad: Pick<ManagedAd, 'status' | 'next_statuses'>): ActiveHint | null {
  if (ad.status === 'active' || ad.next_statuses.includes('active')) return null;
  switch (ad.status) {
    case 'moderate':
      return 'in_review';
    case 'canceled':
      return 'rejected';
    case 'new':
      return 'draft';
    case 'sold':
    case 'reserved':
    case 'disabled':
      return 'not_approved';
  }
}

/** One chip per status that has ads (and the one being looked at), after "All". */
export function statusChips(counts: Record<AdStatus, number>, current: AdStatus | null): { status: AdStatus | null; count: number }[] {
  const total = AD_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
  return [
    { status: null, count: total },
    ...AD_STATUSES.filter((status) => (counts[status] ?? 0) > 0 || status === current).map((status) => ({
      status,
      count: counts[status] ?? 0,
    })),
  ];
}

/** Puts `ad` in place of the ad with its uuid and moves one from the old status's count to the new one's. */
export function replaceAd(state: ShowcaseState, ad: ManagedAd): ShowcaseState {
  const old = state.ads.find((a) => a.uuid === ad.uuid);
  if (!old) return state;
  const counts = { ...state.counts };
  if (old.status !== ad.status) {
    counts[old.status] = Math.max(0, (counts[old.status] ?? 0) - 1);
    counts[ad.status] = (counts[ad.status] ?? 0) + 1;
  }
  return { ads: state.ads.map((a) => (a.uuid === ad.uuid ? ad : a)), counts };
}

/**
 * The ad as it will be once the server has taken the new status: the menu follows the same
 * transition table the server uses. It stays in the list even when a filter is on, so the
 * seller sees what happened (the counts move at once).
 */
export function withStatus(ad: ManagedAd, status: AdStatus): ManagedAd {
  return { ...ad, status, next_statuses: ownerChoices(status, ad.approved), updated_at: new Date().toISOString() };
}

/** The state without the ad, and where it was, so a failed delete can put it back. */
export function withoutAd(state: ShowcaseState, uuid: string): { state: ShowcaseState; index: number; ad: ManagedAd | undefined } {
  const index = state.ads.findIndex((a) => a.uuid === uuid);
  const ad = state.ads[index];
  if (!ad) return { state, index: -1, ad: undefined };
  return {
    state: {
      ads: state.ads.filter((a) => a.uuid !== uuid),
      counts: { ...state.counts, [ad.status]: Math.max(0, (state.counts[ad.status] ?? 0) - 1) },
    },
    index,
    ad,
  };
}

/** Undoes withoutAd: the ad back at its place, counted again. */
export function restoreAd(state: ShowcaseState, ad: ManagedAd, index: number): ShowcaseState {
  if (state.ads.some((a) => a.uuid === ad.uuid)) return state;
  const ads = [...state.ads];
  ads.splice(Math.min(Math.max(0, index), ads.length), 0, ad);
  return { ads, counts: { ...state.counts, [ad.status]: (state.counts[ad.status] ?? 0) + 1 } };
}

/** The showcase's groups in their order (issue 27): active, ending soon, ended, sold, then the rest; empty ones left out. */
const GROUP_ORDER: readonly ValidityGroup[] = ['active', 'ending', 'expired', 'sold', 'other'];

export function groupByValidity(ads: ManagedAd[], now: Date): { group: ValidityGroup; ads: ManagedAd[] }[] {
  return GROUP_ORDER.map((group) => ({ group, ads: ads.filter((ad) => validityGroup(ad, now) === group) })).filter(
    (entry) => entry.ads.length > 0,
  );
}
