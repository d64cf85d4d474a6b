import { describe, expect, it } from 'vitest';
import type { AdminAttribute } from '../../../server/modules/attributes/attributes.schemas';
import { bodyOf, draftOf, movedBy, parseNumber } from './field-draft';

const stored: AdminAttribute = {
  id: 7,
  catalog_id: 3,
  inherited: false,
  key: 'fuel',
  type: 'choice',
  unit: null,
  min: null,
  max: null,
  decimals: 0,
  labels: { fi: 'Käyttövoima', en: 'Fuel', ru: 'Топливо' },
  options: [{ value: 'petrol', labels: { fi: 'Bensiini', en: 'Petrol', ru: 'Бензин' } }],
  required: false,
  filter: true,
  card: null,
  position: 0,
  retired: false,
};

describe('the field form', () => {
  it('starts from the stored field and sends it back as it was', () => {
    const { body, bad } = bodyOf(draftOf(stored));
    expect(bad).toEqual([]);
    expect(body).toEqual({
      type: 'choice',
      labels: { fi: 'Käyttövoima', en: 'Fuel', ru: 'Топливо', sv: '' },
      unit: null,
      min: null,
      max: null,
      decimals: 0,
      options: [{ value: 'petrol', labels: { fi: 'Bensiini', en: 'Petrol', ru: 'Бензин', sv: '' } }],
      required: false,
      filter: true,
      card: null,
    });
  });

  it('leaves out what the chosen type does not have, so a changed type sends no stale options or bounds', () => {
    const draft = { ...draftOf(stored), type: 'text' as const, min: '3', unit: 'km' as const, decimals: 2 };
    expect(bodyOf(draft).body).toMatchObject({ options: [], min: null, unit: null, decimals: 0, filter: false });
  });

  it('reads numbers as typed in Finnish, and names the inputs that hold no number', () => {
    expect(parseNumber(' 2 000 000 ')).toBe(2_000_000);
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('12 km')).toBeNaN();
    const draft = { ...draftOf(), min: 'x', max: '10' };
    expect(bodyOf(draft)).toMatchObject({ bad: ['min'], body: { min: null, max: 10 } });
  });

  it('moves a field one place up or down and never past the ends', () => {
    expect(movedBy([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(movedBy([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(movedBy([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
});
