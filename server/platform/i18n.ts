import { MESSAGES } from './messages.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale } from '../../common/locales.ts';
import { type TFunction, Translator } from '../../common/translator.ts';

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

// The server's one translator, over the same files the web uses: mails, API messages and page
// texts are translated by the same code (common/translator.ts), with Finnish as the fallback and
// the key last.
const translator = new Translator({ language: DEFAULT_LOCALE, fallbackLanguage: DEFAULT_LOCALE, resources: MESSAGES });
const fixedT = Object.fromEntries(LOCALES.map((locale) => [locale, translator.getFixedT(locale)])) as Record<Locale, TFunction>;

/** A text in the given language, with its {{parameters}} filled in. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  return fixedT[locale](key, params);
}
