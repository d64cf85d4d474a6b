import { describe, expect, it, vi } from 'vitest';
import { HINT_CATALOGS, HINT_LIMIT, hintReadings, hintText, hintsFrom } from './hints.ts';
import { searchTerms } from './search-terms.ts';
import { SYNONYMS_TTL_MS, createSynonymCache } from './synonym-cache.ts';

const categories = [
  { id: 1, parent_id: null, name: 'Liikenne', depth: 0, path: ['liikenne'] },
  { id: 2, parent_id: 1, name: 'Polkupyörät', depth: 1, path: ['liikenne', 'polkupyorat'] },
  { id: 3, parent_id: 1, name: 'Moottoripyörät', depth: 1, path: ['liikenne', 'moottoripyorat'] },
  { id: 4, parent_id: null, name: 'Koti', depth: 0, path: ['koti'] },
  { id: 5, parent_id: 4, name: 'Sohvat', depth: 1, path: ['koti', 'sohvat'] },
];
const ads = (catalogId: number, ...names: string[]) => names.map((name) => ({ name, catalogId }));

describe('hintReadings', () => {
  it('reads the words as typed, the last as a beginning, and the last two written together', () => {
    const [apart, together] = hintReadings(searchTerms('lasten pyö'));
    expect(apart!.map((condition) => condition.prefixes[0])).toEqual(['lasten', 'pyo']);
    expect(apart![0]!.infixes).toContain('last');
    expect(together).toEqual([{ prefixes: ['lastenpyo'], infixes: ['lastenpyo'], exact: [] }]);
    // A unit token is matched whole, and is never joined.
    expect(hintReadings(searchTerms('iphone 256 gb'))).toEqual([
      [expect.objectContaining({ prefixes: expect.arrayContaining(['iphone']) }), { prefixes: [], infixes: [], exact: ['256gb'] }],
    ]);
    expect(hintReadings(searchTerms('sohva'))).toHaveLength(1);
  });
});

describe('hintText', () => {
  it('reads one lower-case line of at most 60 characters, nothing under two', () => {
    expect(hintText('  Polku\n  PYÖRÄ ')).toBe('polku pyörä');
    expect(hintText('p')).toBe('');
    expect(hintText(' \t ')).toBe('');
    expect(hintText('a'.repeat(10_000))).toHaveLength(60);
  });
});

describe('hintsFrom', () => {
  it('offers the categories the matching ads are filed under (a parent counts its children’s, after the one carrying most of it), then titles', () => {
    const found = [...ads(2, 'Helkama Jopo', 'Tunturi 28"', 'Helkama Jopo'), ...ads(3, 'Honda CBR')];
    expect(hintsFrom(found, categories, searchTerms('helkama'))).toEqual([
      { type: 'catalog', text: 'Polkupyörät', path: '/catalogs/liikenne/polkupyorat' },
      { type: 'catalog', text: 'Liikenne', path: '/catalogs/liikenne' },
      { type: 'catalog', text: 'Moottoripyörät', path: '/catalogs/liikenne/moottoripyorat' },
      // A title shown twice is one hint.
      { type: 'ad', text: 'Helkama Jopo', path: null },
      { type: 'ad', text: 'Tunturi 28"', path: null },
      { type: 'ad', text: 'Honda CBR', path: null },
    ]);
  });

  it('leaves out a parent that only repeats its one child’s evidence', () => {
    expect(hintsFrom(ads(5, 'Kulmasohva', 'Sohva'), categories, searchTerms('kulma')).map((h) => h.text)).toEqual([
      'Sohvat',
      'Kulmasohva',
      'Sohva',
    ]);
  });

  it('puts the parent first when no one child carries most of its evidence', () => {
    const found = [...ads(2, 'Helkama Jopo', 'Tunturi 28"'), ...ads(3, 'Honda CBR', 'Yamaha')];
    expect(
      hintsFrom(found, categories, searchTerms('xx'))
        .map((h) => h.text)
        .slice(0, 3),
    ).toEqual(['Liikenne', 'Moottoripyörät', 'Polkupyörät']);
  });

  it('offers a category its name matches even without ads', () => {
    expect(hintsFrom([], categories, searchTerms('sohva'))).toEqual([{ type: 'catalog', text: 'Sohvat', path: '/catalogs/koti/sohvat' }]);
  });

  it('gives at most ten hints, of them at most three categories', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `Ad ${i}`, catalogId: 1 + (i % 5) }));
    const hints = hintsFrom(many, categories, searchTerms('ad'));
    expect(hints).toHaveLength(HINT_LIMIT);
    expect(hints.filter((h) => h.type === 'catalog').length).toBeLessThanOrEqual(HINT_CATALOGS);
  });
});

describe('createSynonymCache', () => {
  it('reads the table once a minute, at once after a change here, and again after a failed read', async () => {
    let now = 0;
    const read = vi.fn(async () => [
      { groupId: 1, word: 'pyörä' },
      { groupId: 1, word: 'fillari' },
    ]);
    const synonyms = createSynonymCache(read, () => now).get;
    expect((await synonyms()).of.get('fillari')).toContain('pyörä');
    now += SYNONYMS_TTL_MS;
    await synonyms();
    expect(read).toHaveBeenCalledTimes(1);
    now += 1;
    await synonyms();
    expect(read).toHaveBeenCalledTimes(2);

    const cache = createSynonymCache(read, () => now);
    await cache.get();
    cache.clear();
    await cache.get();
    expect(read).toHaveBeenCalledTimes(4);

    const failing = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue([]);
    const again = createSynonymCache(failing, () => now).get;
    await expect(again()).rejects.toThrow('down');
    await expect(again()).resolves.toBeDefined();
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
