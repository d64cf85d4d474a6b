import type { Locale } from '../../lib/i18n';

const INTL_LOCALE: Record<Locale, string> = { fi: 'fi-FI', en: 'en-FI', ru: 'ru-RU' };

/** A price in euros as the reader's language writes it: "1 250 €", "€1,250", "1 250 €". */
export function formatPrice(euros: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(euros) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(euros);
}

/** The spec's "Mon Do YYYY, h:mma" reading, localized: "Nov 22nd 2026, 9:05pm" / "22. marrask. 2026 klo 21.05". */
export function formatCreated(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (locale === 'en') {
    const month = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'Europe/Helsinki' }).format(date);
    const day = Number(new Intl.DateTimeFormat('en-GB', { day: 'numeric', timeZone: 'Europe/Helsinki' }).format(date));
    const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
    const year = new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Europe/Helsinki' }).format(date);
    const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Europe/Helsinki' })
      .format(date)
      .replace(' ', '')
      .toLowerCase();
    return `${month} ${day}${suffix} ${year}, ${time}`;
  }
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Helsinki' }).format(
    date,
  );
}
