import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { createI18n, loadMessages } from './lib/i18n';
import { DEFAULT_LOCALE, isLocale } from '../common/locales';

async function hydrate() {
  // The server rendered in <html lang>; load just that language before hydrating so the texts match.
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const messages = await loadMessages(locale);
  const i18n = createI18n(locale, { [locale]: { translation: messages } });

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
