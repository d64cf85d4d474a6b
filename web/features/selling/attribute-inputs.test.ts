import { describe, expect, it } from 'vitest';
import type { PublicAttribute } from '../../../common/attributes';
import { checkInputs, groupDigits, inputsFromValues, previewAttributes, readNumber, valuesFromInputs } from './attribute-inputs';

const field = (key: string, type: PublicAttribute['type'], more: Partial<PublicAttribute> = {}): PublicAttribute => ({
  key,
  type,
  label: key,
  decimals: 0,
  required: false,
  filter: false,
  ...more,
});
const year = field('year', 'number', { min: 1900, max: 2030, required: true });
const mileage = field('mileage_km', 'number', { unit: 'km', min: 0, max: 2_000_000 });
const area = field('area_m2', 'number', { unit: 'm2', decimals: 1 });
const fuel = field('fuel', 'choice', { options: [{ value: 'diesel', label: 'Diesel' }] });
const extras = field('extras', 'choices', { options: [{ value: 'towbar', label: 'Tow bar' }] });
const sauna = field('sauna', 'boolean');
const fields = [year, mileage, area, fuel, extras, sauna];
const t = (key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key);
const plain = (text: string) => text.replace(/[\u00a0\u202f]/gu, ' ');

describe('the category fields as typed', () => {
  it('reads numbers with spaces, no-break spaces and a decimal comma', () => {
    expect(readNumber('180 000', 'fi')).toBe(180000);
    expect(readNumber('180\u00a0000', 'ru')).toBe(180000);
    expect(readNumber('54,5', 'fi')).toBe(54.5);
    expect(readNumber('54.5', 'fi')).toBe(54.5);
    expect(readNumber('-3', 'fi')).toBe(-3);
    expect(readNumber('lots', 'fi')).toBeUndefined();
    expect(readNumber('1e5', 'fi')).toBeUndefined();
  });

  it('reads English commas as thousands, never as decimals', () => {
    expect(readNumber('180,000', 'en')).toBe(180000);
    expect(readNumber('1,250,000', 'en')).toBe(1250000);
    expect(readNumber('54.5', 'en')).toBe(54.5);
    expect(readNumber('54,5', 'en')).toBeUndefined();
  });

  it('groups the digits when the seller leaves the input, but not a year', () => {
    expect(plain(groupDigits(mileage, '180000', 'fi'))).toBe('180 000');
    expect(groupDigits(mileage, '180000', 'en')).toBe('180,000');
    expect(groupDigits(year, '2015', 'fi')).toBe('2015');
    expect(groupDigits(area, '54.5', 'fi')).toBe('54,5');
    expect(groupDigits(mileage, 'noin 180 tkm', 'fi')).toBe('noin 180 tkm');
  });

  it('sends typed values of the answered fields only', () => {
    expect(
      valuesFromInputs(
        fields,
        {
          year: '2015',
          mileage_km: '180 000',
          area_m2: '',
          fuel: 'diesel',
          extras: ['towbar'],
          sauna: 'false',
          other: 'x',
        },
        'fi',
      ),
    ).toEqual({ year: 2015, mileage_km: 180000, fuel: 'diesel', extras: ['towbar'], sauna: false });
    expect(valuesFromInputs(fields, { sauna: '', extras: [] }, 'fi')).toEqual({});
    // Text that is no number goes as typed, for the server to name the problem.
    expect(valuesFromInputs(fields, { mileage_km: 'paljon' }, 'fi')).toEqual({ mileage_km: 'paljon' });
  });

  it('shows stored values in the inputs, numbers grouped', () => {
    expect(inputsFromValues(fields, { year: 2015, mileage_km: 180000, sauna: true, extras: ['towbar'] }, 'en')).toEqual({
      year: '2015',
      mileage_km: '180,000',
      sauna: 'true',
      extras: ['towbar'],
    });
  });

  it('checks with the server’s rules before the step is left', () => {
    expect(checkInputs(fields, { year: '3024', mileage_km: '-5', fuel: 'steam' }, 'fi', t)).toEqual({
      'attributes.year': ['attributes.above_max {"limit":2030}'],
      'attributes.mileage_km': ['attributes.below_min {"limit":0}'],
      'attributes.fuel': ['attributes.not_an_option'],
    });
    expect(checkInputs(fields, {}, 'fi', t)).toEqual({ 'attributes.year': ['validation.required'] });
    expect(checkInputs(fields, { year: '2015' }, 'fi', t)).toEqual({});
  });

  it('previews the answered fields as the ad page will list them, leaving out what is not valid yet', () => {
    const shown = previewAttributes(
      fields,
      { year: '2015', mileage_km: '180 000', fuel: 'diesel', sauna: 'true', area_m2: 'lots' },
      'en',
      t,
    );
    expect(shown.map((a) => [a.label, a.text])).toEqual([
      ['year', '2015'],
      ['mileage_km', '180,000\u00a0attributes.unit.km'],
      ['fuel', 'Diesel'],
      ['sauna', 'attributes.yes'],
    ]);
  });
});
