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
