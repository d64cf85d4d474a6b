import type { Locale } from '../../common/locales';
import type { Translator } from '../../common/translator';

type Messages = Record<string, unknown>;

// Each language's texts in two parts (web/lib/message-parts.ts, built by vite.config.ts).
const first: Record<Locale, () => Promise<{ default: Messages }>> = {
  fi: () => import('virtual:messages/fi/first'),
  en: () => import('virtual:messages/en/first'),
  ru: () => import('virtual:messages/ru/first'),
};
const rest: Record<Locale, () => Promise<{ default: Messages }>> = {
  fi: () => import('virtual:messages/fi/rest'),
  en: () => import('virtual:messages/en/rest'),
  ru: () => import('virtual:messages/ru/rest'),
};

/** The texts a public page needs to hydrate. */
export async function loadFirstMessages(locale: Locale): Promise<Messages> {
  return (await first[locale]()).default;
}

let allLoaded: Promise<void> = Promise.resolve();
let restStarted = false;

/**
 * Adds the rest of the language's texts to the translator, once, quietly: the page on screen has
 * all its texts in the first part (web/lib/message-parts.test.ts holds that), so nothing renders
 * again; what renders later (another page, a dialog, which waits for `allMessagesLoaded`) finds
 * them. A page reached before they arrived missed some, and renders again (common/translator.ts).
 */
export function loadRestMessages(instance: Translator, locale: Locale): Promise<void> {
  if (restStarted) return allLoaded;
  restStarted = true;
  allLoaded = rest[locale]().then(
    ({ default: messages }) => instance.addResourceBundle(locale, messages, { quiet: true }),
    () => undefined,
  );
  return allLoaded;
}

/** Resolves once every text of the page's language is there (at once where the page loaded them all). */
export function allMessagesLoaded(): Promise<void> {
  return allLoaded;
}
