import { describe, expect, it } from 'vitest';
import { DAY_MS, mayRenewNow, renewalWindow, validityGroup } from './ad-validity.ts';

const now = new Date('2026-12-01T10:00:00.000Z');
const at = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

describe('ad validity rules', () => {
  it('opens the renewal in the last 7 days and closes it 90 days after the end', () => {
    expect(renewalWindow(new Date(at(8)), now)).toBe('too_early');
    expect(renewalWindow(new Date(at(7)), now)).toBe('open');
    expect(renewalWindow(new Date(at(-90)), now)).toBe('open');
    expect(renewalWindow(new Date(at(-91)), now)).toBe('too_late');
  });

  it('groups my ads: active, ending soon, ended, sold; a reserved one never ends', () => {
    expect(validityGroup({ status: 'active', expires_at: at(30) }, now)).toBe('active');
    expect(validityGroup({ status: 'active', expires_at: at(3) }, now)).toBe('ending');
    expect(validityGroup({ status: 'active', expires_at: at(-1) }, now)).toBe('expired');
    expect(validityGroup({ status: 'reserved', expires_at: at(-1) }, now)).toBe('active');
    expect(validityGroup({ status: 'sold', expires_at: at(-1) }, now)).toBe('sold');
    expect(validityGroup({ status: 'moderate', expires_at: null }, now)).toBe('other');
  });

  it('offers the renew button only while renewing is allowed and the ad is not archived', () => {
    expect(mayRenewNow({ status: 'active', expires_at: at(2) }, now)).toBe(true);
    expect(mayRenewNow({ status: 'active', expires_at: at(20) }, now)).toBe(false);
    expect(mayRenewNow({ status: 'active', expires_at: at(-10), archived_at: at(-1) }, now)).toBe(false);
    expect(mayRenewNow({ status: 'sold', expires_at: at(2) }, now)).toBe(false);
  });
});
