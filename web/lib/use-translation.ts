import { type ReactNode, createContext, createElement, useContext, useMemo, useSyncExternalStore } from 'react';
import type { TFunction, Translator } from '../../common/translator';

export type { TFunction } from '../../common/translator';

export interface Translation {
  t: TFunction;
  i18n: Translator;
}

const I18nContext = createContext<Translator | null>(null);

/** Gives the components below it the translator (web/entry.client.tsx, web/entry.server.tsx, tests). */
export function I18nProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

/**
 * The `t` of the current language and the translator. `t` is one function per translator and
 * language, shared by every component (the server renders many pages with the same translator), and
 * changes only when the language or its texts do: then the components re-render with the new one.
 */
export function useTranslation(): Translation {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an <I18nProvider> above it');
  const current = () => i18n.getFixedT(i18n.language);
  const t = useSyncExternalStore(i18n.subscribe, current, current);
  return useMemo(() => ({ t, i18n }), [t, i18n]);
}
