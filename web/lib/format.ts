import { INTL_LOCALE, type Locale, TIME_ZONE, isLocale } from '../../common/locales';

// Building an Intl formatter costs far more than using one: each is made once and reused
// (a listing page formats dozens of prices and dates per render).
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let found = formatters.get(key) as T | undefined;
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

/** A price in euros as the reader's language writes it: "1 250 €", "€1,250", "1 250 €". */
export function formatPrice(euros: number, locale: Locale): string {
  const cents = !Number.isInteger(euros);
  return formatter(
    `price|${locale}|${cents}`,
    () =>
      new Intl.NumberFormat(INTL_LOCALE[locale], {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: cents ? 2 : 0,
        maximumFractionDigits: 2,
      }),
  ).format(euros);
}

const ordinal = (day: number) =>
  day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';

/** The spec's "Mon Do YYYY, h:mma" reading, localized: "Nov 22nd 2026, 9:05pm" / "22. marrask. 2026 klo 21.05". */
export function formatCreated(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (locale === 'en') {
    const parts = formatter(
      'created|en',
      () => new Intl.DateTimeFormat('en-GB', { month: 'short', day: 'numeric', year: 'numeric', timeZone: TIME_ZONE }),
    ).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    const day = Number(part('day'));
    const time = formatter(
      'time|en',
      () => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: TIME_ZONE }),
    )
      .format(date)
      .replace(/\s/g, '')
      .toLowerCase();
    return `${part('month')} ${day}${ordinal(day)} ${part('year')}, ${time}`;
  }
  return formatter(
    `created|${locale}`,
    () => new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }),
  ).format(date);
}

const intlLocale = (locale: string) => INTL_LOCALE[isLocale(locale) ? locale : 'fi'];

/** A moment in the reader's language and Finnish time: "22.11.2026 klo 21.05", "22 Nov 2026, 21:05". */
export function formatDateTime(iso: string, locale: string): string {
  return formatter(
    `datetime|${locale}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }),
  ).format(new Date(iso));
}

/** A day in the reader's language: "22. marraskuuta 2026", "22 November 2026". */
export function formatDate(iso: string, locale: string): string {
  return formatter(`date|${locale}`, () => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: TIME_ZONE })).format(
    new Date(iso),
  );
}

/** A time of day in the reader's language and Finnish time: "21.05", "21:05". */
export function formatTime(iso: string, locale: string): string {
  return formatter(
    `clock|${locale}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: 'short', timeZone: TIME_ZONE }),
  ).format(new Date(iso));
}

/** The calendar day of a moment in Finnish time, "2026-11-22": what groups messages by day. */
export function dayKey(iso: string | Date): string {
  return formatter(
    'day-key',
    () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TIME_ZONE }),
  ).format(typeof iso === 'string' ? new Date(iso) : iso);
}

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();
function relative(locale: string): Intl.RelativeTimeFormat {
  let found = relativeFormatters.get(locale);
  if (!found) {
    found = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto', style: 'short' });
    relativeFormatters.set(locale, found);
  }
  return found;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When an ad was posted, as a card says it: "now", "5 min ago", "2 hr ago", "yesterday",
 * "3 days ago", then a date ("12 Nov", with the year when it is not this year's). Days are
 * Finnish calendar days. `now` is passed in, not read here, so the server and the browser that
 * hydrates its HTML write the same words (the page's loader takes it once per render).
 */
export function formatPostedAgo(iso: string, now: number, locale: string): string {
  const posted = new Date(iso);
  const elapsed = Math.max(0, now - posted.getTime());
  const rtf = relative(locale);
  if (elapsed < MINUTE) return rtf.format(0, 'second');
  if (elapsed < HOUR) return rtf.format(-Math.floor(elapsed / MINUTE), 'minute');
  const days = Math.round((Date.parse(dayKey(new Date(now))) - Date.parse(dayKey(posted))) / (24 * HOUR));
  // The same day, or a late-night ad seen just after midnight: hours say more than "yesterday".
  if (days === 0 || elapsed < 12 * HOUR) return rtf.format(-Math.floor(elapsed / HOUR), 'hour');
  if (days < 7) return rtf.format(-days, 'day');
  const sameYear = dayKey(posted).slice(0, 4) === dayKey(new Date(now)).slice(0, 4);
  return formatter(
    `posted|${locale}|${sameYear}`,
    () =>
      new Intl.DateTimeFormat(intlLocale(locale), {
        day: 'numeric',
        month: 'short',
        ...(sameYear ? {} : { year: 'numeric' }),
        timeZone: TIME_ZONE,
      }),
  ).format(posted);
}
