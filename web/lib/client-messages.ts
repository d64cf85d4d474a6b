import type { i18n as I18n } from 'i18next';
import type { Locale } from '../../common/locales';

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

/** Adds the rest of the language's texts to the instance; re-renders what showed a missing text. */
export function loadRestMessages(instance: I18n, locale: Locale): Promise<void> {
  allLoaded = rest[locale]().then(
    async ({ default: messages }) => {
      instance.addResourceBundle(locale, 'translation', messages, true, true);
      await instance.changeLanguage(instance.language);
    },
    () => undefined,
  );
  return allLoaded;
}

/** Resolves once every text of the page's language is there (at once where the page loaded them all). */
export function allMessagesLoaded(): Promise<void> {
  return allLoaded;
}
