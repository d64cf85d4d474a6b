import { describe, expect, it } from 'vitest';
import { adPercolationKeys, percolationRules, searchPercolationKey } from './percolation.ts';
import { NO_SYNONYMS, searchTerms, synonymsFrom } from './search-terms.ts';

const key = (filters: Parameters<typeof searchPercolationKey>[0] & { name?: string }, synonyms = NO_SYNONYMS) =>
  searchPercolationKey(filters, searchTerms(filters.name, synonyms));

describe('a saved search’s percolation key', () => {
  it('is its longest real word, else its one catalog, joined with its one town or region; else that place alone, else everything', () => {
    expect(key({ name: 'musta sohva', catalogs: [5] })).toBe('w:must');
    expect(key({ name: 'sohva iso' })).toBe('w:sohv');
    expect(key({ name: 'sohva', catalogs: [5], regions: [2] })).toBe('w:sohv&r:2');
    expect(key({ name: 'tv 55', catalogs: [5], cities: [1] })).toBe('c:5&t:1');
    expect(key({ catalogs: [5], cities: [1, 4] })).toBe('c:5');
    expect(key({ catalogs: [5, 6], cities: [1] })).toBe('t:1');
    expect(key({ cities: [1], regions: [2] })).toBe('*');
    expect(key({ regions: [2] })).toBe('r:2');
    expect(key({})).toBe('*');
  });

  it('keys by a word with synonyms when every synonym is a word of letters (an ad may match through any of them)', () => {
    const synonyms = synonymsFrom([
      { groupId: 1, word: 'sohva' },
      { groupId: 1, word: 'soffa' },
      { groupId: 2, word: 'televisio' },
      { groupId: 2, word: 'tv' },
    ]);
    expect(key({ name: 'sohva', regions: [3] }, synonyms)).toBe('w:sohv&r:3');
    expect(key({ name: 'televisio', regions: [3] }, synonyms)).toBe('w:tele&r:3');
    expect(key({ name: 'tv' }, synonyms)).toBe('w:tv');
    // A room word may match the unit token it stands for ("2h"), which is no word.
    expect(key({ name: 'kaksio', cities: [4] })).toBe('t:4');
  });
});

describe('an ad’s percolation keys', () => {
  it('has its words’ first letters, its compound parts’, its base forms’, its catalogs, town, region, each with the town and region, and everything', () => {
    const keys = adPercolationKeys(['kulmasohv', 'kulmasohva', '~sohv', 'renkaat', '§c12', '§c3', '§m91', '§r1', '§16:1234', 'tv']);
    expect(keys).toEqual(
      expect.arrayContaining([
        '*',
        'w:kulm',
        'w:sohv',
        'w:renk',
        'w:reng',
        'c:12',
        'c:3',
        't:91',
        'r:1',
        'c:12&t:91',
        'c:3&r:1',
        'w:sohv&r:1',
      ]),
    );
    expect(keys).not.toContain('w:tv');
    expect(keys.some((k) => k.includes('16:'))).toBe(false);
  });

  it('meets the key of a word with synonyms through any of them', () => {
    const synonyms = synonymsFrom([
      { groupId: 1, word: 'sohva' },
      { groupId: 1, word: 'soffa' },
    ]);
    const keys = adPercolationKeys(['soff', 'soffa', '§m91', '§r1'], synonyms);
    expect(keys).toEqual(expect.arrayContaining(['w:soff', 'w:sohv', 'w:sohv&t:91']));
    expect(adPercolationKeys(['soffa'])).not.toContain('w:sohv');
    const tv = synonymsFrom([
      { groupId: 2, word: 'televisio' },
      { groupId: 2, word: 'tv' },
    ]);
    expect(adPercolationKeys(['tv', 'taso'], tv)).toEqual(expect.arrayContaining(['w:tele', 'w:tv']));
    expect(adPercolationKeys(['televisio'], tv)).toEqual(expect.arrayContaining(['w:tele', 'w:tv']));
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
