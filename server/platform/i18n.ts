import en from '../../web/i18n/en.json' with { type: 'json' };
import fi from '../../web/i18n/fi.json' with { type: 'json' };
import ru from '../../web/i18n/ru.json' with { type: 'json' };
import { DEFAULT_LOCALE, type Locale, isLocale } from '../../common/locales.ts';
/** Name of the cookie that carries the visitor's language to the server renderer. */

type Messages = { [key: string]: string | Messages };
const catalogs: Record<Locale, Messages> = { fi, en, ru };

/**
 * Picks the first supported language of an Accept-Language header by quality,
 * so "ru-RU,ru;q=0.9,en;q=0.8" gives ru and "de-DE" gives undefined.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.lang).find(isLocale);
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Server-side translation from the same files the web uses; missing keys fall back to Finnish, then to the key. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(catalogs[locale], key) ?? lookup(catalogs[DEFAULT_LOCALE], key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
