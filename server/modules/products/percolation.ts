import { createHash } from 'node:crypto';
import type { SearchTerm } from './products.repo.ts';
import type { Synonyms } from './search-terms.ts';
import { finnishForms } from './search-terms.ts';

/**
 * Percolation (issue 29: a new ad looked up against the saved searches, the inverse of search).
 * A saved search is indexed by one requirement every ad it shows must meet — its rarest — and a
 * new ad by every key it meets; the candidates found by those keys are then confirmed with the
 * listing's own predicate. A key may only narrow: an ad the search shows always has its key.
 *
 * Words are keyed by their first WORD_KEY_LENGTH letters: the stemmers of the search (Finnish,
 * Swedish, English, Russian, simple) only strip endings, the compound parts the index stores
 * ("~sohv" of "kulmasohva") are such stems, and the Finnish stem changes ("rengas" / "renkaat")
 * are met by taking the ad's words' base forms too — so every lexeme an ad matches a word through
 * begins with the same letters as the word. A word with synonyms can match an ad through another
 * word entirely: it is not used as a key.
 */
export const WORD_KEY_LENGTH = 4;
/** Raised when `searchPercolationKey` reads a search differently: every stored key is read again. */
const KEY_RULES_VERSION = 1;

/**
 * What a saved search's key was read with: the key rules' version and the synonyms (a word with
 * synonyms is never a key, so a new synonym changes keys). Stored beside the key; a key read with
 * other rules is read again by the rekey job.
 */
export function percolationRules(synonyms: Synonyms): string {
  const words = [...synonyms.of.entries()].map(([word, others]) => `${word}=${[...others].sort().join(',')}`).sort();
  const phrases = synonyms.phrases.map((p) => `${p.phrase}>${p.word}`).sort();
  const digest = createHash('sha256')
    .update(JSON.stringify([WORD_KEY_LENGTH, words, phrases]))
    .digest('hex')
    .slice(0, 16);
  return `${KEY_RULES_VERSION}:${digest}`;
}

/** What of a listing body the key reads. */
export interface PercolationFilters {
  catalogs?: number[];
  cities?: number[];
  regions?: number[];
}

const wordKey = (word: string) => `w:${word.slice(0, WORD_KEY_LENGTH)}`;

/**
 * The saved search's key: a word ("w:<first letters>", the longest real word — a longer word is
 * rarer), else its one catalog ("c:<id>", every ad below it carries it), else its one town
 * ("t:<id>") or region ("r:<id>") when it names only that place, else "*".
 */
export function searchPercolationKey(filters: PercolationFilters, terms: SearchTerm[], synonyms: Synonyms): string {
  const words = terms
    .filter((term) => !term.exact && term.weight >= 1)
    .map((term) => term.words[0] ?? '')
    .filter((word) => [...word].length >= WORD_KEY_LENGTH && /^\p{L}+$/u.test(word) && !(synonyms.of.get(word)?.length ?? 0))
    .sort((a, b) => b.length - a.length || a.localeCompare(b));
  if (words[0]) return wordKey(words[0]);
  const catalogs = [...new Set(filters.catalogs ?? [])];
  if (catalogs.length === 1) return `c:${catalogs[0]}`;
  const cities = [...new Set(filters.cities ?? [])];
  const regions = [...new Set(filters.regions ?? [])];
  if (cities.length === 1 && regions.length === 0) return `t:${cities[0]}`;
  if (regions.length === 1 && cities.length === 0) return `r:${regions[0]}`;
  return '*';
}

/**
 * Every key an ad meets, from the lexemes of its search document: its words' first letters (and
 * those of their Finnish base forms), its compound parts', its catalog and the catalog's
 * ancestors (§c), its town (§m) and region (§r), and "*".
 */
export function adPercolationKeys(lexemes: string[]): string[] {
  const keys = new Set<string>(['*']);
  for (const lexeme of lexemes) {
    const place = /^§([mrc])(\d+)$/u.exec(lexeme);
    if (place) {
      keys.add(`${place[1] === 'm' ? 't' : place[1]}:${place[2]}`);
      continue;
    }
    if (lexeme.startsWith('§')) continue;
    const word = lexeme.startsWith('~') ? lexeme.slice(1) : lexeme;
    for (const form of [word, ...finnishForms(word)]) {
      if ([...form].length >= WORD_KEY_LENGTH && /^\p{L}/u.test(form)) keys.add(wordKey(form));
    }
  }
  return [...keys];
}
