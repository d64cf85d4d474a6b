// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_KEY, LOCALE_KEY, THEME_KEY, preferredLocale, storeConsent, storeLocale, storeTheme, storedLocale } from './preferences';

function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

function clearAll() {
  window.localStorage.clear();
  for (const name of [LOCALE_KEY, THEME_KEY, CONSENT_KEY]) document.cookie = `${name}=; Path=/; Max-Age=0`;
}

beforeEach(clearAll);
afterEach(() => {
  vi.restoreAllMocks();
  clearAll();
});

function browserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
}

describe('locale preference', () => {
  it('stores the chosen locale in local storage and in a cookie', () => {
    storeLocale('ru');
    expect(window.localStorage.getItem(LOCALE_KEY)).toBe('ru');
    expect(cookie(LOCALE_KEY)).toBe('ru');
    expect(storedLocale()).toBe('ru');
  });

  it('ignores a stored value that is not a supported locale', () => {
    window.localStorage.setItem(LOCALE_KEY, 'de');
    expect(storedLocale()).toBeUndefined();
  });

  it('prefers the stored choice over the browser language', () => {
    browserLanguages(['en-GB']);
    storeLocale('fi');
    expect(preferredLocale()).toBe('fi');
  });

  it('falls back to the first supported browser language', () => {
    browserLanguages(['de-DE', 'RU-ru', 'en']);
    expect(preferredLocale()).toBe('ru');
  });

  it('gives undefined (the caller uses fi) when neither is known', () => {
    browserLanguages(['de-DE', 'it']);
    expect(preferredLocale()).toBeUndefined();
  });

  it('treats unreadable storage as no stored choice', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    browserLanguages(['en-US']);
    expect(storedLocale()).toBeUndefined();
    expect(preferredLocale()).toBe('en');
  });
});

describe('theme preference', () => {
  it('stores the theme in local storage and in a cookie', () => {
    storeTheme('dark');
    expect(window.localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(cookie(THEME_KEY)).toBe('dark');
  });
});

describe('consent preference', () => {
  it('stores the answer as JSON {value, at} in local storage and the bare answer in the cookie', () => {
    storeConsent('denied');
    const stored = JSON.parse(window.localStorage.getItem(CONSENT_KEY)!) as { value: string; at: string };
    expect(stored.value).toBe('denied');
    expect(Number.isNaN(Date.parse(stored.at))).toBe(false);
    expect(cookie(CONSENT_KEY)).toBe('denied');
  });

  it('still writes the cookie when local storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    storeConsent('granted');
    expect(cookie(CONSENT_KEY)).toBe('granted');
  });
});
