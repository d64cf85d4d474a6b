import { describe, expect, it } from 'vitest';
import { hintConditions, titleWords } from '../search/hints.ts';
import { searchTerms } from '../search/search-terms.ts';
import { AdTable, type IndexedAd } from './ad-table.ts';
import { indexedAd } from './ad-table.fixtures.ts';
import { seededRandom as random } from '../../test/seeded-random.ts';
import { newestTitled } from './hint-answer.ts';
import type { WordCondition } from './title-words.ts';

/**
 * The hints' ads from memory (issue 28) against a plain reading of every ad: through new ads, title
 * edits, removals and merges, re-dated both ways (a rare word's own ads, and the walk newest first).
 */

const NOW = Date.UTC(2026, 10, 28);
const WORDS = [
  'polkupyörä',
  'pyörä',
  'maastopyörä',
  'sohva',
  'kulmasohva',
  'Helkama',
  'Jopo',
  'iPhone',
  '256 GB',
  'talvirenkaat',
  'kesämökki',
  'sähköpyörä',
  'мотоцикл',
  'pöytä',
  'yöpöytä',
];

/** An ad in town 10 with this title, listed, not ending. */
function ad(id: number, createdUs: number, title: string, extra: Partial<IndexedAd> = {}): IndexedAd {
  return indexedAd(id, createdUs, { cityId: 10, title, titleWords: titleWords(title), ...extra });
}

/** A title word meets a condition as the hints define it, read plainly. */
function meets(word: string, condition: WordCondition): boolean {
  return (
    condition.prefixes.some((prefix) => word.startsWith(prefix)) ||
    condition.infixes.some((infix) => word.indexOf(infix, 2) >= 0 && /^\p{L}+$/u.test(word) && word.length - word.indexOf(infix, 2) >= 4) ||
    condition.exact.includes(word)
  );
}

describe('the hints from the title words in memory', () => {
  it('finds the newest ads with every typed word, as a plain reading does, through changes and re-dated both ways', () => {
    const rng = random(28);
    const table = new AdTable(7);
    const live = new Map<number, IndexedAd>();
    const write = (next: IndexedAd) => {
      table.put(next);
      live.set(next.id, next);
    };
    for (let id = 1; id <= 300; id++) {
      const title = Array.from({ length: rng.int(1, 3) }, () => rng.pick(WORDS)).join(' ');
      write(ad(id, 1_000 + rng.int(0, 400), title, { expiresMs: rng.next() < 0.1 ? NOW - 1 : null, reserved: rng.next() < 0.05 }));
    }
    table.seal();
    const queries = [
      'po',
      'pyö',
      'pyora',
      'polkupy',
      'helkama jo',
      'sohva',
      'sohv',
      'kulma',
      'iphone 256',
      'iphone 256 gb',
      'poyta',
      'мото',
      'kesamo',
      'jopo pyörä',
      'zz',
      'öö',
    ];
    for (let round = 0; round < 40; round++) {
      for (let change = 0; change < 12; change++) {
        const id = rng.int(1, 360);
        const roll = rng.next();
        if (roll < 0.2) {
          table.remove(id);
          live.delete(id);
        } else if (roll < 0.6 && live.has(id)) {
          // A title edited, the date kept.
          const before = live.get(id)!;
          const title = `${rng.pick(WORDS)} ${rng.pick(WORDS)}`;
          write({ ...before, title, titleWords: titleWords(title) });
        } else {
          write(ad(id, 1_000 + rng.int(0, 500), `${rng.pick(WORDS)} ${rng.pick(WORDS)}`));
        }
      }
      for (const query of queries) {
        const conditions = hintConditions(searchTerms(query));
        const expected = [...live.values()]
          .filter((row) => row.reserved || row.expiresMs === null || row.expiresMs > NOW)
          .filter((row) => conditions.every((condition) => row.titleWords.some((word) => meets(word, condition))))
          .sort((a, b) => b.createdUs - a.createdUs || b.id - a.id)
          .slice(0, 5)
          .map((row) => row.id);
        const ids = (slots: number[]) => slots.map((slot) => table.id[slot]);
        const found = newestTitled(table, conditions, NOW, 5);
        expect(ids(found), query).toEqual(expected);
        expect(found.map((slot) => table.titles.titleOf(slot))).toEqual(expected.map((id) => live.get(id)!.title));
      }
    }
  });

  it('reads titles as the queries are read: folded letters, units, compounds and synonyms', () => {
    expect(titleWords('Helkama Jopo polkupyörä, 24"')).toEqual(['helkama', 'jopo', 'polkupyora', '24in']);
    expect(titleWords('iPhone 13 256 GB')).toEqual(['iphone', '13', '256gb']);
    const table = new AdTable();
    table.put(ad(1, 1, 'Helkama Jopo polkupyörä'));
    table.put(ad(2, 2, 'Kulmasohva harmaa'));
    table.put(ad(3, 3, 'iPhone 13 256 GB'));
    table.put(ad(4, 4, 'Fillari'));
    table.seal();
    const hint = (text: string, synonyms = searchTerms(text)) =>
      newestTitled(table, hintConditions(synonyms), NOW, 10).map((slot) => table.id[slot]);
    expect(hint('polkupyo')).toEqual([1]);
    expect(hint('pyörä')).toEqual([1]);
    expect(hint('sohva')).toEqual([2]);
    expect(hint('iphone 256 gt')).toEqual([3]);
    expect(hint('jopo helk')).toEqual([1]);
    expect(hint('py')).toEqual([]);
    const fillari = searchTerms('polkupyörä', { of: new Map([['polkupyörä', ['fillari']]]), phrases: [] });
    expect(hint('', fillari)).toEqual([4, 1]);
    // A word typed in full before another: its beginning, and its stem inside a compound.
    expect(hint('sohva harm')).toEqual([2]);
    expect(hint('harmaa sohvat')).toEqual([2]);
    expect(hint('harmaa tuoli')).toEqual([]);
  });
});
