/**
 * The site's languages, in the language selector's order: Finnish (default and fallback),
 * Swedish, English, Russian. A language is this list, its line in LOCALE_INFO and its texts in
 * web/i18n/<code>.json (imported in web/i18n/messages.ts); everything else derives from here.
 */
export const LOCALES = ['fi', 'sv', 'en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fi';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Per language: its own name, the Intl locale numbers and dates are formatted with (Finnish conventions, Finland
 * Swedish, British English), and a stable number for APIs that name languages by id (the blog's
 * `language.id`: ids never change once given, whatever the order above).
 */
export const LOCALE_INFO: Readonly<Record<Locale, { name: string; intl: string; id: number }>> = {
  fi: { name: 'Suomi', intl: 'fi-FI', id: 1 },
  sv: { name: 'Svenska', intl: 'sv-FI', id: 4 },
  en: { name: 'English', intl: 'en-GB', id: 2 },
  ru: { name: 'Русский', intl: 'ru-RU', id: 3 },
};

/**
 * A language's name as its speakers write it ("Svenska"), the same in every language's pages:
 * the language selector and the staff's language lists show it.
 */
export function languageName(code: string): string {
  return isLocale(code) ? LOCALE_INFO[code].name : code;
}

/** The Intl locale each language formats numbers and dates with. */
export const INTL_LOCALE: Readonly<Record<Locale, string>> = Object.fromEntries(
  LOCALES.map((locale) => [locale, LOCALE_INFO[locale].intl]),
) as Record<Locale, string>;

/** Dates and times are shown in Finnish time whatever the reader's device says. */
export const TIME_ZONE = 'Europe/Helsinki';

/**
 * The languages a staff-named thing (a catalog or blog category, a category field) must have a
 * name in: the three the site started with. A name in any other language is optional and reads
 * as the Finnish one until given.
 */
export const REQUIRED_NAME_LOCALES: readonly Locale[] = ['fi', 'en', 'ru'];

/**
 * A staff-named thing's names besides the Finnish one ({ sv, en, ru, … }), stored as one map so a
 * new language needs no new column: one missing reads as the Finnish name.
 */
export type Translations = Partial<Record<Locale, string>>;
