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
  ['kännykkä', 'puhelin', 'matkapuhelin', 'älypuhelin', 'phone', 'smartphone', 'телефон', 'смартфон'],
  ['telkkari', 'televisio', 'tv', 'телевизор'],
  ['läppäri', 'kannettava', 'laptop', 'ноутбук'],
  ['mökki', 'kesämökki', 'huvila', 'stuga', 'cottage', 'дача'],
  ['sohva', 'sohvat', 'soffa', 'sofa', 'couch', 'диван'],
  ['lastenvaunut', 'rattaat', 'vaunut', 'pram', 'stroller', 'коляска'],
  ['moottoripyörä', 'motoristi', 'mp', 'motorcycle', 'мотоцикл'],
  ['mopo', 'skootteri', 'moped', 'scooter', 'мопед'],
  ['kiuas', 'saunankiuas', 'sauna stove'],
  ['jääkaappi', 'kylmälaite', 'fridge', 'refrigerator', 'холодильник'],
  ['pesukone', 'pyykinpesukone', 'washing machine', 'стиральная'],
  ['koira', 'pentu', 'dog', 'puppy', 'собака', 'щенок'],
  ['kissa', 'kissanpentu', 'cat', 'kitten', 'кошка', 'котёнок'],
  ['sukset', 'hiihto', 'skis', 'лыжи'],
  ['luistimet', 'skates', 'коньки'],
  ['kitara', 'guitar', 'gitarr', 'гитара'],
  ['asunto', 'kerrostalo', 'kaksio', 'yksiö', 'apartment', 'flat', 'квартира'],
  ['talvirenkaat', 'nastarenkaat', 'kitkarenkaat', 'winter tyres', 'зимние шины'],
];

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
  const words = text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2 && w.length <= 60);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** What each query word may match: itself with its synonyms, their stems inside titles, and near misspellings. */
export function searchTerms(text: string | undefined): SearchTerm[] {
  if (!text) return [];
  return queryWords(text).map((word) => {
    const words = [word, ...(SYNONYMS.get(word) ?? [])];
    const stems = [...new Set(words.map(infixStem).filter((stem) => stem.length >= 3))];
    return { words, stems, fuzzy: word };
  });
}
