import { describe, expect, it } from 'vitest';
import { type FilterField, attributeFiltersFor, readAttributeParams, searchPathOf } from './search-url.ts';

const fields: FilterField[] = [
  { key: 'year', type: 'number', min: 1950, max: 2027, decimals: 0 },
  { key: 'mileage_km', type: 'number', min: 0, max: 2_000_000, decimals: 0 },
  { key: 'fuel', type: 'choice', decimals: 0, options: [{ value: 'petrol' }, { value: 'diesel' }, { value: 'hybrid' }] },
  { key: 'make', type: 'choice', decimals: 0, options: [{ value: 'toyota' }, { value: 'volvo' }] },
  { key: 'sauna', type: 'boolean', decimals: 0 },
  { key: 'inspection_until', type: 'date', min: 2020, max: 2040, decimals: 0 },
  { key: 'model', type: 'text', decimals: 0 },
];

const read = (search: string) => readAttributeParams(new URLSearchParams(search));
const narrowed = (search: string) => attributeFiltersFor(read(search), fields);

describe('the address of a saved search', () => {
  it('writes the fields, the place and the radius under the names the page reads', () => {
    const path = searchPathOf({
      catalogs: [7],
      attributes: { year: { min: 2010, max: 2015 }, mileage_km: { max: 150000 }, fuel: ['hybrid', 'diesel'], sauna: true, make: [] },
      near: { postal_code: '00100' },
      radius_km: 50,
    });
    const params = new URLSearchParams(path.slice(2));
    expect(Object.fromEntries(params)).toEqual({
      catalog: '7',
      near: '00100',
      radius: '50',
      'a.year.min': '2010',
      'a.year.max': '2015',
      'a.mileage_km.max': '150000',
      'a.fuel': 'hybrid,diesel',
      'a.sauna': '1',
    });
  });

  it('names a municipality by its id, leaves the default radius out and never writes a position', () => {
    expect(searchPathOf({ near: { city_id: 91 }, radius_km: 25 })).toBe('/?near_city=91');
    expect(searchPathOf({ near: { lat: 60.17, lon: 24.94 }, radius_km: 10 })).toBe('/');
    expect(searchPathOf({ attributes: { sauna: false } })).toBe('/?a.sauna=0');
  });

  it('reads back what it wrote (round trip through the page names)', () => {
    const attributes = { year: { min: 2010, max: 2015 }, fuel: ['hybrid', 'diesel'], sauna: true, inspection_until: { min: '2026-01-31' } };
    const path = searchPathOf({ attributes });
    expect(attributeFiltersFor(readAttributeParams(new URLSearchParams(path.slice(2))), fields)).toEqual(attributes);
  });
});

describe('field filters in an address', () => {
  it('reads choices from a comma list or from repeated parameters (a form without scripts)', () => {
    expect(read('a.fuel=hybrid,diesel')).toEqual({ fuel: ['hybrid', 'diesel'] });
    expect(read('a.fuel=hybrid&a.fuel=diesel&a.fuel=hybrid')).toEqual({ fuel: ['hybrid', 'diesel'] });
  });

  it('reads bounds as people type them, and days', () => {
    expect(read('a.mileage_km.max=180 000&a.year.min=2010')).toEqual({ mileage_km: { max: 180000 }, year: { min: 2010 } });
    expect(read('a.mileage_km.max=180%C2%A0000')).toEqual({ mileage_km: { max: 180000 } });
    expect(read('a.inspection_until.min=2026-02-28')).toEqual({ inspection_until: { min: '2026-02-28' } });
  });

  it('drops malformed keys, values and bounds', () => {
    expect(read('a.Fuel=x&a.=1&a.year.avg=3&a.year.min.x=1&b.year=1&a.fuel=BAD VALUE')).toEqual({});
    expect(read('a.year.min=vanha&a.inspection_until.max=2026-02-30')).toEqual({});
    expect(read('a.fuel=hybrid,<script>,diesel')).toEqual({ fuel: ['hybrid', 'diesel'] });
    // Both values and a range for one key: which was meant is unknown.
    expect(read('a.year=2010&a.year.min=2010')).toEqual({});
  });

  it('keeps only what the catalog filters by, as the API takes it', () => {
    expect(narrowed('a.fuel=hybrid,electric&a.make=toyota&a.sauna=1&a.colour=red')).toEqual({
      fuel: ['hybrid'],
      make: ['toyota'],
      sauna: true,
    });
    expect(narrowed('a.sauna=0')).toEqual({ sauna: false });
    expect(narrowed('a.sauna=yes')).toEqual({});
    expect(narrowed('a.sauna=1,0')).toEqual({});
    expect(narrowed('a.fuel=electric')).toEqual({});
    expect(narrowed('a.model=corolla&a.model.min=1')).toEqual({});
  });

  it('drops bounds out of the field’s range or of the wrong kind, keeping the good end', () => {
    expect(narrowed('a.year.min=1800&a.year.max=2015')).toEqual({ year: { max: 2015 } });
    expect(narrowed('a.year.min=3024')).toEqual({});
    expect(narrowed('a.mileage_km.max=-5')).toEqual({});
    expect(narrowed('a.year.min=2010.5')).toEqual({});
    expect(narrowed('a.year.min=2015-01-01')).toEqual({});
    expect(narrowed('a.inspection_until.max=2099-01-01&a.inspection_until.min=2030-06-01')).toEqual({
      inspection_until: { min: '2030-06-01' },
    });
    expect(narrowed('a.inspection_until.min=2030')).toEqual({});
  });
});
