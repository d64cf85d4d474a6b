/**
 * Numbers with units and sizes, normalised to one token each: the query side of the database's
 * `search_units` function (server/modules/search/search-functions.sql), which does the same to every ad's title and
 * description. search-units.test.ts holds the two equal.
 *
 * 17" = 17 tuumaa = 17 tum = R17 → 17in; 256 GB = 256gb = 256 Gt → 256gb; 205/55 R16 → 205x55 and
 * 16in; koko 42 = size 42 = storlek 42 → size42; kaksio = 2h = 2 huonetta = tvåa = двушка → 2h.
 */

// `(?<![[:alnum:]])` and `(?![[:alnum:]])` in the database.
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

const UNIT_NAMES: Record<string, string> = { gt: 'gb', gib: 'gb', гб: 'gb', tt: 'tb', тб: 'tb', 'm²': 'm2', кг: 'kg', см: 'cm' };
const ONE_ROOM = ['yksiö', 'etta', 'ettan', 'ettor', 'studio', 'студия', 'однушк'];
const TWO_ROOMS = ['kaksio', 'tvåa', 'tvåan', 'tvåor', 'двушк'];

interface Rule {
  pattern: RegExp;
  tokens: (m: RegExpExecArray) => string[];
  /** Room words ("kaksio") stay words too; number-and-unit spans become their token. */
  keepsWord?: boolean;
}

const RULES: Rule[] = [
  {
    pattern: new RegExp(`${B}(\\d{3})\\s*/\\s*(\\d{2})\\s*(?:-|z?r)?\\s*(\\d{2})${E}`, 'gu'),
    tokens: (m) => [`${m[1]}x${m[2]}`, `${m[3]}in`],
  },
  {
    pattern: new RegExp(`${B}(\\d{1,3})\\s*(?:"|''|”|″|tuum\\p{L}*|tums?|inch(?:es)?|дюйм\\p{L}*)${E}`, 'gu'),
    tokens: (m) => [`${m[1]}in`],
  },
  { pattern: new RegExp(`${B}r\\s?(1\\d|2[0-4])${E}`, 'gu'), tokens: (m) => [`${m[1]}in`] },
  {
    pattern: new RegExp(`${B}(\\d{1,4})\\s*(gb|gt|gib|гб|tb|tt|тб|cm|mm|kg|m2|m²|кг|см)${E}`, 'gu'),
    tokens: (m) => [`${m[1]}${UNIT_NAMES[m[2]!] ?? m[2]}`],
  },
  {
    pattern: new RegExp(`${B}([1-9])\\s*(?:h|huone\\p{L}*|rum|rok|rooms?|bedrooms?|комн\\p{L}*|-комнатн\\p{L}*)${E}`, 'gu'),
    tokens: (m) => [`${m[1]}h`],
  },
  {
    pattern: new RegExp(
      `${B}(yksiö|etta|ettan|ettor|studio|студия|однушк|kaksio|tvåa|tvåan|tvåor|двушк|kolmio|trea|trean|treor|трешк|трёшк)`,
      'gu',
    ),
    tokens: (m) => [ONE_ROOM.includes(m[1]!) ? '1h' : TWO_ROOMS.includes(m[1]!) ? '2h' : '3h'],
    keepsWord: true,
  },
  {
    pattern: new RegExp(`${B}(?:koko|size|storlek|stl|размер|eu)\\.?\\s*(\\d{2,3}|xxs|xs|s|m|l|xl|xxl|xxxl)${E}`, 'gu'),
    tokens: (m) => [`size${m[1]}`],
  },
];

/** The unit tokens of a text, in the order the database's `search_units` gives them. */
export function unitTokens(text: string): string[] {
  const lower = text.toLowerCase();
  return RULES.flatMap((rule) => [...lower.matchAll(rule.pattern)].flatMap((m) => rule.tokens(m as RegExpExecArray)));
}

/**
 * A query with its number-and-unit spans replaced by their tokens ("iphone 256 gt" → "iphone
 * 256gb"), and the tokens room words stand for ("kaksio" → 2h), to be matched with the word.
 */
export function normalizeUnits(text: string): { text: string; aliases: Map<string, string[]> } {
  let out = text.toLowerCase();
  const aliases = new Map<string, string[]>();
  for (const rule of RULES) {
    out = out.replace(rule.pattern, (...args) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      const tokens = rule.tokens(m);
      if (!rule.keepsWord) return ` ${tokens.join(' ')} `;
      const word = /^\p{L}+/u.exec(out.slice(args.at(-2) as number))?.[0] ?? m[0];
      aliases.set(word, tokens);
      return m[0];
    });
  }
  return { text: out, aliases };
}

/** A token of the normaliser ("17in", "256gb", "2h", "size42", "205x55"): matched whole, never as a prefix. */
export const isUnitToken = (word: string) => /^(?:\d+(?:in|gb|tb|cm|mm|kg|m2|h)|size\w+|\d{3}x\d{2})$/u.test(word);
