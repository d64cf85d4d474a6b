const INTL_LOCALE: Record<string, string> = { fi: 'fi-FI', en: 'en-GB', ru: 'ru-RU' };

/** A moment in the reader's language and Finnish time: "22.11.2026 klo 21.05", "22 Nov 2026, 21:05". */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale] ?? 'fi-FI', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Helsinki',
  }).format(new Date(iso));
}

export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale] ?? 'fi-FI', { dateStyle: 'long', timeZone: 'Europe/Helsinki' }).format(new Date(iso));
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** Browser and system names from a User-Agent, enough to recognise one's own devices. */
export function describeDevice(userAgent: string | null): { browser: string | undefined; system: string | undefined } {
  if (!userAgent) return { browser: undefined, system: undefined };
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1],
    system: SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1],
  };
}
