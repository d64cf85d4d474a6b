import { type SQL, and, inArray, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { searchSynonyms, searchWords } from '../../db/schema/search.ts';
import type { ListingPage, ListingQuery } from '../products/listing-query.ts';
import { LISTED, filterLexemes, listingConditions, textListingConditions } from '../products/listing-conditions.ts';
import { cardsInOrder, countFacets, listingOrder, listingPage } from '../products/listing-pages.ts';
import { NOT_ENDED } from '../lifecycle/validity-sql.ts';
import {
  type SearchTerm,
  NO_LEXEME,
  PLANNER_SETTINGS,
  type WordMode,
  alertDocument,
  compileTerms,
  relevance,
  rowsOf,
  tsqueryColumns,
  withLexemes,
  wordsTsquery,
} from './text-query-sql.ts';
import { allowedEdits, editDistance } from './search-plan.ts';
import { foldAccents, withFoldedSpellings } from './search-terms.ts';
import { newestMatches, textMatch } from './time-passes.ts';

/**
 * A text search ranks and sorts at most this many matches, the newest (10 pages): the "best few
 * hundred" that get the full relevance expression.
 */
export const RELEVANCE_CANDIDATES = 200;
/**
 * The time blocks (days) a text search asks the GIN index for first: the words in this block
 * and the one before (so at least this many days back), widening while that gives fewer than
 * the candidates, then without a time limit. A common word fills the candidates from the last
 * days and never makes the index read its whole match list; a rare word's full list is short.
 */
export const TEXT_BLOCKS = [1, 4, 16, 64, 256] as const;
/** How many vocabulary words the word being typed in the hints stands for. */
export const HINT_COMPLETIONS = 12;
/** At most this many other spellings of ä, ö and å join a word (a word has one or two). */
export const FOLDED_SPELLINGS = 4;
/** A vocabulary word without ä, ö, å, as its index has it (migration 0035). */
const FOLDED_WORD = sql`translate(${searchWords.word}, 'äöå', 'aoa')`;

/** How a text search is bounded; tests make it tiny or unbounded. */
export interface TextSearchBounds {
  /** The most matches ranked and sorted. */
  candidates: number;
  /** The time blocks (days) asked first; empty: one pass without a time limit. */
  blocks: readonly number[];
}

export interface SearchRepoOptions {
  /**
   * Where searches, hints and new-ad counts read (db/read-routing.ts: a replica when there is one);
   * `queriesShowingAd` reads the primary, since it tests an ad just written. Default: `db`.
   */
  reads?: Database;
  bounds?: TextSearchBounds;
  now?: () => Date;
}

/**
 * The search's statements: the listing's pages (with words or without), the hints' matches, a
 * saved search's new ads, which saved queries show an ad, and the synonym table.
 */
export function createSearchRepo(primary: Database, options: SearchRepoOptions = {}) {
  const db = options.reads ?? primary;
  const bounds = options.bounds ?? { candidates: RELEVANCE_CANDIDATES, blocks: TEXT_BLOCKS };
  const now = options.now ?? (() => new Date());
  /** Days since 1970 (UTC), as the trigger counts the time blocks, with the part of today gone by. */
  const nowDays = () => now().getTime() / 86_400_000;

  return {
    /** The synonym table's rows (the service turns them into a lookup and keeps it a minute). */
    async synonymRows(): Promise<{ groupId: number; word: string }[]> {
      return db.select({ groupId: searchSynonyms.groupId, word: searchSynonyms.word }).from(searchSynonyms);
    },

    /**
     * The newest active ads that have the words (at most `limit`), name and category: what the
     * search hints suggest from. The same bounded GIN passes as a search.
     */
    async hintMatches(terms: SearchTerm[], limit: number): Promise<{ name: string; catalogId: number }[]> {
      if (!terms.length) return [];
      return db.transaction(async (tx) => {
        // The word being typed: its completions in the vocabulary, the shortest (likeliest) first,
        // in the statement that makes the planner settings and the terms' lexemes. A completion is
        // a word as some ad writes it, which the document holds as typed ('simple'): it joins the
        // typed word's lexemes as itself, not through the five stemmers (five times the lexemes
        // for GIN to walk, for no other ad).
        const last = terms.at(-1)!;
        const typed = last.words[0] ?? '';
        const completing = !last.exact && /^\p{L}+$/u.test(typed);
        // Typed without ä, ö or å, the word completes to the words that have them ("polkupyo" → "polkupyörä").
        const prefix =
          foldAccents(typed) === typed ? sql`${FOLDED_WORD} like ${`${typed}%`}` : sql`${searchWords.word} like ${`${typed}%`}`;
        const completions = sql`array(select ${searchWords.word} from ${searchWords} where ${prefix} order by length(${searchWords.word}), ${searchWords.word} limit ${HINT_COMPLETIONS})`;
        const [first] = rowsOf<Record<string, unknown> & { completions: string[] | null }>(
          await tx.execute(
            sql`select ${sql.join([PLANNER_SETTINGS, sql`${completing ? completions : sql`null::text[]`} as completions`, ...tsqueryColumns(terms, false)], sql`, `)}`,
          ),
        );
        terms = withLexemes(terms, first!, false);
        const words = (first?.completions ?? []).filter((word) => /^\p{L}+$/u.test(word));
        if (words.length) {
          const typedLexemes = terms.at(-1)!.lexemes === NO_LEXEME ? [] : [terms.at(-1)!.lexemes!];
          terms = [
            ...terms.slice(0, -1),
            { ...terms.at(-1)!, lexemes: [...typedLexemes, ...words.map((word) => `'${word}'`)].join(' | ') },
          ];
        }
        const found = await newestMatches(tx, {
          words: wordsTsquery(terms, 'all'),
          conditions: [LISTED, NOT_ENDED],
          limit,
          blocks: bounds.blocks,
          nowDays: nowDays(),
        });
        return found.rows.map((row) => ({ name: row.name, catalogId: row.catalogId }));
      });
    },

    /**
     * Which of the listing's queries show this ad: the listing's conditions (active, place,
     * catalog, the buyer's filters) and every word of the query (its first pass, without typo
     * corrections, as countNewer; a word's spelling with a and o for ä, å and ö meets it either
     * way, as in the search: `alertDocument`, `withFoldedSpellings`), tested on the one row, all
     * queries in one statement. Queries
     * with the same words (many saved searches differ only in place or price) share one test of
     * them: building the words' tsqueries is most of the statement's cost.
     */
    async queriesShowingAd(queries: ListingQuery[], productId: number): Promise<boolean[]> {
      if (!queries.length) return [];
      const wordTests = new Map<string, { name: SQL; terms: SearchTerm[] }>();
      const columns = queries.map((query, i) => {
        const conditions = [...listingConditions(query)];
        if (query.terms.length) {
          const same = JSON.stringify(query.terms);
          const test = wordTests.get(same) ?? { name: sql`${sql.identifier(`words_${wordTests.size}`)}`, terms: query.terms };
          wordTests.set(same, test);
          conditions.push(test.name);
        }
        return sql`coalesce((${and(...conditions)!}), false) as ${sql.identifier(`q${i}`)}`;
      });
      const tests = [...wordTests.values()].map(
        ({ name, terms }) =>
          sql`, (${alertDocument(sql`${products.searchVector}`)} @@ (${wordsTsquery(withFoldedSpellings(terms), 'all')})) as ${name}`,
      );
      // The outer conditions name "products": the one row with its word tests beside its columns.
      const row = sql`(select *${sql.join(tests, sql``)} from ${products} where ${products.id} = ${productId}) as ${products}`;
      const [found] = rowsOf<Record<string, boolean>>(await primary.execute(sql`select ${sql.join(columns, sql`, `)} from ${row}`));
      return queries.map((_, i) => found?.[`q${i}`] === true);
    },

    /**
     * How many active ads match the listing's query and were posted after `since`, up to `cap`:
     * a saved search's new ads. The listing's conditions; words must all match (the listing's
     * first pass: no typo corrections), through the same bounded GIN passes.
     */
    async countNewer(query: ListingQuery, since: Date, cap: number): Promise<number> {
      const newer = sql`${products.createdAt} > ${since.toISOString()}::timestamptz`;
      if (!query.terms.length) {
        const conditions = [...listingConditions(query), newer];
        const capped = db
          .select({ one: sql`1` })
          .from(products)
          .where(and(...conditions))
          .limit(cap)
          .as('capped');
        const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
        return row?.n ?? 0;
      }
      // A transaction only to keep the planner settings local, as in searchActive.
      return db.transaction(async (tx) => {
        const { terms } = await prepare(tx, query.terms);
        const found = await newestMatches(tx, {
          words: wordsTsquery(terms, 'all'),
          conditions: [...textListingConditions(query), newer],
          limit: cap,
          extraLexemes: filterLexemes(query),
          blocks: bounds.blocks,
          nowDays: nowDays(),
        });
        return found.rows.length;
      });
    },

    /**
     * One page of active ads with their cover picture, and how many match in all (up to COUNT_CAP of
     * listing-pages.ts):
     * the text search, or the listing without words (products/listing-pages.ts). Its statements
     * share a transaction of their own only so that the search's planner settings
     * (`set_config(…, true)`) stay local to them: a detail of this query, not a unit of work,
     * which is why it is the one transaction a repo opens (see modules/README.md).
     */
    async searchActive(query: ListingQuery): Promise<ListingPage> {
      return db.transaction(async (tx) => (query.terms.length ? textPage(tx, query) : listingPage(tx, query)));
    },
  };

  /**
   * Vocabulary words one or two edits from the word (not the word itself): its likely misspellings
   * or corrections. Trigrams find most; two letters swapped in a short word ("iphnoe") share too few
   * trigrams, so the words of about its length that begin with its first two letters are asked too.
   */
  async function nearWords(tx: Db, word: string): Promise<string[]> {
    const length = [...word].length;
    const edits = allowedEdits(word);
    const [first = '', second = ''] = [...word];
    const rows = rowsOf<{ word: string }>(
      await tx.execute(
        sql`(select word from ${searchWords} where word % ${word} order by word <-> ${word}, word limit 12) union (select word from ${searchWords} where word like ${`${first}${second}%`} and length(word) between ${length - edits} and ${length + edits} order by word <-> ${word}, word limit 12)`,
      ),
    );
    return rows
      .map((r) => r.word)
      .filter((near) => near !== word && editDistance(near, word) <= edits)
      .sort((a, b) => editDistance(a, word) - editDistance(b, word) || a.localeCompare(b))
      .slice(0, 12);
  }

  /** The terms that may be misspelt, or meet misspellings: real words of letters only. */
  function typoCandidates(terms: SearchTerm[]) {
    return terms.map((term, index) => ({ term, index })).filter(({ term }) => term.weight >= 1 && /^\p{L}{4,}$/u.test(term.fuzzy));
  }

  /** The terms with the near words of the chosen ones added (matched loosely, ranked below the words themselves). */
  async function withNearWords(tx: Db, terms: SearchTerm[], chosen: number[]): Promise<{ terms: SearchTerm[]; added: boolean }> {
    const out = [...terms];
    let added = false;
    for (const index of chosen) {
      const term = terms[index]!;
      const near = (await nearWords(tx, term.fuzzy)).filter((w) => !term.words.includes(w));
      if (!near.length) continue;
      added = true;
      out[index] = { ...term, near, typo: true };
    }
    return { terms: out, added };
  }

  /**
   * The transaction's first statement: the planner settings, the terms' lexemes, each real word's
   * other spellings of ä, ö and å in the vocabulary (`f<i>`, the folded index), and which strong
   * words no ad has (no word of the vocabulary begins with it or one of its synonyms, or has one
   * of their stems inside — the compound parts: "sohva" is known from "kulmasohva"; the trigram
   * index serves both). Their indexes in `unknown`. A word with other spellings is not unknown:
   * those join it (a second statement works out the lexemes again), ranked below the word as typed.
   */
  async function prepare(tx: Db, terms: SearchTerm[]): Promise<{ terms: SearchTerm[]; unknown: number[] }> {
    const checked = typoCandidates(terms);
    const patterns = (term: SearchTerm) => [
      ...term.words.filter((w) => /^\p{L}+$/u.test(w)).map((w) => `${w}%`),
      ...term.stems.map((stem) => `%${stem}%`),
    ];
    const known = checked.map(
      ({ term, index }) =>
        sql`exists (select 1 from ${searchWords} where ${sql.join(
          patterns(term).map((p) => sql`word like ${p}`),
          sql` or `,
        )}) as ${sql.identifier(`k${index}`)}`,
    );
    const spellings = checked.map(
      ({ term, index }) =>
        sql`array(select word from ${searchWords} where ${FOLDED_WORD} = ${foldAccents(term.fuzzy)} and word <> ${term.fuzzy} order by word limit ${FOLDED_SPELLINGS}) as ${sql.identifier(`f${index}`)}`,
    );
    const row = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`select ${sql.join([PLANNER_SETTINGS, ...known, ...spellings, ...tsqueryColumns(terms)], sql`, `)}`),
    )[0]!;
    const folded = new Map(
      checked
        .map(({ term, index }) => [index, ((row[`f${index}`] as string[] | null) ?? []).filter((w) => !term.words.includes(w))] as const)
        .filter(([, words]) => words.length),
    );
    const unknown = checked.map(({ index }) => index).filter((index) => row[`k${index}`] !== true && !folded.has(index));
    if (!folded.size) return { terms: withLexemes(terms, row), unknown };
    const withSpellings = terms.map((term, index) => (folded.has(index) ? { ...term, folded: folded.get(index) } : term));
    return { terms: await compileTerms(tx, withSpellings), unknown };
  }

  /**
   * A text search: the newest matching candidates (at most `bounds.candidates`) from the GIN
   * passes, then the page's ids in the asked order (the full relevance for the candidates only),
   * then the page's twenty cards by id. Typos, in order of cost: a word no ad has is corrected
   * against the vocabulary before searching; when every word exists but the matches do not fill
   * the candidates, the words' misspellings in the vocabulary ("helkma" for "helkama") join them
   * and the search runs once more. Relevance puts exact (stemmed) matches first, then matches
   * inside compounds, then typos; ties and the other sorts as in the plain listing. A common word
   * takes four statements: `prepare`, one pass, `pageIds`, the cards.
   */
  async function textPage(tx: Transaction, query: ListingQuery): Promise<ListingPage> {
    const prepared = await prepare(tx, query.terms);
    let terms = prepared.terms;
    const unknown = prepared.unknown;
    // A word no ad has as such and nothing corrects (a Swedish plural, a room word, a rare name)
    // can still match through its stems, synonyms or units, but rarely: its matches are few, so
    // one pass without time blocks reads them all.
    let blocks = bounds.blocks;
    if (unknown.length) {
      const corrected = await withNearWords(tx, terms, unknown);
      if (corrected.added) terms = await compileTerms(tx, corrected.terms);
      // Corrected words may be common ("helkma" → helkama): the time blocks stay then.
      if (unknown.some((index) => !terms[index]!.near?.length)) blocks = [];
    }
    const several = terms.filter((t) => t.weight >= 1).length > 1 || (terms.length > 1 && terms.some((t) => t.weight >= 1));
    let found = await textCandidates(tx, { ...query, terms }, 'all', blocks);
    if (found.complete && found.candidates.length < bounds.candidates) {
      const rest = typoCandidates(terms)
        .filter(({ term }) => !term.typo)
        .map(({ index }) => index);
      const widened = rest.length ? await withNearWords(tx, terms, rest) : { terms, added: false };
      if (widened.added) {
        terms = await compileTerms(tx, widened.terms);
        found = await textCandidates(tx, { ...query, terms }, 'all', []);
      }
    }
    // Fewer ads than a page have every word ("talvirenkaat 16", "iphone 13 pro"): show the ads
    // with any of the real words too; those with more of the words score higher. Only for
    // relevance: under a price or date sort the partial matches would mix with the full ones.
    if (query.sort === 'relevance' && query.terms.length > 1 && several && found.complete && found.candidates.length < query.limit) {
      found = await textCandidates(tx, { ...query, terms }, 'any', blocks);
    }
    const { candidates, complete } = found;
    const rows = await cardsInOrder(tx, query, await pageIds(tx, query, terms, candidates));
    // The facets count every ad with all the words (not only the candidates), with the words'
    // lexemes and the filters' in one tsquery as the passes have them.
    const words = wordsTsquery(terms, 'all');
    const counted = query.facets?.length
      ? await countFacets(tx, query, query.facets, (q) => [...textListingConditions(q), textMatch(words, filterLexemes(q))])
      : undefined;
    const facets = counted && { facets: counted.facets, capped: counted.capped };
    return { rows, total: candidates.length, capped: !complete, ...(facets ? { facets } : {}) };
  }

  /**
   * The ids of the asked page of the candidates, in the asked order: by relevance (computed for
   * the candidates only), then newest; or as the plain listing orders.
   */
  async function pageIds(tx: Db, query: ListingQuery, terms: SearchTerm[], candidates: number[]): Promise<number[]> {
    if (query.offset >= candidates.length) return [];
    const order = query.sort === 'relevance' ? sql`${relevance(terms)} desc, ${listingOrder(query)}` : listingOrder(query);
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(LISTED, inArray(products.id, candidates)))
      .orderBy(order)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((row) => row.id);
  }

  /** The newest matches of a text search (at most `bounds.candidates`). */
  async function textCandidates(
    tx: Db,
    query: ListingQuery,
    words: WordMode,
    blocks: readonly number[],
  ): Promise<{ candidates: number[]; complete: boolean }> {
    const found = await newestMatches(tx, {
      words: wordsTsquery(query.terms, words),
      conditions: textListingConditions(query),
      limit: bounds.candidates,
      extraLexemes: filterLexemes(query),
      blocks,
      nowDays: nowDays(),
    });
    return { candidates: found.rows.map((row) => row.id), complete: found.complete };
  }
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
