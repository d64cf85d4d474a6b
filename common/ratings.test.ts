import { describe, expect, it } from 'vitest';
import { formatAverage, publicFrom, ratingDeadline, roundAverage } from './ratings.ts';

describe('rating rules', () => {
  it('rounds the average to one decimal, half up, and has none without ratings', () => {
    expect(roundAverage(0, 0)).toBeNull();
    expect(roundAverage(93, 20)).toBe(4.7); // 4.65
    expect(roundAverage(19, 4)).toBe(4.8); // 4.75
    expect(roundAverage(14, 3)).toBe(4.7); // 4.666…
    expect(roundAverage(5, 1)).toBe(5);
  });

  it('writes the average with one decimal in the reader’s locale', () => {
    expect(formatAverage(4.7, 'fi')).toBe('4,7');
    expect(formatAverage(5, 'fi')).toBe('5,0');
    expect(formatAverage(4.7, 'en')).toBe('4.7');
  });

  it('closes rating after 30 days and makes a one-sided rating public after 14', () => {
    const at = new Date('2026-03-01T12:00:00Z');
    expect(ratingDeadline(at).toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect(publicFrom(at).toISOString()).toBe('2026-03-15T12:00:00.000Z');
  });
});
