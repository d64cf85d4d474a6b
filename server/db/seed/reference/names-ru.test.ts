import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Region = { code: string; name_fi: string; name_sv: string; name_en: string };
type Municipality = { code: string; name_fi: string; name_sv: string; region_code: string };
type NamesRu = { regions: Record<string, string>; municipalities: Record<string, string> };

const readJson = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')) as T;

const names = readJson<NamesRu>('names-ru.json');
const regions = readJson<Region[]>('fi-regions.json');
const municipalities = readJson<Municipality[]>('fi-municipalities.json');

const CYRILLIC = /^[А-ЯЁа-яё][А-ЯЁа-яё\- ]*$/;

describe('names-ru.json', () => {
  it('has exactly the two top-level sections', () => {
    expect(Object.keys(names).sort()).toEqual(['municipalities', 'regions']);
  });

  it('has a non-empty name for every region code and no extra keys', () => {
    expect(regions).toHaveLength(19);
    for (const r of regions) {
      expect(names.regions[r.code], `region ${r.code} ${r.name_fi}`).toBeTruthy();
    }
    expect(Object.keys(names.regions).sort()).toEqual(regions.map((r) => r.code).sort());
  });

  it('has a non-empty name for every municipality code and no extra keys', () => {
    expect(municipalities).toHaveLength(308);
    for (const m of municipalities) {
      expect(names.municipalities[m.code], `municipality ${m.code} ${m.name_fi}`).toBeTruthy();
    }
    expect(Object.keys(names.municipalities).sort()).toEqual(
      municipalities.map((m) => m.code).sort(),
    );
  });

  it('uses only Cyrillic names', () => {
    const all = [
      ...Object.entries(names.regions),
      ...Object.entries(names.municipalities),
    ];
    for (const [code, name] of all) {
      expect(name, `code ${code}`).toMatch(CYRILLIC);
      expect(name, `code ${code}`).toBe(name.trim());
    }
  });

  it('has the well-known names right', () => {
    const byCode = new Map(municipalities.map((m) => [m.code, m.name_fi]));
    const expected: Array<[string, string, string]> = [
      ['091', 'Helsinki', 'Хельсинки'],
      ['049', 'Espoo', 'Эспоо'],
      ['853', 'Turku', 'Турку'],
      ['837', 'Tampere', 'Тампере'],
      ['564', 'Oulu', 'Оулу'],
      ['179', 'Jyväskylä', 'Ювяскюля'],
      ['478', 'Maarianhamina', 'Мариехамн'],
      ['598', 'Pietarsaari', 'Пиетарсаари'],
    ];
    for (const [code, fi, ru] of expected) {
      expect(byCode.get(code)).toBe(fi);
      expect(names.municipalities[code]).toBe(ru);
    }
    expect(names.regions['01']).toBe('Уусимаа');
    expect(names.regions['02']).toBe('Варсинайс-Суоми');
    expect(names.regions['21']).toBe('Аландские острова');
  });
});
