import { describe, expect, it } from 'vitest';
import { dayKey, formatCreated, formatPostedAgo, formatPrice, formatTime } from './format';

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

describe('formatPostedAgo', () => {
  // 14.00 on Tuesday 24 November 2026 in Helsinki.
  const now = Date.parse('2026-11-24T12:00:00Z');
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

  it('says minutes and hours for today, in each language', () => {
    expect(formatPostedAgo(ago(0.5), now, 'en')).toBe('now');
    expect(formatPostedAgo(ago(5), now, 'fi')).toBe('5 min sitten');
    expect(formatPostedAgo(ago(120), now, 'en')).toBe('2 hr ago');
    expect(formatPostedAgo(ago(120), now, 'fi')).toBe('2 t sitten');
    expect(formatPostedAgo(ago(120), now, 'ru')).toBe('2 ч назад');
  });

  it('says yesterday for the previous Finnish calendar day, hours just after midnight', () => {
    expect(formatPostedAgo(ago(16 * 60), now, 'en')).toBe('yesterday'); // 22.00 on Monday
    expect(formatPostedAgo(ago(16 * 60), now, 'fi')).toBe('eilen');
    expect(formatPostedAgo(ago(16 * 60), now, 'ru')).toBe('вчера');
    const justAfterMidnight = Date.parse('2026-11-24T22:30:00Z'); // 00.30 on Wednesday
    expect(formatPostedAgo('2026-11-24T20:00:00Z', justAfterMidnight, 'en')).toBe('2 hr ago');
  });

  it('counts days for the last week, then gives the date, with the year only when it is another', () => {
    expect(formatPostedAgo(ago(3 * 24 * 60), now, 'en')).toBe('3 days ago');
    expect(formatPostedAgo('2026-11-02T10:00:00Z', now, 'en')).toBe('2 Nov');
    expect(formatPostedAgo('2026-11-02T10:00:00Z', now, 'fi')).toBe('2.11.');
    expect(formatPostedAgo('2025-11-02T10:00:00Z', now, 'en')).toBe('2 Nov 2025');
  });

  it('never says "in 5 minutes" for a clock a little behind', () => {
    expect(formatPostedAgo(new Date(now + 90_000).toISOString(), now, 'en')).toBe('now');
  });
});
