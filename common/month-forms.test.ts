import { describe, expect, it } from 'vitest';
import { monthSince } from './month-forms';

describe('monthSince', () => {
  // Midnight between October and November in Finland is still October in UTC.
  const november = '2026-10-31T22:30:00Z';

  it('puts the Finnish month in the elative: "Jäsen marraskuusta 2026"', () => {
    expect(monthSince(november, 'fi')).toBe('marraskuusta 2026');
    expect(monthSince('2026-01-15T12:00:00Z', 'fi')).toBe('tammikuusta 2026');
    expect(monthSince('2025-07-01T12:00:00Z', 'fi')).toBe('heinäkuusta 2025');
  });

  it('puts the Russian month in the genitive: "На сайте с ноября 2026 г."', () => {
    expect(monthSince(november, 'ru')).toBe('ноября 2026 г.');
    expect(monthSince('2026-03-10T12:00:00Z', 'ru')).toBe('марта 2026 г.');
  });

  it('writes the English and Swedish month as it is', () => {
    expect(monthSince(november, 'en')).toBe('November 2026');
    expect(monthSince(november, 'sv')).toBe('november 2026');
  });
});
