import { describe, expect, it } from 'vitest';
import type { AttributeDefinition } from '../../../common/attributes';
import { fieldFiltersOf, offeredSort, sortKeysOffered } from './field-filters';
import { parseListingParams } from './listing-params';

const parse = (search: string) => parseListingParams(new URL(`http://x/${search}`));
const labels = (fi: string) => ({ fi, en: fi, ru: fi });

function field(key: string, type: AttributeDefinition['type'], extra: Partial<AttributeDefinition> = {}): AttributeDefinition {
  return {
    id: key.length,
    catalogId: 1,
    key,
    type,
    decimals: 0,
    labels: labels(key),
    options: [],
    required: false,
    filter: true,
    position: 0,
    retired: false,
    ...extra,
  };
}

const car = [
  field('year', 'number', { min: 1950, max: 2027, position: 1 }),
  field('mileage_km', 'number', { min: 0, max: 2_000_000, unit: 'km', position: 2 }),
  field('fuel', 'choice', { options: [{ value: 'hybrid', labels: { fi: 'Hybridi', en: 'Hybrid', ru: 'Гибрид' } }], position: 3 }),
  field('model', 'text', { position: 4 }),
  field('colour', 'choice', { filter: false, options: [{ value: 'red', labels: labels('punainen') }], position: 5 }),
  field('gearbox', 'choice', { retired: true, options: [{ value: 'manual', labels: labels('manuaali') }], position: 6 }),
];

describe('the category fields of a search', () => {
  it('offers the filter fields only (not texts, not retired ones, not the non-filters) in the reader’s language', () => {
    const { filters } = fieldFiltersOf(parse(''), car, 'en');
    expect(filters.map((f) => f.key)).toEqual(['year', 'mileage_km', 'fuel']);
    expect(filters[2]!.options).toEqual([{ value: 'hybrid', label: 'Hybrid' }]);
  });

  it('makes the listing body of the URL, dropping what the fields cannot take', () => {
    const { query } = fieldFiltersOf(parse('?a.year.min=2010&a.fuel=hybrid,lpg&a.colour=red&a.gearbox=manual&near=00100'), car, 'fi');
    expect(query).toEqual({ attributes: { year: { min: 2010 }, fuel: ['hybrid'] }, near: { postal_code: '00100' }, radius_km: 25 });
    expect(fieldFiltersOf(parse('?near_city=91&radius=100'), [], 'fi').query).toEqual({ near: { city_id: 91 }, radius_km: 100 });
    expect(fieldFiltersOf(parse('?a.year.min=2010'), [], 'fi').query).toEqual({});
  });

  it('offers the year and mileage sorts in a catalog with those fields, and nearest first near a place', () => {
    expect(sortKeysOffered(parse(''), [])).toEqual(['created_at_asc', 'price_asc', 'price_desc', 'image_desc', 'image_asc']);
    const offered = sortKeysOffered(parse('?near=00100&q=auto'), car);
    expect(offered).toEqual(
      expect.arrayContaining(['created_at_desc', 'year_desc', 'year_asc', 'mileage_asc', 'mileage_desc', 'distance_asc']),
    );
    expect(offeredSort(parse('?sort=year_desc'), [])).toBeNull();
    expect(offeredSort(parse('?sort=year_desc'), car)).toBe('year_desc');
    expect(offeredSort(parse('?sort=price_asc'), [])).toBe('price_asc');
  });
});
