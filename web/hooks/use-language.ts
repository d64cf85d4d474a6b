import { useCallback, useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useRevalidator, useSearchParams } from 'react-router';
import { switchLanguage } from '../lib/i18n';
import { type Locale, isLocale } from '../../common/locales';
import { storeLocale, storedLocale } from '../lib/preferences';

/** Switches the language everywhere: texts at once, then the server-made parts (titles, names) by revalidating. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();

  const change = useCallback(
    async (locale: Locale) => {
      storeLocale(locale);
      await switchLanguage(i18n, locale);
      document.documentElement.lang = locale;
      await revalidator.revalidate();
    },
    [i18n, revalidator],
  );

  return { locale: (isLocale(i18n.language) ? i18n.language : 'fi') as Locale, change };
}

/**
 * After hydration: a `?lang=` link counts as a choice and is remembered; otherwise a stored
 * choice that differs from what the server rendered (no cookie yet) is applied.
 */
export function useStoredLanguage(renderedLocale: Locale): void {
  const { change } = useLanguage();
  const [searchParams] = useSearchParams();
  const fromUrl = searchParams.get('lang');

  useEffect(() => {
    if (isLocale(fromUrl)) {
      storeLocale(fromUrl);
      return;
    }
    const stored = storedLocale();
    if (stored && stored !== renderedLocale) void change(stored);
    // Only on first load: later changes go through `change`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
