import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  attributeParamNames,
  isSearch,
  tidySearch,
  parseListingParams,
  searchWithout,
  searchWithoutFilters,
} from './listing-params';

const parse = (search: string, cookie?: string) => parseListingParams(new URL(`http://x/${search}`), cookie);

describe('the search in the URL', () => {
  it('reads every filter', () => {
    expect(parse('?q=pyörä&region=3&price_from=10&price_to=1 200,50&kind=wanted&images=1&posted=week&sort=price_asc&page=2')).toEqual({
      q: 'pyörä',
      region: 3,
      city: null,
      place: '',
      catalog: null,
      sort: 'price_asc',
      page: 2,
      view: 'card',
      priceFrom: 10,
      priceTo: 1200.5,
      kind: 'wanted',
      images: true,
      posted: 'week',
      attributes: {},
      near: null,
      nearCity: null,
      radius: null,
    });
  });

  it('reads the place, its radius and the field filters', () => {
    expect(parse('?near=00100&radius=50&sort=distance_asc&a.year.min=2010&a.fuel=hybrid,diesel&a.sauna=1')).toMatchObject({
      near: '00100',
      nearCity: null,
      radius: 50,
      sort: 'distance_asc',
      attributes: { year: { min: 2010 }, fuel: ['hybrid', 'diesel'], sauna: ['1'] },
    });
    expect(parse('?near_city=91')).toMatchObject({ near: null, nearCity: 91, radius: null });
    // The typed postal code wins over the municipality "near me" picked.
    expect(parse('?near=33100&near_city=91')).toMatchObject({ near: '33100', nearCity: null });
  });

  it('drops a malformed place, a radius not in the list, and nearest first without a place', () => {
    expect(parse('?near=0010&radius=30')).toMatchObject({ near: null, nearCity: null, radius: null });
    expect(parse('?near=abcde&near_city=-3')).toMatchObject({ near: null, nearCity: null });
    expect(parse('?near=00100&radius=30').radius).toBeNull();
    expect(parse('?radius=50').radius).toBeNull();
    expect(parse('?sort=distance_asc').sort).toBeNull();
    expect(parse('?sort=year_desc').sort).toBe('year_desc');
  });

  it('ignores what a link may carry wrong: negative, absurd or wordy prices, unknown kinds and ages', () => {
    const params = parse('?price_from=-5&price_to=99999999999&kind=free&posted=year&images=yes&page=999');
    expect(params).toMatchObject({ priceFrom: null, priceTo: null, kind: null, posted: null, images: false, page: 1 });
    expect(parse('?price_from=halpa').priceFrom).toBeNull();
    expect(parse('?price_to=0').priceTo).toBe(0);
  });

  it('keeps a typed place only when no region or city id came with it', () => {
    expect(parse('?place=Esbo').place).toBe('Esbo');
    expect(parse('?place=Esbo&city=49').place).toBe('');
  });

  it('counts the filters that are on, not the words, sort or page', () => {
    expect(activeFilters(parse('?q=sohva&sort=price_asc&page=3'))).toEqual([]);
    expect(activeFilters(parse('?catalog=5&price_to=10&images=1'))).toEqual(['catalog', 'price_to', 'images']);
    expect(activeFilters(parse('?catalog=5'), true)).toEqual([]);
    expect(isSearch(parse('?kind=give'))).toBe(true);
    expect(isSearch(parse('?sort=price_asc'))).toBe(false);
    expect(activeFilters(parse('?near=00100&radius=10&a.year.min=2010&a.year.max=2015&a.fuel=hybrid'))).toEqual([
      'near',
      'a.year',
      'a.fuel',
    ]);
    expect(isSearch(parse('?a.sauna=1'))).toBe(true);
    expect(isSearch(parse('?near_city=91'))).toBe(true);
  });

  it('removes one filter or all of them, and the page with them', () => {
    expect(searchWithout('?q=a&price_from=1&price_to=5&page=2', ['price_from', 'price_to'])).toBe('?q=a');
    expect(searchWithout('?kind=rent', ['kind'])).toBe('');
    expect(searchWithoutFilters('?q=a&region=1&kind=rent&images=1&posted=day&sort=price_asc&view=list&page=4')).toBe(
      '?q=a&sort=price_asc&view=list',
    );
    expect(searchWithoutFilters('?q=a&near=00100&radius=50&a.year.min=2010&a.fuel=hybrid&sort=year_desc')).toBe('?q=a&sort=year_desc');
  });

  it('removes a field’s filter whole, and the radius and nearest first with the place', () => {
    expect(searchWithout('?a.year.min=2010&a.year.max=2015&a.fuel=hybrid', attributeParamNames('year'))).toBe('?a.fuel=hybrid');
    expect(searchWithout('?near=00100&radius=50&sort=distance_asc&kind=sell', ['near'])).toBe('?kind=sell');
    expect(searchWithout('?near_city=91&radius=50&kind=sell', ['kind'])).toBe('?near_city=91&radius=50');
  });
});

describe('a filter form as the URL writes it', () => {
  const form = (pairs: [string, string][]) => new URLSearchParams(pairs);

  it('joins ticked boxes into one comma list and writes bounds as plain numbers in the reader’s conventions', () => {
    const fi = tidySearch(
      form([
        ['q', 'auto'],
        ['a.fuel', 'hybrid'],
        ['a.mileage_km.max', '180\u00a0000'],
        ['a.fuel', 'diesel'],
        ['a.area_m2.min', '54,5'],
        ['a.inspection_until.min', '2027-01-31'],
      ]),
      'fi',
    );
    expect(fi.toString()).toBe(
      'q=auto&a.fuel=hybrid%2Cdiesel&a.mileage_km.max=180000&a.area_m2.min=54.5&a.inspection_until.min=2027-01-31',
    );
    expect(tidySearch(form([['a.mileage_km.max', '180,000']]), 'en').get('a.mileage_km.max')).toBe('180000');
    expect(tidySearch(form([['a.area_m2.min', '54.5']]), 'en').get('a.area_m2.min')).toBe('54.5');
  });

  it('leaves a bound that is no number for the page to drop', () => {
    expect(tidySearch(form([['a.year.min', 'old']]), 'fi').get('a.year.min')).toBe('old');
    expect(parse(`?${tidySearch(form([['a.year.min', 'old']]), 'fi').toString()}`).attributes).toEqual({});
  });
});
