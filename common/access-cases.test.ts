import { describe, expect, it } from 'vitest';
import { type Actor, type Permission, mayDecideCase, mayResubmitAd, mayRestatusAd } from './access.ts';

const actor = (id: number, ...permissions: Permission[]): Actor => ({ id, permissions });

describe('deciding reports and appeals', () => {
  const handler = actor(1, 'reports.handle');

  it('lets a holder of reports.handle decide a case between other people', () => {
    expect(mayDecideCase(handler, { partyIds: [2] })).toBe(true);
    expect(mayDecideCase(handler, { partyIds: [2, 3], decidedById: 4 })).toBe(true);
    expect(mayDecideCase(handler, { partyIds: [null], decidedById: null })).toBe(true);
  });

  it('refuses everyone without the permission, visitors included', () => {
    expect(mayDecideCase(actor(1, 'ads.moderate'), { partyIds: [2] })).toBe(false);
    expect(mayDecideCase(null, { partyIds: [2] })).toBe(false);
    expect(mayDecideCase(undefined, { partyIds: [2] })).toBe(false);
  });

  it('nobody decides a case about their own ad or account, or a conversation they are in', () => {
    expect(mayDecideCase(handler, { partyIds: [1] })).toBe(false);
    expect(mayDecideCase(handler, { partyIds: [2, 1] })).toBe(false);
    expect(mayDecideCase(actor(1, ...(['reports.handle', 'ads.moderate', 'users.manage'] as const)), { partyIds: [1] })).toBe(false);
  });

  it('nobody decides an appeal against a decision they made', () => {
    expect(mayDecideCase(handler, { partyIds: [2], decidedById: 1 })).toBe(false);
  });
});

describe('the status of an ad a decision hides', () => {
  const moderator = actor(1, 'ads.moderate');

  it('ad staff set any status of other people’s ads, hidden or not, and of their own ads that are not hidden', () => {
    expect(mayRestatusAd(moderator, { userId: 2, status: 'canceled', hiddenByDecision: true })).toBe(true);
    expect(mayRestatusAd(moderator, { userId: 2, status: 'moderate', hiddenByDecision: false })).toBe(true);
    expect(mayRestatusAd(moderator, { userId: 1, status: 'disabled', hiddenByDecision: false })).toBe(true);
  });

  it('nobody brings back their own hidden ad as staff, and people without ads.moderate set no status as staff', () => {
    expect(mayRestatusAd(moderator, { userId: 1, status: 'canceled', hiddenByDecision: true })).toBe(false);
    expect(mayRestatusAd(actor(2, 'reports.handle'), { userId: 3, status: 'canceled', hiddenByDecision: false })).toBe(false);
    expect(mayRestatusAd(null, { userId: 3, status: 'canceled', hiddenByDecision: false })).toBe(false);
  });

  it('an edit sends an ad back to review unless a decision hides it', () => {
    expect(mayResubmitAd({ hiddenByDecision: false })).toBe(true);
    expect(mayResubmitAd({ hiddenByDecision: true })).toBe(false);
  });
});
