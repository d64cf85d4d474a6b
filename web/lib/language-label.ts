import { type Locale, languageName } from '../../common/locales';
import type { Translator } from '../../common/translator';

/**
 * A form's label for one language's input ("Nimi ruotsiksi"): the texts' own wording,
 * `<base>_<code>`, where they have one; else the general `<base>_other` with the language's own
 * name ("Nimi (Deutsch)"), so a new language needs no new key in every file.
 */
export function languageLabel(i18n: Translator, base: string, locale: Locale, params: Record<string, string | number> = {}): string {
  const own = `${base}_${locale}`;
  return i18n.t(i18n.exists(own) ? own : `${base}_other`, { ...params, language: languageName(locale) });
}
