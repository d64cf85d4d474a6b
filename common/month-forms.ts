import { INTL_LOCALE, type Locale, TIME_ZONE } from './locales.ts';

/**
 * Finnish months in the elative ("from November": "marraskuusta"), which Intl does not give: the
 * form "Jäsen marraskuusta 2026" needs. Index 0 is January.
 */
const FI_ELATIVE = [
  'tammikuusta',
  'helmikuusta',
  'maaliskuusta',
  'huhtikuusta',
  'toukokuusta',
  'kesäkuusta',
  'heinäkuusta',
  'elokuusta',
  'syyskuusta',
  'lokakuusta',
  'marraskuusta',
  'joulukuusta',
] as const;

const parts = (date: Date, locale: Locale, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone: TIME_ZONE }).formatToParts(date);
const part = (list: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) => list.find((p) => p.type === type)?.value ?? '';

/**
 * A month and year in the case "since …" takes in each language (Finnish time), to fill the
 * `{{date}}` of a text such as "Member since {{date}}": fi "marraskuusta 2026" (elative, from the
 * table above), ru "ноября 2026 г." (genitive: Intl writes it when a day goes with the month),
 * en "November 2026", sv "november 2026" (the nominative is right there).
 */
export function monthSince(value: Date | string, locale: Locale): string {
  const date = new Date(value);
  if (locale === 'fi') {
    const numeric = parts(date, 'fi', { month: 'numeric', year: 'numeric' });
    return `${FI_ELATIVE[Number(part(numeric, 'month')) - 1]} ${part(numeric, 'year')}`;
  }
  if (locale === 'ru') {
    const month = part(parts(date, 'ru', { day: 'numeric', month: 'long' }), 'month');
    return `${month} ${part(parts(date, 'ru', { year: 'numeric' }), 'year')} г.`;
  }
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', year: 'numeric', timeZone: TIME_ZONE }).format(date);
}
