import type { Locale } from '../../common/locales.ts';
import en from './en.json' with { type: 'json' };
import fi from './fi.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };
import sv from './sv.json' with { type: 'json' };

/**
 * Every language's texts at once, for the server (mails, API messages, page texts) and the tests.
 * The one import list of the language files: a new language adds its line here (the type holds
 * it to common/locales.ts). The browser loads each language alone (web/lib/i18n.ts).
 */
export const MESSAGES: Readonly<Record<Locale, Record<string, unknown>>> = { fi, sv, en, ru };
