import { describe, expect, it } from 'vitest';
import { dayKey, formatCreated, formatPrice, formatTime } from './format';

describe('formatPrice', () => {
  it('writes euros the way each language does, with cents only when there are some', () => {
    expect(formatPrice(1250, 'fi').replace(/\s/g, ' ')).toBe('1 250 €');
    expect(formatPrice(12.5, 'fi').replace(/\s/g, ' ')).toBe('12,50 €');
    expect(formatPrice(1250, 'en')).toBe('€1,250');
    expect(formatPrice(1250, 'ru').replace(/\s/g, ' ')).toBe('1 250 €');
    // The cached formatters do not leak the fraction setting from one call to the next.
    expect(formatPrice(3, 'en')).toBe('€3');
  });
});

describe('formatCreated', () => {
  const iso = '2026-11-22T19:05:00Z'; // 21.05 in Helsinki
  it('reads "Mon Do YYYY, h:mma" in English', () => {
    expect(formatCreated(iso, 'en')).toBe('Nov 22nd 2026, 9:05pm');
    expect(formatCreated('2026-03-01T08:00:00Z', 'en')).toBe('Mar 1st 2026, 10:00am');
    expect(formatCreated('2026-03-13T08:00:00Z', 'en')).toBe('Mar 13th 2026, 10:00am');
  });
  it('uses the reader’s own date style in Finnish and Russian, in Helsinki time', () => {
    expect(formatCreated(iso, 'fi')).toContain('2026');
    expect(formatCreated(iso, 'fi')).toContain('21.05');
    expect(formatCreated(iso, 'ru')).toContain('21:05');
  });
});

describe('formatTime and dayKey', () => {
  it('gives the time of day in Helsinki time, in 24 hours for every language', () => {
    const iso = '2026-11-22T19:05:00Z';
    expect(formatTime(iso, 'fi')).toBe('21.05');
    expect(formatTime(iso, 'en')).toBe('21:05');
    expect(formatTime(iso, 'ru')).toBe('21:05');
    // Not disturbed by the 12-hour English clock of formatCreated.
    expect(formatCreated(iso, 'en')).toBe('Nov 22nd 2026, 9:05pm');
  });

  it('puts a moment on its Finnish calendar day', () => {
    expect(dayKey('2026-11-22T21:59:00Z')).toBe('2026-11-22');
    expect(dayKey('2026-11-22T22:01:00Z')).toBe('2026-11-23');
    expect(dayKey(new Date('2026-06-30T21:30:00Z'))).toBe('2026-07-01');
  });
});
