import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, translate } from './i18n.ts';

describe('localeFromAcceptLanguage', () => {
  it('picks the best supported language by quality', () => {
    expect(localeFromAcceptLanguage('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.5,fi;q=0.7')).toBe('fi');
    expect(localeFromAcceptLanguage('sv-FI, en-US;q=0.3')).toBe('sv');
    expect(localeFromAcceptLanguage('de-AT, en-US;q=0.3')).toBe('en');
  });

  it('gives undefined for nothing supported or garbage', () => {
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
    expect(localeFromAcceptLanguage('de-DE')).toBeUndefined();
    expect(localeFromAcceptLanguage(';;,,q=')).toBeUndefined();
    expect(localeFromAcceptLanguage('en;q=0')).toBeUndefined();
    expect(localeFromAcceptLanguage('x'.repeat(10_000))).toBeUndefined();
  });
});

describe('translate', () => {
  it('fills in parameters', () => {
    expect(translate('en', 'validation.min_length', { limit: 8 })).toBe('Must be at least 8 characters.');
    expect(translate('fi', 'errors.http_status', { status: 418 })).toBe('Virhe 418');
  });

  it('falls back to the key for an unknown key', () => {
    expect(translate('ru', 'no.such.key')).toBe('no.such.key');
  });
});
