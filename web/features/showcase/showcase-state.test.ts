import { describe, expect, it } from 'vitest';
import { AD_STATUSES, type AdStatus } from '../../../common/ad-rules';
import type { ManagedAd } from '../../../server/modules/ads/ads.schemas';
import {
  groupByValidity,
  missingActiveHint,
  replaceAd,
  restoreAd,
  statusChips,
  statusMenuChoices,
  withStatus,
  withoutAd,
} from './showcase-state';

const zero = () => Object.fromEntries(AD_STATUSES.map((s) => [s, 0])) as Record<AdStatus, number>;

function ad(uuid: string, status: AdStatus, extra: Partial<ManagedAd> = {}): ManagedAd {
  return {
    id: 1,
    uuid,
    name: `Ad ${uuid}`,
    description: '',
    price: 10,
    kind: 'sell',
    price_unit: null,
    status,
    address: null,
    city: { id: 1, name: 'Helsinki' },
    approved: true,
    rejection_reason: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    expires_at: null,
    archived_at: null,
    region_id: 1,
    catalog: { id: 1, slug: 'bikes', name: 'Bikes' },
    image: null,
    images_count: 0,
    next_statuses: [],
    hidden_by_decision: false,
    attribute_values: {},
    ...extra,
  };
}

describe('the status menu and its hint', () => {
  it('offers exactly what the server allows, in the order of the status list', () => {
    expect(statusMenuChoices({ next_statuses: ['disabled', 'sold', 'reserved'] })).toEqual(
      AD_STATUSES.filter((s) => ['disabled', 'sold', 'reserved'].includes(s)),
    );
    expect(statusMenuChoices({ next_statuses: [] })).toEqual([]);
  });

  it('explains why "active" is missing, and says nothing when it is there or the ad is live', () => {
    expect(missingActiveHint({ status: 'active', next_statuses: ['sold'] })).toBeNull();
    expect(missingActiveHint({ status: 'sold', next_statuses: ['active', 'reserved'] })).toBeNull();
    expect(missingActiveHint({ status: 'moderate', next_statuses: [] })).toBe('in_review');
    expect(missingActiveHint({ status: 'canceled', next_statuses: [] })).toBe('rejected');
    expect(missingActiveHint({ status: 'new', next_statuses: [] })).toBe('draft');
    expect(missingActiveHint({ status: 'disabled', next_statuses: ['sold'] })).toBe('not_approved');
  });

  it('follows the transition table when a status is taken: an approved sold ad may go active again', () => {
    const sold = withStatus(ad('a', 'active', { approved: true }), 'sold');
    expect(sold.status).toBe('sold');
    expect(sold.next_statuses).toContain('active');
    const unapproved = withStatus(ad('b', 'active', { approved: false }), 'disabled');
    expect(unapproved.next_statuses).not.toContain('active');
  });
});

describe('the status chips', () => {
  it('starts with "All" counting every status, then only statuses that have ads', () => {
    const counts = { ...zero(), active: 3, sold: 1 };
    expect(statusChips(counts, null)).toEqual([
      { status: null, count: 4 },
      ...AD_STATUSES.filter((s) => s === 'active' || s === 'sold').map((s) => ({ status: s, count: counts[s] })),
    ]);
  });

  it('keeps the chip being looked at even when its count fell to zero', () => {
    const chips = statusChips({ ...zero(), active: 2 }, 'reserved');
    expect(chips.map((c) => c.status)).toContain('reserved');
    expect(chips.find((c) => c.status === 'reserved')?.count).toBe(0);
  });
});

describe('changing the list in place', () => {
  const state = { ads: [ad('a', 'active'), ad('b', 'moderate'), ad('c', 'sold')], counts: { ...zero(), active: 1, moderate: 1, sold: 1 } };

  it('moves one from the old status count to the new one when an ad changes status', () => {
    const next = replaceAd(state, { ...state.ads[0]!, status: 'reserved' });
    expect(next.counts.active).toBe(0);
    expect(next.counts.reserved).toBe(1);
    expect(next.ads.map((a) => a.status)).toEqual(['reserved', 'moderate', 'sold']);
    expect(replaceAd(state, { ...state.ads[1]!, name: 'Renamed' }).counts).toEqual(state.counts);
    expect(replaceAd(state, ad('zzz', 'sold'))).toBe(state);
  });

  it('takes a deleted ad out and puts it back at its place when the delete fails', () => {
    const removed = withoutAd(state, 'b');
    expect(removed.index).toBe(1);
    expect(removed.state.ads.map((a) => a.uuid)).toEqual(['a', 'c']);
    expect(removed.state.counts.moderate).toBe(0);
    const restored = restoreAd(removed.state, removed.ad!, removed.index);
    expect(restored.ads.map((a) => a.uuid)).toEqual(['a', 'b', 'c']);
    expect(restored.counts).toEqual(state.counts);
    expect(restoreAd(restored, removed.ad!, removed.index)).toBe(restored);
    expect(withoutAd(state, 'missing')).toEqual({ state, index: -1, ad: undefined });
  });

  it('never counts below zero', () => {
    const skewed = { ads: state.ads, counts: zero() };
    expect(withoutAd(skewed, 'a').state.counts.active).toBe(0);
    expect(replaceAd(skewed, { ...state.ads[0]!, status: 'sold' }).counts.active).toBe(0);
  });
});

describe('groupByValidity', () => {
  it('groups my ads as active, ending soon, ended and sold, in that order, leaving out empty groups', () => {
    const now = new Date('2026-12-01T10:00:00.000Z');
    const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
    const groups = groupByValidity(
      [
        ad('sold', 'sold'),
        ad('ended', 'active', { expires_at: at(-2) }),
        ad('ending', 'active', { expires_at: at(3) }),
        ad('running', 'active', { expires_at: at(40) }),
        ad('held', 'reserved', { expires_at: at(-2) }),
      ],
      now,
    );
    expect(groups.map((g) => [g.group, g.ads.map((a) => a.uuid)])).toEqual([
      ['active', ['running', 'held']],
      ['ending', ['ending']],
      ['expired', ['ended']],
      ['sold', ['sold']],
    ]);
  });
});
