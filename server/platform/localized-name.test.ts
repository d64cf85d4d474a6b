import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../common/locales.ts';
import { nameFields, readNameInput, sameNames, translatedName, withNameChanges } from './localized-name.ts';

const boats = { nameFi: 'Veneet', names: { sv: 'Båtar', en: 'Boats' } };

describe('names of staff-named rows', () => {
  it('reads a language the row is not named in as Finnish', () => {
    expect(translatedName(boats, 'sv')).toBe('Båtar');
    expect(translatedName(boats, 'ru')).toBe('Veneet');
    expect(translatedName({ nameFi: 'Veneet', names: { en: '  ' } }, 'en')).toBe('Veneet');
  });

  it('gives the API a field for every language, empty where there is no name', () => {
    expect(Object.keys(nameFields(boats))).toEqual(LOCALES.map((locale) => `name_${locale}`));
    expect(nameFields(boats)).toMatchObject({ name_fi: 'Veneet', name_sv: 'Båtar', name_ru: '' });
  });

  it('reads the names given, refuses an empty required one and clears an emptied optional one', () => {
    const problems = {};
    const check = (raw: string, required: boolean) =>
      raw.trim() === '' && required ? { problem: { key: 'validation.required' } } : { name: raw.trim() };
    const changes = readNameInput({ name_fi: ' Purjeveneet ', name_sv: '', name_en: '' }, check, (l) => l !== 'sv', problems);
    expect(changes).toEqual({ fi: 'Purjeveneet', sv: null });
    expect(problems).toEqual({ name_en: [{ key: 'validation.required' }] });
    const after = withNameChanges(boats, changes);
    expect(after).toEqual({ nameFi: 'Purjeveneet', names: { en: 'Boats' } });
    expect(boats.names.sv).toBe('Båtar');
    expect(sameNames(after, boats)).toBe(false);
    expect(sameNames(withNameChanges(boats, {}), boats)).toBe(true);
  });
});
