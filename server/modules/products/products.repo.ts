import { type SQL, and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { searchSynonyms, searchWords } from '../../db/schema/search.ts';
import { PUBLIC_AD_STATUSES, type SortKey } from '../../../common/ad-rules.ts';
import { adCover, cardColumns } from '../ads/ads.repo.ts';
import type { ListingPage, ListingQuery, ListingRow } from './listing-query.ts';
import {
  type SearchTerm,
  NO_LEXEME,
  PLANNER_SETTINGS,
  type WordMode,
  compileTerms,
  relevance,
  rowsOf,
  tsqueryColumns,
  withLexemes,
  wordsTsquery,
} from '../search/text-query-sql.ts';
import { type TimePass, allowedEdits, editDistance, nextPass, passDays } from '../search/search-plan.ts';
import { LISTED, filterLexemes, listingConditions, textListingConditions, where } from './listing-conditions.ts';
import { NOT_ENDED } from '../lifecycle/validity-sql.ts';
import type { FacetField } from './attribute-filters.ts';
import { type FacetRow, facetSets, facetStatement, facetsFrom } from './facets.ts';
import { nearestFirstIds } from './distance-page.ts';
import { FIELD_SORTS, withValueIds, withoutValueIds } from './field-sort-page.ts';
import { productNumbers } from '../../db/schema/attributes.ts';

export type { ListingFilters, ListingPage, ListingQuery, ListingRow } from './listing-query.ts';

/** Counting stops here: 50 pages of 20; the pager needs "1,000+" no more precisely. */
export const COUNT_CAP = 1_001;
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

/**
 * Orders that walk the partial indexes: they are built `DESC NULLS LAST`, so descending sorts
 * say `nulls last` and ascending ones read the same index backwards (`nulls first`). The columns
 * are NOT NULL; the clauses only let the planner match the index.
 */
function orderBy(query: ListingQuery): SQL {
  const newest = sql`${products.createdAt} desc nulls last, ${products.id} desc nulls last`;
  switch (query.sort) {
    case 'relevance': // without words (text searches are ordered in textPage)
    case 'created_at_desc':
      return newest;
    case 'created_at_asc':
      return sql`${products.createdAt} asc nulls first, ${products.id} asc nulls first`;
    case 'price_asc':
      return sql`${products.priceCents} asc, ${products.id} asc`;
    case 'price_desc':
      return sql`${products.priceCents} desc, ${products.id} desc`;
    case 'image_desc':
      return sql`(${products.imageCount} > 0) desc, ${newest}`;
    case 'image_asc':
      return sql`(${products.imageCount} > 0) asc, ${newest}`;
    case 'year_desc':
      return sql`${fieldNumber('year')} desc nulls last, ${newest}`;
    case 'year_asc':
      return sql`${fieldNumber('year')} asc nulls last, ${newest}`;
    case 'mileage_asc':
      return sql`${fieldNumber('mileage_km')} asc nulls last, ${newest}`;
    case 'mileage_desc':
      return sql`${fieldNumber('mileage_km')} desc nulls last, ${newest}`;
    case 'distance_asc': {
      // The towns nearest first (near.ts); the ids come from the municipalities table, not the request.
      const towns = (query.townOrder ?? []).map((id) => Math.trunc(id)).join(',');
      return sql`array_position(${sql.raw(`'{${towns}}'::int[]`)}, ${products.cityId}) asc nulls last, ${newest}`;
    }
  }
}

/** The document has the words and every one of the lexeme groups (place, category, time, choices): one GIN condition. */
function textMatch(words: SQL, narrowing: string[]): SQL {
  const tsquery = narrowing.length ? sql`(${words}) && ${narrowing.join(' & ')}::tsquery` : words;
  return sql`${products.searchVector} @@ (${tsquery})`;
}

/** An ad's number or day in a category field (null without one): the sorts by year and mileage. */
function fieldNumber(key: string): SQL {
  return sql`(select ${productNumbers.value} from ${productNumbers} where ${productNumbers.productId} = ${products.id} and ${productNumbers.key} = ${key})`;
}

/** How a text search is bounded; tests make it tiny or unbounded. */
export interface TextSearchBounds {
  /** The most matches ranked and sorted. */
  candidates: number;
  /** The time blocks (days) asked first; empty: one pass without a time limit. */
  blocks: readonly number[];
}

export function createProductsRepo(
  db: Database,
  bounds: TextSearchBounds = { candidates: RELEVANCE_CANDIDATES, blocks: TEXT_BLOCKS },
  now: () => Date = () => new Date(),
) {
  return {
    /**
     * Adds views to ads' rows, all in one statement: each row gains its own number (`+`, so
     * instances writing at once never lose each other's views), and nothing else changes.
     */
    async addViews(views: ReadonlyMap<number, number>): Promise<void> {
      if (views.size === 0) return;
      const rows = sql.join(
        [...views].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
        sql`, `,
      );
      await db.execute(
        sql`update ${products} set view_count = ${products.viewCount} + v.n from (values ${rows}) as v(id, n) where ${products.id} = v.id`,
      );
    },

    /** Has this person an ad the public can open (active, sold or reserved)? Only sellers have a public profile. */
    async hasPublicAd(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(products)
        .where(and(eq(products.userId, userId), inArray(products.status, [...PUBLIC_AD_STATUSES])))
        .limit(1);
      return row !== undefined;
    },

    /** A seller's active ads, counted up to COUNT_CAP (a shop with thousands must not slow its ad pages). */
    async countActiveByUser(userId: number): Promise<number> {
      const capped = db
        .select({ one: sql`1` })
        .from(products)
        .where(and(eq(products.userId, userId), eq(products.status, 'active'), NOT_ENDED))
        .limit(COUNT_CAP)
        .as('capped');
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
      return row?.n ?? 0;
    },

    /** A page of a seller's active ads, newest first (the seller's page; the (user_id, created_at) index serves it). */
    async activeBySeller(userId: number, limit: number, offset: number): Promise<ListingRow[]> {
      const cover = adCover(db);
      return db
        .select(cardColumns(cover))
        .from(products)
        .leftJoinLateral(cover, sql`true`)
        .where(and(eq(products.userId, userId), eq(products.status, 'active')))
        .orderBy(sql`${products.createdAt} desc, ${products.id} desc`)
        .limit(limit)
        .offset(offset);
    },

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
        const completions = sql`array(select ${searchWords.word} from ${searchWords} where ${searchWords.word} like ${`${typed}%`} order by length(${searchWords.word}), ${searchWords.word} limit ${HINT_COMPLETIONS})`;
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
        const found = await newestMatches(tx, wordsTsquery(terms, 'all'), [LISTED, NOT_ENDED], limit);
        return found.rows.map((row) => ({ name: row.name, catalogId: row.catalogId }));
      });
    },

    /**
     * Which of the listing's queries show this ad: the listing's conditions (active, place,
     * catalog, the buyer's filters) and every word of the query (its first pass, without typo
     * corrections, as countNewer), tested on the one row, all queries in one statement. Queries
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
        ({ name, terms }) => sql`, (${products.searchVector} @@ (${wordsTsquery(terms, 'all')})) as ${name}`,
      );
      // The outer conditions name "products": the one row with its word tests beside its columns.
      const row = sql`(select *${sql.join(tests, sql``)} from ${products} where ${products.id} = ${productId}) as ${products}`;
      const [found] = rowsOf<Record<string, boolean>>(await db.execute(sql`select ${sql.join(columns, sql`, `)} from ${row}`));
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
        const found = await newestMatches(
          tx,
          wordsTsquery(terms, 'all'),
          [...textListingConditions(query), newer],
          cap,
          filterLexemes(query),
        );
        return found.rows.length;
      });
    },

    /**
     * One page of active ads with their cover picture, and how many match in all (up to COUNT_CAP).
     * Its statements share a transaction of their own only so that the search's planner
     * settings (`set_config(…, true)`) stay local to them: a detail of this query, not a unit of
     * work, which is why it is the one transaction a repo opens (see modules/README.md).
     */
    async searchActive(query: ListingQuery): Promise<ListingPage> {
      return db.transaction(async (tx) => {
        if (query.terms.length) return textPage(tx, query);
        const rows =
          query.sort === 'distance_asc'
            ? await nearestFirst(tx, query)
            : FIELD_SORTS[query.sort as SortKey]
              ? await byField(tx, query)
              : await listActive(tx, query);
        const counted = query.facets?.length ? await countFacets(tx, query, query.facets, listingConditions) : undefined;
        // The facets' first set is the listing's own, read up to COUNT_CAP: its count is the total.
        const total = rows.length < query.limit && query.offset === 0 ? rows.length : (counted?.total ?? (await countActive(tx, query)));
        const facets = counted && { facets: counted.facets, capped: counted.capped };
        return { rows, total, capped: total >= COUNT_CAP, ...(facets ? { facets } : {}) };
      });
    },
  };

  /**
   * The newest `limit` ads whose document matches `words`, in bounded GIN passes: first the last
   * TEXT_BLOCKS[0] days (the ad's block and the one before), then passes over the last few time
   * blocks sized by the rate of matches found (nextPass), last without a time limit. Each pass
   * covers everything from its first block's start to now, so its newest `limit` are the newest
   * of all. `complete`: every match was seen.
   */
  async function newestMatches(
    tx: Db,
    words: SQL,
    conditions: SQL[],
    limit: number,
    extraLexemes: string[] = [],
    blocks: readonly number[] = bounds.blocks,
  ) {
    // Days since 1970 (UTC), as the trigger counts the time blocks, with the part of today gone by.
    const nowDays = now().getTime() / 86_400_000;
    // Each time block of a pass is its own index condition: GIN skips through the long word lists
    // only to a lexeme every match must have (a single time lexeme), not to either of two; the
    // blocks' bitmaps are OR-ed.
    const timeLexemes = (pass: TimePass) =>
      Array.from({ length: pass.count }, (_, back) => `§${pass.size}:${Math.floor(nowDays / pass.size) - back}`);
    async function run(time: string[] | undefined) {
      const match = (lexeme: string | undefined) => textMatch(words, [...extraLexemes, ...(lexeme ? [`'${lexeme}'`] : [])]);
      const textCondition = time ? or(...time.map(match))! : match(undefined);
      return tx
        .select({
          id: products.id,
          createdAt: products.createdAt,
          priceCents: products.priceCents,
          imageCount: products.imageCount,
          name: products.name,
          catalogId: products.catalogId,
        })
        .from(products)
        .where(and(...conditions, textCondition))
        .orderBy(sql`${products.createdAt} desc, ${products.id} desc`)
        .limit(limit + 1);
    }
    // First today and yesterday (the smallest block and the one before); then, while too few are
    // found, the pass expected to hold `limit` at the rate found; last without a time limit.
    for (let pass: TimePass | undefined = blocks.length ? { size: blocks[0]!, count: 2 } : undefined; pass;) {
      const rows = await run(timeLexemes(pass));
      if (rows.length > limit) return { rows: rows.slice(0, limit), complete: false };
      if (rows.length === limit) return { rows, complete: false };
      // Sparse matches (a rare word, or a common one in a small town or an unlikely category):
      // the next pass is sized by the rate this one found; nothing in the last days goes
      // straight to the pass without a time limit.
      pass = nextPass(blocks, nowDays, passDays(pass, nowDays), rows.length, limit);
    }
    const rows = await run(undefined);
    return rows.length > limit ? { rows: rows.slice(0, limit), complete: false } : { rows, complete: true };
  }

  /** Vocabulary words one or two edits from the word (not the word itself): its likely misspellings or corrections. */
  async function nearWords(tx: Db, word: string): Promise<string[]> {
    return rowsOf<{ word: string }>(
      await tx.execute(sql`select word from ${searchWords} where word % ${word} order by word <-> ${word}, word limit 12`),
    )
      .map((r) => r.word)
      .filter((near) => near !== word && editDistance(near, word) <= allowedEdits(word));
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
   * The transaction's first statement: the planner settings, the terms' lexemes, and which strong
   * words no ad has (no word of the vocabulary begins with it or one of its synonyms, or has one
   * of their stems inside — the compound parts: "sohva" is known from "kulmasohva"; the trigram
   * index serves both). Their indexes in `unknown`.
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
    const row = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`select ${sql.join([PLANNER_SETTINGS, ...known, ...tsqueryColumns(terms)], sql`, `)}`),
    )[0]!;
    return { terms: withLexemes(terms, row), unknown: checked.map(({ index }) => index).filter((index) => row[`k${index}`] !== true) };
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
    const ids = await pageIds(tx, query, terms, candidates);
    const rows = ids.length ? await listActive(tx, { ...query, sort: 'created_at_desc', offset: 0 }, ids) : [];
    const position = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    // The facets count every ad with all the words (not only the candidates), with the words'
    // lexemes and the filters' in one tsquery as the passes have them.
    const words = wordsTsquery(terms, 'all');
    const counted = query.facets?.length
      ? await countFacets(tx, query, query.facets, (q) => [...textListingConditions(q), textMatch(words, filterLexemes(q))])
      : undefined;
    const facets = counted && { facets: counted.facets, capped: counted.capped };
    return { rows, total: candidates.length, capped: !complete, ...(facets ? { facets } : {}) };
  }

  /** The facets of a listing (facets.ts): one statement for every set of ads they count over. */
  async function countFacets(tx: Db, query: ListingQuery, fields: FacetField[], conditions: (query: ListingQuery) => SQL[]) {
    const sets = facetSets(query, fields);
    const rows = rowsOf<FacetRow>(await tx.execute(facetStatement(sets, conditions)));
    return facetsFrom(rows, sets, (key) => fields.find((f) => f.key === key)?.options ?? []);
  }

  /**
   * The ids of the asked page of the candidates, in the asked order: by relevance (computed for
   * the candidates only), then newest; or as the plain listing orders.
   */
  async function pageIds(tx: Db, query: ListingQuery, terms: SearchTerm[], candidates: number[]): Promise<number[]> {
    if (query.offset >= candidates.length) return [];
    const order = query.sort === 'relevance' ? sql`${relevance(terms)} desc, ${orderBy(query)}` : orderBy(query);
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
    const found = await newestMatches(
      tx,
      wordsTsquery(query.terms, words),
      textListingConditions(query),
      bounds.candidates,
      filterLexemes(query),
      blocks,
    );
    return { candidates: found.rows.map((row) => row.id), complete: found.complete };
  }

  /** The distance sort's page (distance-page.ts): its ids in order, then their cards. */
  async function nearestFirst(tx: Db, query: ListingQuery): Promise<ListingRow[]> {
    const ids = rowsOf<{ id: number }>(await tx.execute(nearestFirstIds(query))).map((row) => Number(row.id));
    return byIds(tx, query, ids);
  }

  /** A page sorted by a category field (field-sort-page.ts): the ads with the value, then those without. */
  async function byField(tx: Db, query: ListingQuery): Promise<ListingRow[]> {
    const idsOf = async (statement: SQL) => rowsOf<{ id: number }>(await tx.execute(statement)).map((row) => Number(row.id));
    const end = query.offset + query.limit;
    const valued = await idsOf(withValueIds(query, end));
    let ids = valued.slice(query.offset);
    if (valued.length < end) {
      // Past the last ad with the value: the page continues with those without it.
      const skip = Math.max(0, query.offset - valued.length);
      ids = [...ids, ...(await idsOf(withoutValueIds(query, query.limit - ids.length, skip)))];
    }
    return byIds(tx, query, ids);
  }

  /** The cards of these ids, in their order. */
  async function byIds(tx: Db, query: ListingQuery, ids: number[]): Promise<ListingRow[]> {
    if (!ids.length) return [];
    const rows = await listActive(tx, { ...query, sort: 'created_at_desc', offset: 0 }, ids);
    const position = new Map(ids.map((id, index) => [id, index]));
    return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  }

  /** One page of listed ads with their cover picture. */
  async function listActive(db: Db, query: ListingQuery, ids?: number[]): Promise<ListingRow[]> {
    const cover = adCover(db);
    return db
      .select(cardColumns(cover))
      .from(products)
      .leftJoinLateral(cover, sql`true`)
      .where(ids ? and(LISTED, inArray(products.id, ids)) : where(query))
      .orderBy(orderBy(query))
      .limit(query.limit)
      .offset(query.offset);
  }

  /** How many ads match, counted up to COUNT_CAP (listings without a text query). */
  async function countActive(db: Db, query: ListingQuery): Promise<number> {
    const cap = COUNT_CAP;
    const capped = db
      .select({ one: sql`1` })
      .from(products)
      .where(where(query))
      .limit(cap)
      .as('capped');
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
    return row?.n ?? 0;
  }
}

export type ProductsRepo = ReturnType<typeof createProductsRepo>;
