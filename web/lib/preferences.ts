import { CONSENT_COOKIE, LOCALE_COOKIE, THEME_COOKIE, VIEW_COOKIE } from '../../common/cookies';
import type { Locale } from '../../common/locales';
import { isLocale } from '../../common/locales';

/**
 * Choices a visitor makes before or without an account: language, theme and cookie consent.
 * Each is kept in local storage (the spec) and mirrored in a cookie, so that the server renders
 * the right language, theme and banner state on the first request, without a flash.
 */
const ONE_YEAR = 365 * 24 * 60 * 60;

function writeCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure}`;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, blocked cookies)
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // The cookie still carries the choice.
  }
}

// Each choice is kept under the same name in local storage and in the cookie the server reads.
export const LOCALE_KEY = LOCALE_COOKIE;
export const THEME_KEY = THEME_COOKIE;
export const CONSENT_KEY = CONSENT_COOKIE;

export function storedLocale(): Locale | undefined {
  const value = readStorage(LOCALE_KEY);
  return isLocale(value) ? value : undefined;
}

/** The stored choice, else the browser's language if we have it, else undefined (the caller falls back to fi). */
export function preferredLocale(): Locale | undefined {
  return storedLocale() ?? navigator.languages.map((l) => l.toLowerCase().split('-')[0]).find(isLocale);
}

export function storeLocale(locale: Locale): void {
  writeStorage(LOCALE_KEY, locale);
  writeCookie(LOCALE_KEY, locale);
}

export type Theme = 'dark' | 'light';

export function storeTheme(theme: Theme): void {
  writeStorage(THEME_KEY, theme);
  writeCookie(THEME_KEY, theme);
}

/** Back to following the device (log-out: the theme was the account's). */
export function forgetTheme(): void {
  try {
    window.localStorage.removeItem(THEME_KEY);
  } catch {
    // Nothing stored then.
  }
  document.cookie = `${THEME_KEY}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** Card or list view of the listings, remembered so the server renders the same view next time. */
export function storeViewMode(mode: 'card' | 'list'): void {
  writeCookie(VIEW_COOKIE, mode);
}

export type Consent = 'granted' | 'denied';

export function storeConsent(consent: Consent): void {
  writeStorage(CONSENT_KEY, JSON.stringify({ value: consent, at: new Date().toISOString() }));
  storeConsentCookie(consent);
}

export function storeConsentCookie(consent: Consent): void {
  writeCookie(CONSENT_KEY, consent);
}

/**
 * Runs in <head> before the first paint: applies the stored theme (or the device's) so that
 * a dark-theme visitor never sees a white flash. A signed-in person's page carries their
 * account's theme in `data-account-theme` (spec: the dark theme follows the user's setting),
 * which wins and is remembered on this device. Kept tiny and dependency-free on purpose.
 */
export const themeBootScript = `(function(){try{var e=document.documentElement,a=e.getAttribute('data-account-theme'),t=a||localStorage.getItem('${THEME_KEY}');if(a)localStorage.setItem('${THEME_KEY}',a);if(!t){var m=document.cookie.match(/(?:^|; )${THEME_KEY}=(dark|light)/);t=m?m[1]:(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')}e.classList.toggle('dark',t==='dark');e.style.colorScheme=t}catch(x){}})()`;
