import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../common/locales';

type Messages = Record<string, unknown>;

// Each language is its own chunk: a visitor downloads only the language they read.
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  fi: () => import('../i18n/fi.json'),
  en: () => import('../i18n/en.json'),
  ru: () => import('../i18n/ru.json'),
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await loaders[locale]()).default;
}

/** One i18next instance; on the server one per language for all requests, in the browser one per page load. */
export function createI18n(locale: Locale, resources: Resource): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: LOCALES,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Loads a language that is not there yet, then switches to it. */
export async function switchLanguage(instance: I18n, locale: Locale): Promise<void> {
  if (!instance.hasResourceBundle(locale, 'translation')) {
    instance.addResourceBundle(locale, 'translation', await loadMessages(locale));
  }
  await instance.changeLanguage(locale);
}
