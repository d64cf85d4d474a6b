import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { deferRestOf, loadFirstMessages, loadRestMessages } from './lib/client-messages';
import { createI18n, loadMessages } from './lib/i18n';
import { I18nProvider } from './lib/use-translation';
import { DEFAULT_LOCALE, isLocale } from '../common/locales';

/** Public pages hydrate with the first part of the texts (web/lib/message-parts.ts); others with all. */
const PUBLIC_PAGE = /^\/($|catalogs\/|about$|terms$|info\/|blog(\/|$)|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$)/i;

async function hydrate() {
  // The server rendered in <html lang>; load just that language before hydrating so the texts match.
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const partly = PUBLIC_PAGE.test(window.location.pathname);
  const messages = partly ? await loadFirstMessages(locale) : await loadMessages(locale);
  // A text the first part lacks (a page reached before the rest came) sends for the rest at once.
  const i18n = createI18n(locale, { [locale]: messages }, partly ? () => void loadRestMessages() : undefined);
  if (partly) deferRestOf(i18n, locale);

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <HydratedRouter />
        </I18nProvider>
      </StrictMode>,
    );
  });

  // The other texts (account, chat, staff screens…) when the browser has nothing better to do.
  if (partly) {
    const later = window.requestIdleCallback ?? ((work: () => void) => window.setTimeout(work, 1000));
    later(() => void loadRestMessages());
  }
}

void hydrate();
