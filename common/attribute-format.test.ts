import { describe, expect, it } from 'vitest';
import type { AttributeDefinition } from './attributes.ts';
import { cardHighlights, formatAttributeValue, formatAttributeValues, isYearField } from './attribute-format.ts';
import type { Locale } from './locales.ts';
import { Translator } from './translator.ts';

/** The few texts the formatter reads (common/ may not import the translation files; the API tests read those). */
const texts = (yes: string, no: string, unit: Record<string, string>) => ({ attributes: { yes, no, unit } });
const translator = new Translator({
  language: 'fi',
  fallbackLanguage: 'fi',
  resources: {
    fi: texts('Kyllä', 'Ei', { km: 'km', m2: 'm²', eur_month: '€/kk', inch: '″' }),
    en: texts('Yes', 'No', { km: 'km', m2: 'm²', eur_month: '€/month', inch: '″' }),
    ru: texts('Да', 'Нет', { km: 'км', m2: 'м²', eur_month: '€/мес.', inch: '″' }),
  },
});
const t = (locale: Locale) => translator.getFixedT(locale);
/** Intl writes Finnish and Russian groups with a no-break space; the tests read them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/gu, ' ');

let nextId = 1;
function field(key: string, type: AttributeDefinition['type'], more: Partial<AttributeDefinition> = {}): AttributeDefinition {
  return {
    id: nextId++,
    catalogId: 1,
    key,
    type,
    decimals: 0,
    labels: { fi: key, en: key, ru: key },
    options: [],
    required: false,
    filter: false,
    position: nextId,
    retired: false,
    ...more,
  };
}

const mileage = field('mileage_km', 'number', { unit: 'km', labels: { fi: 'Mittarilukema', en: 'Mileage', ru: 'Пробег' }, card: 2 });
const year = field('year', 'number', { min: 1900, max: 2100, labels: { fi: 'Vuosimalli', en: 'Model year', ru: 'Год выпуска' }, card: 1 });
const area = field('area_m2', 'number', { unit: 'm2', decimals: 1 });
const rent = field('rent', 'number', { unit: 'eur_month', decimals: 2 });
const screen = field('screen', 'number', { unit: 'inch', decimals: 1 });
const fuel = field('fuel', 'choice', {
  options: [
    { value: 'diesel', labels: { fi: 'Diesel', en: 'Diesel', ru: 'Дизель' } },
    { value: 'hybrid', labels: { fi: 'Hybridi', en: 'Hybrid', ru: 'Гибрид' } },
  ],
});
const extras = field('extras', 'choices', {
  options: [
    { value: 'towbar', labels: { fi: 'Vetokoukku', en: 'Tow bar', ru: 'Фаркоп' } },
    { value: 'webasto', labels: { fi: 'Webasto', en: 'Webasto', ru: 'Вебасто' } },
  ],
});
const sauna = field('sauna', 'boolean');
const inspection = field('inspection_until', 'date');

describe('formatAttributeValue', () => {
  it('groups thousands in the reader’s conventions and adds the unit', () => {
    expect(plain(formatAttributeValue(mileage, 180000, 'fi', t('fi')))).toBe('180 000 km');
    expect(formatAttributeValue(mileage, 180000, 'en', t('en'))).toBe('180,000\u00a0km');
    expect(plain(formatAttributeValue(mileage, 180000, 'ru', t('ru')))).toBe('180 000 км');
  });

  it('writes decimals with the locale’s comma or point', () => {
    expect(plain(formatAttributeValue(area, 54.5, 'fi', t('fi')))).toBe('54,5 m²');
    expect(plain(formatAttributeValue(area, 54.5, 'en', t('en')))).toBe('54.5 m²');
    expect(plain(formatAttributeValue(rent, 1250, 'fi', t('fi')))).toBe('1 250 €/kk');
    expect(plain(formatAttributeValue(rent, 1250, 'en', t('en')))).toBe('1,250 €/month');
    expect(plain(formatAttributeValue(rent, 1250, 'ru', t('ru')))).toBe('1 250 €/мес.');
  });

  it('puts inches against the number', () => {
    expect(formatAttributeValue(screen, 27, 'fi', t('fi'))).toBe('27″');
  });

  it('writes a year without a separator', () => {
    expect(isYearField(year)).toBe(true);
    expect(isYearField(field('building_year', 'number'))).toBe(true);
    expect(isYearField(mileage)).toBe(false);
    for (const locale of ['fi', 'en', 'ru'] as const) expect(formatAttributeValue(year, 2015, locale, t(locale))).toBe('2015');
  });

  it('shows options by their label, several joined with commas; an option no longer offered by its value', () => {
    expect(formatAttributeValue(fuel, 'hybrid', 'fi', t('fi'))).toBe('Hybridi');
    expect(formatAttributeValue(fuel, 'hybrid', 'ru', t('ru'))).toBe('Гибрид');
    expect(formatAttributeValue(extras, ['towbar', 'webasto'], 'en', t('en'))).toBe('Tow bar, Webasto');
    expect(formatAttributeValue(fuel, 'steam', 'fi', t('fi'))).toBe('steam');
  });

  it('says yes and no in the reader’s language', () => {
    expect(formatAttributeValue(sauna, true, 'fi', t('fi'))).toBe('Kyllä');
    expect(formatAttributeValue(sauna, false, 'fi', t('fi'))).toBe('Ei');
    expect(formatAttributeValue(sauna, true, 'en', t('en'))).toBe('Yes');
    expect(formatAttributeValue(sauna, false, 'ru', t('ru'))).toBe('Нет');
  });

  it('writes a day as the reader writes it', () => {
    expect(formatAttributeValue(inspection, '2027-05-01', 'fi', t('fi'))).toBe('1.5.2027');
    expect(formatAttributeValue(inspection, '2027-05-01', 'en', t('en'))).toBe('01/05/2027');
    expect(formatAttributeValue(inspection, '2027-05-01', 'ru', t('ru'))).toBe('01.05.2027');
  });
});

describe('formatAttributeValues and cardHighlights', () => {
  const definitions = [year, mileage, fuel, sauna];

  it('lists the values the ad has with their labels, in the fields’ order', () => {
    const list = formatAttributeValues(definitions, { fuel: 'diesel', mileage_km: 180000, year: 2015 }, 'fi', t('fi'));
    expect(list.map((a) => ({ key: a.key, label: a.label, text: plain(a.text) }))).toEqual([
      { key: 'year', label: 'Vuosimalli', text: '2015' },
      { key: 'mileage_km', label: 'Mittarilukema', text: '180 000 km' },
      { key: 'fuel', label: 'fuel', text: 'Diesel' },
    ]);
  });

  it('takes the card fields in their card order, only those the ad has', () => {
    expect(cardHighlights(definitions, { mileage_km: 180000, year: 2015 }, 'fi', t('fi')).map(plain)).toEqual(['2015', '180 000 km']);
    expect(cardHighlights(definitions, { mileage_km: 5000, fuel: 'diesel' }, 'en', t('en'))).toEqual(['5,000\u00a0km']);
    expect(cardHighlights(definitions, {}, 'fi', t('fi'))).toEqual([]);
  });
});
