import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';

/**
 * How a text query becomes SQL (issue 16's search): each word's tsqueries in the five
 * configurations, worked out once by PostgreSQL's stemmers into literals of distinct lexemes, the
 * all-words and any-word queries, and the relevance levels. search.repo.ts runs them.
 */

/** One word of a text query with what it may match: itself, its synonyms, its stem inside compounds. */
export interface SearchTerm {
  /** Letters and digits only: safe inside to_tsquery. */
  words: string[];
  /** Lowercase stems (3+ letters) looked for as the start of a compound title word's part, so "sohva" finds "kulmasohva". */
  stems: string[];
  /** The word as typed: corrected against the vocabulary when no ad has it (typos). */
  fuzzy: string;
  /**
   * How much the word says about what is wanted: 1 for a real word, less for a number or a
   * short token ("13", "pro"), which alone never makes an ad relevant.
   */
  weight: number;
  /** A unit token ("17in", "256gb"): matched whole, never as a prefix. */
  exact: boolean;
  /** Vocabulary words one or two edits away (corrections, or misspellings in ads), matched loosely. */
  near?: string[];
  /** Set when `near` was looked up. */
  typo?: boolean;
  /**
   * Vocabulary words that differ from the typed word only in ä, ö and å ("polkupyora" for
   * "polkupyörä", and back): matched loosely like near words, so an ad spelt as typed ranks above.
   */
  folded?: string[];
  /** Everything the term matches as one tsquery literal of distinct lexemes (compileTerms). */
  lexemes?: string;
  /** The relevance levels' queries as literals of distinct lexemes (compileTerms); absent for unit tokens. */
  levels?: TermLevels;
}

/** A term's queries for the relevance levels, each a tsquery literal of distinct lexemes. */
export interface TermLevels {
  /** The word stemmed in each ad language, or as typed (`other`: as typed only). */
  whole: Record<AdLanguage | 'other', string>;
  /** Any stemmer, the word as typed, its near words. */
  loose: string;
  /** Inside a compound of the title (`partsQuery`). */
  parts?: string;
}

const CONFIGS = ['finnish', 'swedish', 'english', 'russian', 'simple'] as const;

const CONFIG_OF_LANGUAGE = { fi: 'finnish', sv: 'swedish', en: 'english', ru: 'russian' } as const;
type AdLanguage = keyof typeof CONFIG_OF_LANGUAGE;
const AD_LANGUAGES = Object.keys(CONFIG_OF_LANGUAGE) as AdLanguage[];

/**
 * A word as a tsquery operand, always whole: a prefix (`pyör:*`) makes GIN read the full match
 * list of every lexeme it covers before anything can narrow it (600 ms for a bicycle word at a
 * million ads), while whole lexemes let it skip through the lists to the few ads of the newest
 * days. Inflections meet through the stemmers on both sides, compounds through the stored parts,
 * the word being typed (hints) through the vocabulary's completions. Loose: any stemmer (and
 * the word as typed). Whole: the same, for the relevance levels. Title: only in the title
 * (weight A of the search document).
 */
type Match = 'loose' | 'whole' | 'title';
function operand(word: string, match: Match): string {
  return match === 'title' ? `${word}:A` : word;
}

/** The term's words OR-ed into one tsquery of the given configurations (all five by default; unit tokens only `simple`). */
function termQuery(term: SearchTerm, match: Match = 'loose', configs: readonly string[] = CONFIGS): SQL {
  const words = match === 'loose' ? [...term.words, ...(term.near ?? []), ...(term.folded ?? [])] : term.words;
  const expression = words.map((word) => operand(word, match)).join(' | ');
  const used = term.exact ? ['simple'] : configs;
  return sql`(${sql.join(
    used.map((config) => sql`to_tsquery(${config}::regconfig, ${expression})`),
    sql` || `,
  )})`;
}

/**
 * The term among the compound parts the trigger stores with their stems ("~sohv" of
 * "kulmasohva", "~cykl" of "damcykel" for "cyklar"): the term's words stemmed in Finnish,
 * Swedish and English and as typed, marked by rewriting the stemmed query's text. Undefined for
 * numbers, short words and unit tokens.
 */
function partsQuery(term: SearchTerm): SQL | undefined {
  if (!term.stems.length) return undefined;
  const long = term.words.filter((w) => w.length >= 4 && !/^\d+$/.test(w));
  if (!long.length) return undefined;
  const stemmed = termQuery({ ...term, words: long, near: undefined, folded: undefined }, 'loose', [
    'finnish',
    'swedish',
    'english',
    'simple',
  ]);
  return sql`regexp_replace((${stemmed})::text, ${"'([^']+)'"}, ${"'~\\1'"}, 'g')::tsquery`;
}

/** Everything a term may match in the search document, one tsquery (served by the GIN index). */
function termTsquery(term: SearchTerm): SQL {
  if (term.lexemes) return sql`${term.lexemes}::tsquery`;
  const parts = partsQuery(term);
  return parts ? sql`(${termQuery(term)} || ${parts})` : termQuery(term);
}

/**
 * Each term's queries as text, worked out by PostgreSQL's stemmers: `t<i>` what the passes ask
 * the index for; for the relevance levels `w<i>_<language>`, `l<i>` and `p<i>` (see TermLevels).
 */
export function tsqueryColumns(terms: SearchTerm[], withLevels = true): SQL[] {
  return terms.flatMap((term, i) => {
    const bare = { ...term, lexemes: undefined, levels: undefined };
    const column = (query: SQL, name: string) => sql`(${query})::text as ${sql.identifier(name)}`;
    const columns = [column(termTsquery(bare), `t${i}`)];
    if (term.exact || !withLevels) return columns;
    for (const language of AD_LANGUAGES)
      columns.push(column(termQuery(bare, 'whole', [CONFIG_OF_LANGUAGE[language], 'simple']), `w${i}_${language}`));
    columns.push(column(termQuery(bare, 'whole', ['simple']), `w${i}_other`), column(termQuery(bare), `l${i}`));
    const parts = partsQuery(bare);
    if (parts) columns.push(column(parts, `p${i}`));
    return columns;
  });
}

/** The distinct lexemes of a tsquery's text as a literal of them OR-ed ('§none', which no document has, for none). */
function distinctLexemes(text: unknown): string {
  const found = [...new Set([...String(text ?? '').matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!))];
  return found.length ? found.map((l) => `'${l}'`).join(' | ') : NO_LEXEME;
}

/** A tsquery literal no document matches. */
export const NO_LEXEME = `'§none'`;

/**
 * An ad's search document as a saved search's words meet it (issue 29): its lexemes, and each
 * word's lexeme with ä, å and ö written a and o (search-terms.ts `foldAccents`) beside it — as the
 * listing's search meets a typed word's other spellings (`withFoldedSpellings` on the query's
 * side). Compound parts (`~`) and filed values (`§`) are left as they are, as the search leaves
 * them. For one row at a time, never for an index.
 */
export const alertDocument = (document: SQL): SQL =>
  sql`(${document} || array_to_tsvector(array(select translate(l, 'äöå', 'aoa') from unnest(tsvector_to_array(${document})) l
    where l !~ '^[~§]' and l ~ '[äöå]')))`;

/**
 * The terms with their queries worked out once (the columns of `tsqueryColumns` in a row), each
 * distinct lexeme once: the five stemmers mostly agree, and GIN reads a lexeme's list once per
 * mention (five times the pages for the same answer), as the relevance expression tests it once
 * per mention for every candidate. The passes and the relevance then send the literals.
 */
export function withLexemes(terms: SearchTerm[], row: Record<string, unknown>, withLevels = true): SearchTerm[] {
  return terms.map((term, i) => {
    const levels: TermLevels | undefined =
      term.exact || !withLevels
        ? undefined
        : {
            whole: Object.fromEntries(
              [...AD_LANGUAGES, 'other'].map((language) => [language, distinctLexemes(row[`w${i}_${language}`])]),
            ) as TermLevels['whole'],
            loose: distinctLexemes(row[`l${i}`]),
            ...(row[`p${i}`] === undefined ? {} : { parts: distinctLexemes(row[`p${i}`]) }),
          };
    return { ...term, lexemes: distinctLexemes(row[`t${i}`]), levels };
  });
}

/** The terms' lexemes worked out again (after near words joined them): one statement. */
export async function compileTerms(tx: Db, terms: SearchTerm[]): Promise<SearchTerm[]> {
  if (!terms.length) return terms;
  return withLexemes(terms, rowsOf<Record<string, unknown>>(await tx.execute(sql`select ${sql.join(tsqueryColumns(terms), sql`, `)}`))[0]!);
}

/**
 * Every word of the query must match, or (the fallback for few results) any of its real words:
 * numbers and short tokens only add to the score then, "kesärenkaat 17" is not every ad with 17.
 */
export type WordMode = 'all' | 'any';

export function wordsTsquery(terms: SearchTerm[], mode: WordMode): SQL {
  if (mode === 'all') return sql.join(terms.map(termTsquery), sql` && `);
  const strong = terms.filter((term) => term.weight >= 1);
  return sql.join((strong.length ? strong : terms).map(termTsquery), sql` || `);
}

/** The tsquery of the lexemes (place, category, time) the trigger stores in every ad's document. */
export const lexemes = (values: string[]) => `(${values.map((v) => `'${v}'`).join(' | ')})`;

/**
 * Per word, what an ad's text says about it, strongest first: the word in the title (3), the
 * word inside a compound of the title ("sohva" in "Kulmasohva", 2), the word in the description
 * (1.5), a longer word that merely begins the same (0.2: the Finnish stem "tak" of "takki" also
 * begins "takuu"), for a corrected misspelling or another spelling of ä, ö, å how near the title
 * is (up to 0.3). "The word"
 * means stemmed in the ad's own language or exactly as typed: the Finnish stem "tak" is also the
 * Swedish word for roof. `ts_rank_cd` orders within a level; the sum is weighted by the word's
 * weight. Computed only for the candidates (RELEVANCE_CANDIDATES), by id.
 */
export function relevance(terms: SearchTerm[]): SQL {
  const v = products.searchVector;
  const parts = terms.map((term) => {
    const levels = term.levels;
    // In the title: the same lexemes, weight A only.
    const title = (literal: string) => literal.replace(/'((?:[^']|'')+)'/g, "'$1':A");
    const own = (match: 'whole' | 'title') =>
      levels
        ? // Each branch one constant: the ad's stemmer OR the word as typed.
          sql`(case ${products.language} ${sql.join(
            AD_LANGUAGES.map((language) => {
              const literal = match === 'title' ? title(levels.whole[language]) : levels.whole[language];
              return sql`when ${language} then ${literal}::tsquery`;
            }),
            sql` `,
          )} else ${match === 'title' ? title(levels.whole.other) : levels.whole.other}::tsquery end)`
        : termQuery(term, match); // a unit token ("17in"): matched whole, `simple` only, no levels
    const whole = own('whole');
    const loose = levels ? sql`${levels.loose}::tsquery` : termQuery(term);
    const document = sql`case when ${v} @@ ${own('title')} then 3 + ts_rank_cd(${v}, ${whole}) when ${v} @@ ${whole} then 1.5 + ts_rank_cd(${v}, ${whole}) when ${v} @@ ${loose} then 0.2 + 0.2 * ts_rank_cd(${v}, ${loose}) else 0 end`;
    const inCompound = levels?.parts ? sql`(case when ${v} @@ ${levels.parts}::tsquery then 2 else 0 end)` : sql`0`;
    const near = term.typo || term.folded?.length ? sql` + 0.3 * word_similarity(${term.fuzzy}, lower(${products.name}))` : sql``;
    return sql`${sql.raw(String(term.weight))} * (${document} + ${inCompound}${near})`;
  });
  return sql.join(parts, sql` + `);
}

/**
 * Settings local to the transaction for the GIN passes: no parallel workers (on two cores they
 * fight the other connections for the same CPUs), no plain index or sequential scans, so the
 * planner cannot bet on meeting matches early in date order (it reads the whole table when the
 * word is rare), and index entries priced so that reading a whole place/catalog btree as a
 * bitmap is not worth it either — the GIN index with its time blocks bounds the work instead.
 * A column of the transaction's first statement (no round trip of its own); the page's last
 * two statements (ids by relevance, cards by id) plan as well under them.
 */
export const PLANNER_SETTINGS = sql`concat(set_config('max_parallel_workers_per_gather', '0', true), set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true), set_config('cpu_index_tuple_cost', '0.25', true), set_config('pg_trgm.similarity_threshold', '0.3', true)) as settings`;

/** The rows of a raw statement, whichever driver ran it (both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
