import { createHash } from 'node:crypto';
import type { SearchTerm } from './text-query-sql.ts';
import { NO_SYNONYMS, type Synonyms, finnishForms, searchTerms } from './search-terms.ts';

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
 * word entirely: it is a key only when every word it may match through is one (no "tv", no unit
 * token), and an ad meets it when it meets the key of any of them.
 *
 * A word or catalog and the one town or region a search names make one key ("c:12&t:91"): most
 * searches name both, and either alone would find every search of a busy category or a big town.
 */
export const WORD_KEY_LENGTH = 4;
/** Raised when `searchPercolationKey` reads a search differently: every stored key is read again. */
const KEY_RULES_VERSION = 2;

/**
 * What a saved search's key was read with: the key rules' version and the synonyms (a new synonym
 * such as "tv" can make a word no key, and the words an ad meets it through change). Stored beside the key; a key read with
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

/** A word's key: its first letters (all of a shorter word: "tv", a synonym of "televisio"). */
const wordKey = (word: string) => `w:${word.slice(0, WORD_KEY_LENGTH)}`;

/**
 * A search word's key, when every word it may match an ad through (itself, its synonyms, its
 * forms) is a word of letters, and itself is long enough or has synonyms (a short word without
 * any weighs too little to be one); none when a unit token ("2h" of "kaksio") may match.
 */
function termKey(term: SearchTerm): string | undefined {
  const word = term.words[0];
  if (!word || term.exact || term.weight < 1 || !term.words.every((w) => /^\p{L}{2,}$/u.test(w))) return undefined;
  return [...word].length >= WORD_KEY_LENGTH || term.words.length > 1 ? wordKey(word) : undefined;
}

/**
 * The saved search's key: what it shows ("w:<first letters>" of its longest keyed word — a longer
 * word is rarer —, else "c:<id>" of its one catalog, every ad below it carries it) joined with
 * where ("t:<id>" or "r:<id>", when it names only that town or region): "w:sohv&t:91"; either
 * alone when the search has no other; "*" for a search of everything everywhere.
 */
export function searchPercolationKey(filters: PercolationFilters, terms: SearchTerm[]): string {
  const words = terms
    .map((term) => ({ term, key: termKey(term) }))
    .filter((t) => t.key !== undefined)
    .sort((a, b) => b.term.words[0]!.length - a.term.words[0]!.length || a.term.words[0]!.localeCompare(b.term.words[0]!));
  const catalogs = [...new Set(filters.catalogs ?? [])];
  const thing = words[0]?.key ?? (catalogs.length === 1 ? `c:${catalogs[0]}` : undefined);
  const cities = [...new Set(filters.cities ?? [])];
  const regions = [...new Set(filters.regions ?? [])];
  const place =
    cities.length === 1 && regions.length === 0
      ? `t:${cities[0]}`
      : regions.length === 1 && cities.length === 0
        ? `r:${regions[0]}`
        : undefined;
  return thing && place ? `${thing}&${place}` : (thing ?? place ?? '*');
}

/**
 * For the key of each word a synonym word may match an ad through, the synonym word's own key: an
 * ad whose word begins so meets it (built once per set of synonyms).
 */
const synonymKeysCache = new WeakMap<Synonyms, Map<string, string[]>>();
function synonymKeys(synonyms: Synonyms): Map<string, string[]> {
  let map = synonymKeysCache.get(synonyms);
  if (map) return map;
  map = new Map();
  for (const word of synonyms.of.keys()) {
    const term = searchTerms(word, synonyms)[0];
    const key = term && termKey(term);
    if (!term || !key) continue;
    for (const through of new Set(term.words.map(wordKey))) map.set(through, [...(map.get(through) ?? []), key]);
  }
  synonymKeysCache.set(synonyms, map);
  return map;
}

/**
 * Every key an ad meets, from the lexemes of its search document: its words' first letters (and
 * those of their Finnish base forms), its compound parts', those of the synonym words it meets
 * through them, its catalog and the catalog's ancestors (§c), its town (§m) and region (§r), each
 * of those with its town and with its region, and "*".
 */
export function adPercolationKeys(lexemes: string[], synonyms: Synonyms = NO_SYNONYMS): string[] {
  const throughSynonyms = synonymKeys(synonyms);
  const things = new Set<string>();
  const places: string[] = [];
  for (const lexeme of lexemes) {
    const filed = /^§([mrc])(\d+)$/u.exec(lexeme);
    if (filed) {
      if (filed[1] === 'c') things.add(`c:${filed[2]}`);
      else places.push(`${filed[1] === 'm' ? 't' : 'r'}:${filed[2]}`);
      continue;
    }
    if (lexeme.startsWith('§')) continue;
    const word = lexeme.startsWith('~') ? lexeme.slice(1) : lexeme;
    for (const form of [word, ...finnishForms(word)]) {
      if ([...form].length >= WORD_KEY_LENGTH && /^\p{L}/u.test(form)) things.add(wordKey(form));
      // A synonym may be shorter than the key ("tv"): the form's shorter beginnings are looked up too.
      for (let n = 2; n <= Math.min(WORD_KEY_LENGTH, form.length); n++)
        for (const key of throughSynonyms.get(`w:${form.slice(0, n)}`) ?? []) things.add(key);
    }
  }
  return ['*', ...places, ...things, ...[...things].flatMap((thing) => places.map((place) => `${thing}&${place}`))];
}
