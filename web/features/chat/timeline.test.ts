import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from './timeline';

const t = (key: string) => ({ 'chat.today': 'Today', 'chat.yesterday': 'Yesterday' })[key] ?? key;

describe('groupByDay', () => {
  it('starts a new group at each Finnish midnight, not the UTC one', () => {
    const groups = groupByDay([
      { id: 1, created_at: '2026-11-22T21:30:00Z' }, // 23.30 in Helsinki
      { id: 2, created_at: '2026-11-22T22:30:00Z' }, // 00.30 the next day
      { id: 3, created_at: '2026-11-23T08:00:00Z' },
    ]);
    expect(groups.map((g) => [g.day, g.items.map((i) => i.id)])).toEqual([
      ['2026-11-22', [1]],
      ['2026-11-23', [2, 3]],
    ]);
  });
});

describe('dayLabel', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('says today and yesterday, and the date before that', () => {
    expect(dayLabel('2026-11-23', 'en', t, now)).toBe('Today');
    expect(dayLabel('2026-11-22', 'en', t, now)).toBe('Yesterday');
    expect(dayLabel('2026-11-21', 'en', t, now)).toBe('21 November 2026');
    expect(dayLabel('2026-11-21', 'fi', t, now)).toBe('21. marraskuuta 2026');
  });
});
