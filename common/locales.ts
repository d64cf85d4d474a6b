/** The site's languages: Finnish (default and fallback), English, Russian. */
export const LOCALES = ['fi', 'en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fi';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The Intl locale each language formats numbers and dates with (Finnish conventions, British English). */
export const INTL_LOCALE: Readonly<Record<Locale, string>> = { fi: 'fi-FI', en: 'en-GB', ru: 'ru-RU' };

/** Dates and times are shown in Finnish time whatever the reader's device says. */
export const TIME_ZONE = 'Europe/Helsinki';
