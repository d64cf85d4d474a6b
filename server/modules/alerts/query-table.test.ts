import { describe, expect, it } from 'vitest';
import { QueryTable, type QueryTableAd, type StoredQuery } from './query-table.ts';
import { tsqueryClauses } from './tsquery-clauses.ts';

describe('a saved query’s words as clauses', () => {
  it('reads the listing’s words: each word’s forms OR-ed, the words AND-ed', () => {
    expect(tsqueryClauses("'tak'")).toEqual([['tak']]);
    expect(tsqueryClauses("( 'tak' | 'takki' | '~tak' ) & ( 'talv' | 'talvi' )")).toEqual([
      ['tak', 'takki', '~tak'],
      ['talv', 'talvi'],
    ]);
    // `&` binds tighter than `|`, as in PostgreSQL: a | b & c is a | (b & c), an OR of an AND.
    expect(tsqueryClauses("'a' | 'b' & 'c'")).toBeUndefined();
    expect(tsqueryClauses("( 'a' | 'b' ) & 'c'")).toEqual([['a', 'b'], ['c']]);
    expect(tsqueryClauses("'a' & 'b' | 'c'")).toBeUndefined();
  });

  it('reads quotes and backslashes inside a lexeme as PostgreSQL writes them', () => {
    expect(tsqueryClauses("'it''s' | 'back\\\\slash'")).toEqual([["it's", 'back\\slash']]);
  });

  it('leaves to PostgreSQL what is more than a lexeme’s presence: negation, phrase, prefix, weight, or broken text', () => {
    for (const text of ["!'a'", "'a' <-> 'b'", "'a' <2> 'b'", "'pyör':*", "'a':A", "'a' &", "( 'a'", "'a", '', 'a'])
      expect({ text, clauses: tsqueryClauses(text) }).toEqual({ text, clauses: undefined });
  });
});

const query = (id: number, over: Partial<StoredQuery> = {}): StoredQuery => ({
  id,
  compiledWith: 'r1',
  fallback: false,
  words: null,
  catalogIds: null,
  cityIds: null,
  regionIds: null,
  priceFromCents: null,
  priceToCents: null,
  kinds: null,
  withImages: false,
  postedWithinDays: null,
  keys: ['*'],
  ...over,
});

const NOW = Date.UTC(2026, 10, 29, 12);
const ad = (over: Partial<QueryTableAd> = {}): QueryTableAd => ({
  keys: ['*', 't:91', 'r:1', 'c:5', 'c:50', 'w:tak', 'w:talv'],
  catalogs: [5, 50],
  cityId: 91,
  regionId: 1,
  priceCents: 5_000,
  kind: 'sell',
  imageCount: 1,
  createdMs: NOW - 3 * 86_400_000,
  lexemes: ['tak', 'talv', 'takki', 'pöytä'],
  ...over,
});

describe('the saved queries in memory', () => {
  it('confirms each filter as the compiled SQL does', () => {
    const table = new QueryTable();
    const cases: [Partial<StoredQuery>, boolean][] = [
      [{}, true],
      [{ catalogIds: [5] }, true],
      [{ catalogIds: [6, 7] }, false],
      [{ cityIds: [91] }, true],
      [{ cityIds: [49] }, false],
      [{ cityIds: [49], regionIds: [1] }, true],
      [{ regionIds: [2] }, false],
      [{ priceFromCents: 5_000 }, true],
      [{ priceFromCents: 5_001 }, false],
      [{ priceToCents: 4_999 }, false],
      [{ priceToCents: 5_000 }, true],
      [{ kinds: ['sell', 'give'] }, true],
      [{ kinds: ['wanted'] }, false],
      [{ withImages: true }, true],
      [{ postedWithinDays: 7 }, true],
      [{ postedWithinDays: 1 }, false],
      [{ words: "( 'tak' | 'takki' ) & 'talv'" }, true],
      [{ words: "'tak' & 'sohv'" }, false],
      // The queries' words are stored folded; the ad's are folded when read ("pöytä" as "poyta").
      [{ words: "'poyta'" }, true],
    ];
    cases.forEach(([over], i) => table.put(query(i + 1, over)));
    const found = table.match(ad(), 'r1', NOW);
    const shown = cases.flatMap(([, expected], i) => (expected ? [i + 1] : []));
    expect(found.confirmed.sort((a, b) => a - b)).toEqual(shown);
    expect(found).toMatchObject({ candidates: cases.length, byWords: [], byListing: [], stale: 0 });
    // A give-away has no price to be above a bound; an ad without pictures fails "with pictures".
    expect(table.match(ad({ imageCount: 0 }), 'r1', NOW).confirmed).not.toContain(14);
  });

  it('finds candidates only by the ad’s keys, each once however many keys name it', () => {
    const table = new QueryTable();
    table.put(query(1, { keys: ['w:tak&t:91', 'w:tak&r:1', 'w:takki&t:91'] }));
    table.put(query(2, { keys: ['w:sohv&t:91'] }));
    const found = table.match(ad({ keys: ['*', 'w:tak&t:91', 'w:tak&r:1', 'w:takki&t:91'] }), 'r1', NOW);
    expect(found).toMatchObject({ candidates: 1, confirmed: [1] });
  });

  it('leaves to the listing a query compiled with other rules, not compiled, or with filters it does not know; to PostgreSQL words it cannot read', () => {
    const table = new QueryTable();
    table.put(query(1, { compiledWith: 'r0' }));
    table.put(query(2, { compiledWith: null, keys: [] }));
    table.put(query(3, { fallback: true }));
    table.put(query(4, { words: "'tak' <-> 'talv'" }));
    table.put(query(5, { words: "'tak' <-> 'talv'", cityIds: [49] }));
    const found = table.match(ad({ keys: ['*'] }), 'r1', NOW);
    expect({ ...found, byListing: found.byListing.sort() }).toEqual({
      candidates: 5,
      confirmed: [],
      byWords: [4],
      byListing: [1, 2, 3],
      stale: 2,
    });
    // New rules: every query is stale until compiled again.
    expect(table.match(ad({ keys: ['*'] }), 'r2', NOW).stale).toBe(5);
  });

  it('a query put again replaces its filters and keeps finding it by its new keys', () => {
    const table = new QueryTable();
    table.put(query(7, { compiledWith: null, keys: [] }));
    table.put(query(7, { keys: ['c:50'], catalogIds: [50] }));
    expect(table.size).toBe(1);
    expect(table.match(ad({ keys: ['c:50'] }), 'r1', NOW)).toMatchObject({ candidates: 1, confirmed: [7], byListing: [] });
    expect(table.garbage).toBe(1);
  });
});
