import { describe, expect, it } from 'vitest';
import type { AttributeDefinition } from '../../../common/attributes.ts';
import { canonicalAttributeFilters, checkAttributeFilters, facetFields, filterFields } from './attribute-filters.ts';
import { FACET_CAP, facetSets, facetsFrom } from './facets.ts';
import type { ListingQuery } from './listing-query.ts';
import { COUNT_CAP } from './listing-pages.ts';

let nextId = 1;
function field(
  catalogId: number,
  key: string,
  type: AttributeDefinition['type'],
  more: Partial<AttributeDefinition> = {},
): AttributeDefinition {
  const labels = { fi: key, en: key, ru: key };
  return {
    id: nextId++,
    catalogId,
    key,
    type,
    decimals: 0,
    labels,
    options: [],
    required: false,
    filter: true,
    position: nextId,
    retired: false,
    ...more,
  };
}
const options = (...values: string[]) => values.map((value) => ({ value, labels: { fi: value, en: value, ru: value } }));

const cars = [
  field(1, 'make', 'choice', { options: options('toyota', 'volvo') }),
  field(1, 'year', 'number', { min: 1900, max: 2027 }),
  field(1, 'model', 'text'),
  field(1, 'colour', 'choice', { options: options('red'), filter: false }),
  field(1, 'old', 'choice', { options: options('a'), retired: true }),
  field(1, 'sauna', 'boolean'),
];
const clothes = [field(2, 'size', 'choice', { options: options('s', 'm') }), field(2, 'make', 'choice', { options: options('reima') })];

describe('category-field filters', () => {
  it('filter by the active filter fields of every searched catalog, short texts not', () => {
    expect(filterFields([cars]).map((f) => f.key)).toEqual(['make', 'year', 'sauna']);
    expect(filterFields([cars, clothes]).map((f) => f.key)).toEqual(['make', 'year', 'sauna', 'size', 'make']);
    // A key two catalogs share is one facet, with the first catalog's options.
    expect(facetFields(filterFields([cars, clothes]))).toEqual([
      { key: 'make', type: 'choice', options: ['toyota', 'volvo'] },
      { key: 'sauna', type: 'boolean', options: ['true', 'false'] },
      { key: 'size', type: 'choice', options: ['s', 'm'] },
    ]);
  });

  it('turn into canonical conditions: keys and values sorted, a shared key taking either catalog’s options', () => {
    const fields = filterFields([cars, clothes]);
    expect(checkAttributeFilters(fields, { year: { max: 2020 }, make: ['volvo', 'toyota', 'volvo'], sauna: false })).toEqual({
      conditions: {
        choices: [
          ['make', ['toyota', 'volvo']],
          ['sauna', ['false']],
        ],
        ranges: [['year', null, 2020]],
      },
      problems: {},
    });
    expect(checkAttributeFilters(fields, { make: ['reima'] }).conditions.choices).toEqual([['make', ['reima']]]);
  });

  it('say what is wrong under each key', () => {
    const { problems } = checkAttributeFilters(filterFields([cars]), {
      make: ['tesla'],
      year: { min: 2020, max: 2010 },
      sauna: 'yes',
      model: 'V60',
      colour: ['red'],
      old: ['a'],
    } as never);
    expect(problems).toEqual({
      'attributes.colour': { key: 'attributes.unknown_field' },
      'attributes.make': { key: 'attributes.not_an_option' },
      'attributes.model': { key: 'attributes.unknown_field' },
      'attributes.old': { key: 'attributes.unknown_field' },
      'attributes.sauna': { key: 'attributes.not_yes_or_no' },
      'attributes.year': { key: 'search.errors.attribute_range_reversed' },
    });
    expect(checkAttributeFilters(filterFields([cars]), { year: { min: 3024 } }).problems['attributes.year']).toEqual({
      key: 'attributes.above_max',
      params: { limit: 2027 },
    });
  });

  it('are stored in one form', () => {
    expect(canonicalAttributeFilters({ year: { max: 2020, min: '' }, make: ['volvo', 'toyota', 'volvo'], size: [], sauna: false })).toEqual(
      {
        make: ['toyota', 'volvo'],
        sauna: false,
        year: { max: 2020 },
      },
    );
    expect(canonicalAttributeFilters({ make: [] })).toBeUndefined();
  });
});

describe('facets', () => {
  const query: ListingQuery = {
    cityIds: [],
    regionIds: [],
    catalogIds: [1],
    terms: [],
    sort: 'created_at_desc',
    limit: 20,
    offset: 0,
    attributes: { choices: [['make', ['toyota']]], ranges: [['year', 2015, null]] },
  };
  const fields = facetFields(filterFields([cars]));

  it('count the unfiltered fields over every filter, a filtered one without its own', () => {
    const sets = facetSets(query, fields);
    expect(sets.map((set) => set.fields.map((f) => f.key))).toEqual([['sauna'], ['make']]);
    expect(sets[0]!.query.attributes!.choices).toEqual([['make', ['toyota']]]);
    expect(sets[1]!.query.attributes).toEqual({ choices: [], ranges: [['year', 2015, null]] });
  });

  it('always count the listing’s own set first, read as far as its total is counted', () => {
    const all = facetSets(
      {
        ...query,
        attributes: {
          choices: [
            ['make', ['toyota']],
            ['sauna', ['true']],
          ],
          ranges: [],
        },
      },
      fields,
    );
    expect(all.map((set) => set.fields.map((f) => f.key))).toEqual([[], ['make'], ['sauna']]);
    expect(facetsFrom([{ set: 0, g: 0, value: null, count: 7 }], all, () => []).total).toBe(7);
    expect(FACET_CAP).toBe(COUNT_CAP);
  });

  it('answer in the fields’ and options’ order, without zeros, and say when a set was capped', () => {
    const sets = facetSets(query, fields);
    const rows = [
      { set: 0, g: 1, value: null, count: 3 },
      { set: 0, g: 0, value: 'false', count: 2 },
      { set: 0, g: 0, value: 'true', count: 1 },
      { set: 1, g: 1, value: null, count: 10 },
      { set: 1, g: 0, value: '"volvo"', count: 4 },
      { set: 1, g: 0, value: '"toyota"', count: 6 },
      { set: 1, g: 0, value: '"saab"', count: 1 },
      { set: 1, g: 0, value: null, count: 2 },
    ];
    const orderOf = (key: string) => fields.find((f) => f.key === key)!.options;
    const { facets, capped } = facetsFrom(rows, sets, orderOf, 10);
    expect(Object.keys(facets)).toEqual(['make', 'sauna']);
    expect(facets.make).toEqual([
      { value: 'toyota', count: 6 },
      { value: 'volvo', count: 4 },
    ]);
    expect(facets.sauna).toEqual([
      { value: 'true', count: 1 },
      { value: 'false', count: 2 },
    ]);
    expect(capped).toBe(true);
    expect(facetsFrom(rows, sets, orderOf, 11).capped).toBe(false);
  });

  it('split a several-choice field’s lists, and read the mask of several fields', () => {
    const equipment = { key: 'equipment', type: 'choices' as const, options: ['tow_hitch', 'webasto'] };
    const sauna = { key: 'sauna', type: 'boolean' as const, options: ['true', 'false'] };
    const sets = [{ query, fields: [equipment, sauna], order: ['equipment', 'sauna'] }];
    const rows = [
      { set: 0, g: 3, value: null, count: 5 },
      { set: 0, g: 1, value: '["tow_hitch", "webasto"]', count: 2 },
      { set: 0, g: 1, value: '["webasto"]', count: 1 },
      { set: 0, g: 2, value: 'true', count: 4 },
    ];
    expect(facetsFrom(rows, sets, (key) => (key === 'sauna' ? sauna.options : equipment.options)).facets).toEqual({
      equipment: [
        { value: 'tow_hitch', count: 2 },
        { value: 'webasto', count: 3 },
      ],
      sauna: [{ value: 'true', count: 4 }],
    });
  });
});
