import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistance, nextPass, passDays } from './search-plan.ts';

describe('the pass after a time block that found too few', () => {
  const blocks = [1, 4, 16, 64, 256];
  // Midday of day 20782 (a Tuesday in November 2026): 2 days into its 4-day block, 14 into its 16-day one.
  const now = 20782.5;
  it('covers the days expected to hold the candidates at a cautious rate, in the smallest blocks that can', () => {
    // 38 in the last 1.5 days, at least about 25.7 (two standard deviations low): 200 need 11.7
    // days; today's 4-day block (2.5 days gone) and the three before cover 14.5.
    expect(nextPass(blocks, now, 1.5, 38, 200)).toEqual({ size: 4, count: 4 });
    expect(passDays({ size: 4, count: 4 }, now)).toBe(14.5);
    // 138 in 1.5 days: 2.6 days needed, today and the three days before.
    expect(nextPass(blocks, now, 1.5, 138, 200)).toEqual({ size: 1, count: 4 });
    expect(passDays({ size: 1, count: 4 }, now)).toBe(3.5);
    // 40 in 14.5 days: about 106 days, two 64-day blocks (46.5 days of this one gone).
    expect(nextPass(blocks, now, 14.5, 40, 200)).toEqual({ size: 64, count: 2 });
    expect(passDays({ size: 64, count: 2 }, now)).toBe(110.5);
  });
  it('always covers more days than the pass before', () => {
    for (const [covered, found] of [
      [1.5, 199],
      [14.5, 190],
      [30.5, 150],
    ] as const) {
      const pass = nextPass(blocks, now, covered, found, 200);
      if (pass) expect(passDays(pass, now)).toBeGreaterThan(covered);
    }
  });
  it('is the pass without a time limit when nothing or too little was found', () => {
    expect(nextPass(blocks, now, 1.5, 0, 200)).toBeUndefined();
    // A handful says too little to size a pass by: straight to the one that finds them all.
    expect(nextPass(blocks, now, 14.5, 1, 200)).toBeUndefined();
    expect(nextPass(blocks, now, 1.5, 4, 200)).toBeUndefined();
    expect(nextPass(blocks, now, 1000, 150, 200)).toBeUndefined();
  });
});

describe('the distance between a typed word and a vocabulary word', () => {
  it('counts inserted, deleted and changed letters, and two neighbours swapped as one edit', () => {
    expect(editDistance('polkupyörä', 'polkupyörä')).toBe(0);
    expect(editDistance('polkupyora', 'polkupyörä')).toBe(2);
    expect(editDistance('sohva', 'sohvaa')).toBe(1);
    expect(editDistance('iphnoe', 'iphone')).toBe(1);
    expect(editDistance('', 'auto')).toBe(4);
  });

  it('counts letters, not UTF-16 units', () => {
    expect(editDistance('🚲a', '🚲b')).toBe(1);
    expect(editDistance('диван', 'дивен')).toBe(1);
  });

  it('allows one edit in a word of up to five letters and two in a longer one', () => {
    expect(allowedEdits('sohva')).toBe(1);
    expect(allowedEdits('tuoli')).toBe(1);
    expect(allowedEdits('pyörät')).toBe(2);
    expect(allowedEdits('ääää')).toBe(1);
  });
});
