import { DEFAULT_LOCALE, type Locale } from '../../common/locales';
import { type Messages, Translator } from '../../common/translator';

// Each language is its own chunk (Vite makes one per file the pattern matches): a visitor
// downloads only the language they read, and a new language file needs no line here.
export async function loadMessages(locale: Locale): Promise<Messages> {
  return ((await import(`../i18n/${locale}.json`)) as { default: Messages }).default;
}

/** One translator; on the server one per language for all requests, in the browser one per page load. */
export function createI18n(
  locale: Locale,
  resources: Partial<Record<Locale, Messages>>,
  onMissing?: (key: string, language: string) => void,
): Translator {
  return new Translator({ language: locale, fallbackLanguage: DEFAULT_LOCALE, resources, onMissing });
}

/** Loads a language that is not there yet, then switches to it. */
export async function switchLanguage(instance: Translator, locale: Locale): Promise<void> {
  if (!instance.hasResourceBundle(locale)) instance.addResourceBundle(locale, await loadMessages(locale));
  instance.changeLanguage(locale);
}
