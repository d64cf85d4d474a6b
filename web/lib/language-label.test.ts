import { describe, expect, it } from 'vitest';
import { Translator } from '../../common/translator';
import { languageLabel } from './language-label';

const texts = { form: { name_fi: 'Name in Finnish', name_other: 'Name ({{language}})', option_other: 'Option {{number}} ({{language}})' } };
const i18n = new Translator({ language: 'en', fallbackLanguage: 'en', resources: { en: texts } });

describe('a label for one language’s input', () => {
  it('uses the texts’ own wording where they have one', () => {
    expect(languageLabel(i18n, 'form.name', 'fi')).toBe('Name in Finnish');
  });

  it('falls back to the general label with the language’s own name, so a new language needs no new key', () => {
    expect(languageLabel(i18n, 'form.name', 'sv')).toBe('Name (Svenska)');
    expect(languageLabel(i18n, 'form.option', 'ru', { number: 2 })).toBe('Option 2 (Русский)');
  });
});
