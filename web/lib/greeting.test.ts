import { describe, expect, it } from 'vitest';
import { finnishHour, greetingFor } from './greeting';

describe('greetingFor', () => {
  it.each(Array.from({ length: 13 }, (_, hour) => hour))("greets 'morning' from 0 to 12 (hour %i)", (hour) => {
    expect(greetingFor(hour)).toBe('morning');
  });

  it.each([13, 14, 15, 16, 17, 18])("greets 'afternoon' from 13 to 18 (hour %i)", (hour) => {
    expect(greetingFor(hour)).toBe('afternoon');
  });

  it.each([19, 20, 21, 22, 23])("greets 'evening' otherwise (hour %i)", (hour) => {
    expect(greetingFor(hour)).toBe('evening');
  });

  it('maps all 24 hours to exactly 13 mornings, 6 afternoons and 5 evenings', () => {
    const counts = { morning: 0, afternoon: 0, evening: 0 };
    for (let hour = 0; hour < 24; hour++) counts[greetingFor(hour)]++;
    expect(counts).toEqual({ morning: 13, afternoon: 6, evening: 5 });
  });
});

describe('finnishHour', () => {
  it('gives the Helsinki hour in winter time (UTC+2)', () => {
    expect(finnishHour(new Date('2024-01-15T10:00:00Z'))).toBe(12);
    expect(finnishHour(new Date('2024-01-15T11:00:00Z'))).toBe(13);
  });

  it('gives the Helsinki hour in summer time (UTC+3)', () => {
    expect(finnishHour(new Date('2024-07-15T10:00:00Z'))).toBe(13);
    expect(finnishHour(new Date('2024-07-15T15:59:00Z'))).toBe(18);
  });

  it('gives 0, not 24, at Helsinki midnight', () => {
    expect(finnishHour(new Date('2024-01-15T22:00:00Z'))).toBe(0);
    expect(finnishHour(new Date('2024-07-15T21:30:00Z'))).toBe(0);
  });

  it('follows the switch to summer time on the last Sunday of March', () => {
    // The clocks go from 03:00 EET to 04:00 EEST at 01:00 UTC.
    expect(finnishHour(new Date('2024-03-31T00:59:00Z'))).toBe(2);
    expect(finnishHour(new Date('2024-03-31T01:00:00Z'))).toBe(4);
  });

  it('greets by the Finnish hour, not the UTC hour', () => {
    // 16:30 UTC in July is 19:30 in Helsinki: evening there, afternoon in UTC.
    expect(greetingFor(finnishHour(new Date('2024-07-15T16:30:00Z')))).toBe('evening');
  });
});
