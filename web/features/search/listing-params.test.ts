import { describe, expect, it } from 'vitest';
import { activeFilters, isSearch, parseListingParams, searchWithout, searchWithoutFilters } from './listing-params';

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
    });
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
  });

  it('removes one filter or all of them, and the page with them', () => {
    expect(searchWithout('?q=a&price_from=1&price_to=5&page=2', ['price_from', 'price_to'])).toBe('?q=a');
    expect(searchWithout('?kind=rent', ['kind'])).toBe('');
    expect(searchWithoutFilters('?q=a&region=1&kind=rent&images=1&posted=day&sort=price_asc&view=list&page=4')).toBe(
      '?q=a&sort=price_asc&view=list',
    );
  });
});
