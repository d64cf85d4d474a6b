import { describe, expect, it } from 'vitest';
import { wasUpdated } from './ad-dates';

describe('the updated date', () => {
  it('shows only when the ad changed more than a minute after it was created', () => {
    expect(wasUpdated({ created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:30Z' })).toBe(false);
    expect(wasUpdated({ created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-02T09:00:00Z' })).toBe(true);
  });
});
