import { describe, expect, it } from 'vitest';
import type { ListingBody } from './products.schemas.ts';
import { listingFilters } from './products.service.ts';
import { adPercolationKeys, percolationPlan, percolationRules, searchKeys, tsqueryLexemes } from './percolation.ts';
import { NO_SYNONYMS, searchTerms, synonymsFrom } from '../search/search-terms.ts';

const plan = (body: ListingBody, synonyms = NO_SYNONYMS) =>
  percolationPlan(body, listingFilters(body), searchTerms(body.name, synonyms), false);
/** The keys of a body, its key word's tsquery standing in as `lexemes` (PostgreSQL works them out in the app). */
const keys = (body: ListingBody, lexemes?: string[]) => searchKeys(plan(body), lexemes);

describe('a saved query’s keys', () => {
  it('are its key word’s lexemes, else its catalogs, each joined with each of its towns and regions; else the places alone, else everything', () => {
    expect(keys({ name: 'takki', cities: [91] }, ['tak', 'takki', '~tak'])).toEqual(['w:tak&t:91', 'w:takki&t:91', 'w:~tak&t:91']);
    expect(keys({ name: 'sohva', catalogs: [5] }, ['sohv'])).toEqual(['w:sohv']);
    expect(keys({ catalogs: [5, 6], cities: [1], regions: [2] })).toEqual(['c:5&t:1', 'c:5&r:2', 'c:6&t:1', 'c:6&r:2']);
    expect(keys({ catalogs: [5] })).toEqual(['c:5']);
    expect(keys({ cities: [1, 4] })).toEqual(['t:1', 't:4']);
    expect(keys({ price_to: 50 })).toEqual(['*']);
  });

  it('key the longest real word, not a number or a short token', () => {
    const p = plan({ name: 'iphone 13 pro' });
    expect(p.terms[p.keyTerm!]!.words[0]).toBe('iphone');
  });

  it('none for a query the listing shows nothing, or a word whose tsquery names no lexeme', () => {
    expect(searchKeys({ ...plan({ name: 'sohva' }), never: true }, ['sohv'])).toEqual([]);
    expect(keys({ name: 'sohva' }, [])).toEqual([]);
  });

  it('a query with filters not compiled here (a category field) is confirmed by the listing, keyed by its thing only', () => {
    const body = { name: 'sohva', cities: [91], attributes: { colour: 'grey' } } as unknown as ListingBody;
    const p = percolationPlan(body, {}, searchTerms('sohva'), false);
    expect(p.fallback).toBe(true);
    expect(searchKeys(p, ['sohv'])).toEqual(['w:sohv']);
  });

  it('too many joint keys: the thing alone', () => {
    const cities = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(keys({ name: 'takki', cities }, ['tak', 'takki', '~tak'])).toEqual(['w:tak', 'w:takki', 'w:~tak']);
  });

  it('reads the filters as the listing does (cents, kinds, pictures, days)', () => {
    expect(plan({ price_from: 10, price_to: 20.5, kinds: ['give', 'sell'], with_images: true, posted_within: 'week' })).toMatchObject({
      priceFromCents: 1000,
      priceToCents: 2050,
      kinds: ['give', 'sell'],
      withImages: true,
      postedWithinDays: 7,
      fallback: false,
    });
  });
});

describe('an ad’s keys', () => {
  it('are each lexeme of its document (not the filed § ones), its catalogs, town and region, each thing with its town and region, and everything', () => {
    const found = adPercolationKeys({ lexemes: ['tak', 'takin', '~tak', '§c12', '§m91'], catalogs: [3, 12], cityId: 91, regionId: 1 });
    expect(found).toEqual(
      expect.arrayContaining(['*', 't:91', 'r:1', 'w:tak', 'w:~tak', 'c:3', 'c:12', 'w:tak&t:91', 'w:tak&r:1', 'c:12&t:91', 'c:3&r:1']),
    );
    expect(found.some((k) => k.includes('§'))).toBe(false);
  });

  it('meet a search’s key whatever the stemmer does to its letters', () => {
    // "takki" and the ad's "takin" are both `tak` in Finnish; "matto" and "maton" are `mato`.
    const ad = adPercolationKeys({ lexemes: ['tak', 'mato'], catalogs: [], cityId: 91, regionId: 1 });
    expect(keys({ name: 'takki', cities: [91] }, ['tak', 'takki']).some((k) => ad.includes(k))).toBe(true);
    expect(keys({ name: 'matto', regions: [1] }, ['mato', 'matto']).some((k) => ad.includes(k))).toBe(true);
  });
});

describe('tsqueryLexemes', () => {
  it('reads every lexeme of a tsquery’s text once', () => {
    expect(tsqueryLexemes(`'tak' | 'takki' | ( 'tak' & 'x' ) | '~tak' <-> 'it''s'`)).toEqual(['tak', 'takki', 'x', '~tak', "it's"]);
  });
});

describe('percolationRules', () => {
  it('changes when the synonyms change, not when their order does', () => {
    const a = percolationRules(
      synonymsFrom([
        { groupId: 1, word: 'fillari' },
        { groupId: 1, word: 'polkupyörä' },
      ]),
    );
    const b = percolationRules(
      synonymsFrom([
        { groupId: 1, word: 'polkupyörä' },
        { groupId: 1, word: 'fillari' },
      ]),
    );
    const c = percolationRules(
      synonymsFrom([
        { groupId: 1, word: 'fillari' },
        { groupId: 1, word: 'pyörä' },
      ]),
    );
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(a).toMatch(/^\d+:[0-9a-f]{16}$/);
  });
});
