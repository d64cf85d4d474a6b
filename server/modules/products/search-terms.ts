import type { SearchTerm } from './products.repo.ts';

/** At most this many words of a query are used; the rest add nothing but cost. */
export const MAX_TERMS = 6;

/**
 * Words people use for the same thing. Each group is matched both ways: "fillari" finds
 * "polkupyörä" and the other way round. Kept short and common on purpose.
 */
const SYNONYM_GROUPS: string[][] = [
  ['fillari', 'polkupyörä', 'pyörä', 'cykel', 'bike', 'bicycle', 'велосипед'],
  ['auto', 'henkilöauto', 'bil', 'car', 'автомобиль', 'машина'],
  ['kännykkä', 'puhelin', 'matkapuhelin', 'älypuhelin', 'phone', 'smartphone', 'mobiltelefon', 'телефон', 'смартфон'],
  ['telkkari', 'televisio', 'tv', 'teve', 'телевизор'],
  ['läppäri', 'kannettava', 'laptop', 'bärbar', 'ноутбук'],
  ['mökki', 'kesämökki', 'huvila', 'stuga', 'cottage', 'дача'],
  ['sohva', 'sohvat', 'soffa', 'sofa', 'couch', 'диван'],
  // Not 'vaunut' alone: inside titles it is mostly 'asuntovaunu', a caravan.
  ['lastenvaunut', 'lastenrattaat', 'rattaat', 'pram', 'stroller', 'pushchair', 'barnvagn', 'sittvagn', 'коляска'],
  ['moottoripyörä', 'motoristi', 'mp', 'motorcycle', 'motorcykel', 'мотоцикл'],
  ['mopo', 'skootteri', 'moped', 'scooter', 'мопед'],
  ['kiuas', 'saunankiuas', 'sauna stove'],
  ['jääkaappi', 'kylmälaite', 'fridge', 'refrigerator', 'kylskåp', 'холодильник'],
  ['pesukone', 'pyykinpesukone', 'washing machine', 'tvättmaskin', 'стиральная'],
  ['koira', 'pentu', 'dog', 'puppy', 'hund', 'valp', 'собака', 'щенок'],
  ['kissa', 'kissanpentu', 'cat', 'kitten', 'katt', 'kattunge', 'кошка', 'котёнок'],
  ['sukset', 'hiihto', 'skis', 'skidor', 'лыжи'],
  ['luistimet', 'skates', 'skridskor', 'коньки'],
  ['kitara', 'guitar', 'gitarr', 'гитара'],
  ['asunto', 'kerrostalo', 'kaksio', 'yksiö', 'apartment', 'flat', 'lägenhet', 'квартира'],
  ['talvirenkaat', 'nastarenkaat', 'kitkarenkaat', 'winter tyres', 'winter tires', 'vinterdäck', 'dubbdäck', 'зимние шины'],
];

/** Synonyms of more than one word ("winter tyres"), each standing for its group's first word. */
const PHRASES = SYNONYM_GROUPS.flatMap((group) =>
  group.filter((word) => word.includes(' ')).map((phrase) => ({ phrase, word: group[0]! })),
);

const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) {
  for (const word of group)
    SYNONYMS.set(
      word,
      group.filter((other) => other !== word && !other.includes(' ')),
    );
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

/** Splits a query into words of letters and digits (so nothing reaches SQL but plain words). */
export function queryWords(text: string): string[] {
  let normalized = ` ${text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  for (const { phrase, word } of PHRASES) normalized = normalized.replaceAll(` ${phrase} `, ` ${word} `);
  const words = normalized.split(' ').filter((w) => w.length >= 2 && w.length <= 60);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** What each query word may match: itself with its synonyms, their stems inside titles, and near misspellings. */
export function searchTerms(text: string | undefined): SearchTerm[] {
  if (!text) return [];
  return queryWords(text).map((word) => {
    const synonyms = SYNONYMS.get(word) ?? [];
    const words = [word, ...synonyms];
    // A number or a short token without synonyms ("13", "pro") is weak: it never matches inside
    // titles and weighs little ("tv" and "mp" have synonyms, so they are words).
    const number = /^\d+$/.test(word);
    const weak = number || (word.length <= 3 && synonyms.length === 0);
    const stems = weak ? [] : [...new Set(words.map(infixStem).filter((stem) => stem.length >= 3))];
    return { words, stems, fuzzy: word, weight: number ? 0.3 : weak ? 0.5 : 1 };
  });
}
