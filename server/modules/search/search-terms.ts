import type { SearchTerm } from './text-query-sql.ts';
import { isUnitToken, normalizeUnits } from './search-units.ts';

/** At most this many words of a query are used; the rest add nothing but cost. */
export const MAX_TERMS = 6;

/**
 * The synonym groups of the `search_synonyms` table (staff may edit them), ready for queries:
 * each word with the other words of its groups, and the phrases ("winter tyres") with the word
 * they stand for.
 */
export interface Synonyms {
  of: Map<string, string[]>;
  phrases: { phrase: string; word: string }[];
}

export const NO_SYNONYMS: Synonyms = { of: new Map(), phrases: [] };

/** Builds the lookup from the table's rows (group id, word). */
export function synonymsFrom(rows: { groupId: number; word: string }[]): Synonyms {
  const groups = new Map<number, string[]>();
  for (const row of rows) {
    const word = row.word.normalize('NFC').toLowerCase().trim();
    if (word) groups.set(row.groupId, [...(groups.get(row.groupId) ?? []), word]);
  }
  const of = new Map<string, string[]>();
  const phrases: Synonyms['phrases'] = [];
  for (const group of groups.values()) {
    const single = group.filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
    const first = single[0];
    for (const word of single) of.set(word, [...new Set([...(of.get(word) ?? []), ...single.filter((other) => other !== word)])]);
    if (first)
      for (const phrase of group.filter((w) => !single.includes(w)))
        phrases.push({ phrase: phrase.replace(/[^\p{L}\p{N}]+/gu, ' '), word: first });
  }
  // Longest first, so "kannettava tietokone" wins over a shorter phrase inside it.
  phrases.sort((a, b) => b.phrase.length - a.phrase.length);
  return { of, phrases };
}

// Finnish case and plural endings, longest first; what is left is looked for inside titles.
const FINNISH_ENDINGS = [
  'ineen',
  'issa',
  'issä',
  'ista',
  'istä',
  'illa',
  'illä',
  'ilta',
  'iltä',
  'ille',
  'iksi',
  'ihin',
  'ssa',
  'ssä',
  'sta',
  'stä',
  'lla',
  'llä',
  'lta',
  'ltä',
  'lle',
  'ksi',
  'tta',
  'ttä',
  'ien',
  'jen',
  'den',
  'ten',
  'iin',
  'na',
  'nä',
  'en',
  'an',
  'än',
  'on',
  'ön',
  'un',
  'yn',
  't',
  'n',
];

/**
 * The word without the Nordic letters, as many type it on a phone or a foreign keyboard: ä and å
 * as a, ö as o ("polkupyörä" → "polkupyora"). The vocabulary's folded index holds the same
 * (migration 0035: `translate(word, 'äöå', 'aoa')`).
 */
export function foldAccents(word: string): string {
  return word.replace(/[äå]/g, 'a').replace(/ö/g, 'o');
}

/**
 * The terms with each word's spelling without ä, å and ö beside it (`folded`), for matching saved
 * searches (issue 29): with the ad's document read by `alertDocument` (its words' lexemes so
 * spelt too), a word typed either way meets the other, as the listing's search meets a typed
 * word's other spellings in its vocabulary.
 */
export function withFoldedSpellings<T extends { words: string[]; folded?: string[] }>(terms: T[]): T[] {
  return terms.map((term) => {
    const extra = term.words.map(foldAccents).filter((word) => !term.words.includes(word) && !term.folded?.includes(word));
    return extra.length ? { ...term, folded: [...new Set([...(term.folded ?? []), ...extra])] } : term;
  });
}

/** A rough Finnish stem for infix matching: "pyörät" and "pyörän" give "pyör", "kulmasohvat" gives "kulmasohv". */
export function infixStem(word: string): string {
  if (/[а-яё]/.test(word)) {
    // Russian: the full-text search already declines words; only a final vowel is dropped here.
    return word.length > 4 ? word.replace(/[аяоеёиыуюьй]+$/u, '') : word;
  }
  let stem = word;
  for (const ending of FINNISH_ENDINGS) {
    if (stem.endsWith(ending) && stem.length - ending.length >= 4) {
      stem = stem.slice(0, -ending.length);
      break;
    }
  }
  if (stem.length > 4) stem = stem.replace(/[aeiouyäö]$/u, '');
  return stem;
}

/**
 * Finnish stem changes the snowball stemmer leaves apart: the query word gives the form its
 * inflections begin with ("rengas" → "renkaa" of "renkaat", "puhelin" → "puhelime" of
 * "puhelimet", "suksi" → "sukse" of "sukset", "huone" → "huonee" of "huoneet").
 */
const FINNISH_CHANGES: [RegExp, string][] = [
  [/^(\p{L}{2,})ngas$/u, '$1nkaa'],
  [/^(\p{L}{2,})uas$/u, '$1ukaa'],
  [/^(\p{L}{3,})as$/u, '$1aa'],
  [/^(\p{L}{2,})tin$/u, '$1ttime'],
  [/^(\p{L}{3,})in$/u, '$1ime'],
  [/^(\p{L}{3,})nen$/u, '$1se'],
  [/^(\p{L}{3,})us$/u, '$1ukse'],
  [/^(\p{L}{2,})si$/u, '$1se'],
  [/^(\p{L}{3,}[^aeiouyäö])e$/u, '$1ee'],
];

/** The same changes backwards: an inflected query word gives its base form ("puhelimet" → "puhelin"). */
const FINNISH_BASES: [RegExp, string][] = [
  [/^(\p{L}{2,})nkaa(?:t|n|ssa|lla|lle|sta|ksi)$/u, '$1ngas'],
  [/^(\p{L}{2,})ukaa(?:t|n|ssa|lla|lle|sta|ksi)$/u, '$1uas'],
  [/^(\p{L}{2,})ttime(?:t|n|ssa|llä|lla|lle|stä|sta|ksi)$/u, '$1tin'],
  [/^(\p{L}{3,})ime(?:t|n|ssa|ssä|lla|llä|lle|sta|stä|ksi)$/u, '$1in'],
  [/^(\p{L}{3,})ukse(?:t|n|ssa|lla|lle|sta|ksi)$/u, '$1us'],
  [/^(\p{L}{3,}[^aeiouyäö])ee(?:t|n|ssa|ssä|lla|llä|lle|sta|stä|ksi)$/u, '$1e'],
  [/^(\p{L}{2,})kse(?:t|n|ssa|llä|lla|lle|sta|stä)$/u, '$1ksi'],
  [/^(\p{L}{3,})se(?:t|n|ssa|ssä|lla|llä|lle|sta|stä|ksi)$/u, '$1nen'],
];

export function finnishForms(word: string): string[] {
  if (word.length < 5 || !/^[a-zåäö]+$/.test(word)) return [];
  const out: string[] = [];
  const change = FINNISH_CHANGES.find(([pattern]) => pattern.test(word));
  if (change) out.push(word.replace(change[0], change[1]));
  const base = FINNISH_BASES.find(([pattern]) => pattern.test(word));
  if (base) out.push(word.replace(base[0], base[1]));
  return out.filter((form) => form !== word);
}

/**
 * Splits a query into words of letters and digits (so nothing reaches SQL but plain words),
 * numbers with units as one token each ("256 gt" → "256gb"), phrases of the synonym table as
 * their group's word. Also gives the unit tokens room words stand for ("kaksio" → 2h).
 */
export function queryWords(text: string, synonyms: Synonyms = NO_SYNONYMS): { words: string[]; aliases: Map<string, string[]> } {
  const units = normalizeUnits(text.normalize('NFC').slice(0, 500));
  let normalized = ` ${units.text.replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  for (const { phrase, word } of synonyms.phrases) normalized = normalized.replaceAll(` ${phrase} `, ` ${word} `);
  const words = normalized.split(' ').filter((w) => w.length >= 2 && w.length <= 60);
  return { words: [...new Set(words)].slice(0, MAX_TERMS), aliases: units.aliases };
}

/**
 * What each query word may match: itself with its synonyms, unit tokens and Finnish stem
 * changes, their stems inside compound titles, and (filled in by the repository when the word
 * is unknown) near misspellings.
 */
export function searchTerms(text: string | undefined, synonyms: Synonyms = NO_SYNONYMS): SearchTerm[] {
  if (!text) return [];
  const { words: queryTokens, aliases } = queryWords(text, synonyms);
  return queryTokens.map((word) => {
    if (isUnitToken(word)) return { words: [word], stems: [], fuzzy: '', weight: 0.6, exact: true };
    const synonymsOfWord = synonyms.of.get(word) ?? [];
    const words = [...new Set([word, ...synonymsOfWord, ...finnishForms(word), ...(aliases.get(word) ?? [])])];
    // A number or a short token without synonyms ("13", "pro") is weak: it never matches inside
    // titles and weighs little ("tv" and "mp" have synonyms, so they are words).
    const number = /^\d+$/.test(word);
    const weak = number || (word.length <= 3 && synonymsOfWord.length === 0);
    const stems = weak
      ? []
      : [
          ...new Set(
            words
              .filter((w) => !isUnitToken(w))
              .map(infixStem)
              .filter((stem) => stem.length >= 3),
          ),
        ];
    return { words, stems, fuzzy: weak ? '' : word, weight: number ? 0.3 : weak ? 0.5 : 1, exact: false };
  });
}
