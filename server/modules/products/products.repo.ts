import { type Column, type SQL, type SQLWrapper, and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { type AdKind, PUBLIC_AD_STATUSES, type SortKey } from '../../../common/ad-rules.ts';
import { POSTED_WITHIN_DAYS, type PostedWithin } from '../../../common/listing-filters.ts';
import { type CardRow, adCover, cardColumns } from '../ads/ads.repo.ts';

/** One word of a text query with what it may match: itself, its synonyms, its stem inside compounds. */
export interface SearchTerm {
  /** Letters and digits only: safe inside to_tsquery. */
  words: string[];
  /** Lowercase stems (3+ letters) looked for anywhere in the title, so "sohva" finds "kulmasohva". */
  stems: string[];
  /** The word as typed, for typo-tolerant trigram matching. */
  fuzzy: string;
  /**
   * How much the word says about what is wanted: 1 for a real word, less for a number or a
   * short token ("13", "pro"), which alone never makes an ad relevant.
   */
  weight: number;
}

/**
 * The buyer's filters beside place, category and words. Absent means "any"; each is one WHERE
 * condition, so they combine with the plain listing and the text search alike.
 */
export interface ListingFilters {
  priceFromCents?: number;
  priceToCents?: number;
  /** Any of these kinds (sorted, without repeats: the query is also the cache key). */
  kinds?: AdKind[];
  withImages?: boolean;
  /** Counted back from the database's clock, so the query (and its cache key) stays the same all day. */
  postedWithin?: PostedWithin;
}

export interface ListingQuery extends ListingFilters {
  cityIds: number[];
  regionIds: number[];
  catalogIds: number[];
  terms: SearchTerm[];
  sort: SortKey | 'relevance';
  limit: number;
  offset: number;
  /** Leave this ad out (similar-ads lists). */
  excludeId?: number;
}

/** A row of the listing: what an ad's card shows. */
export type ListingRow = CardRow;

/** Counting stops here: 50 pages of 20; the pager needs "1,000+" no more precisely. */
export const COUNT_CAP = 1_001;
/** A text search ranks and sorts at most this many matches, the newest first found (25 pages). */
export const RELEVANCE_CANDIDATES = 500;
/**
 * How many of the newest ads (after the place and catalog filters) a text search reads in date
 * order before it turns to the word indexes. A common word fills the candidates inside this
 * window; a rare one would otherwise walk the whole table (seconds on a million ads).
 */
export const TEXT_SCAN_WINDOW = 5_000;
/** How many older matches the word indexes add when the window did not fill the candidates. */
export const TEXT_INDEX_MATCHES = 1_000;

const CONFIGS = ['finnish', 'swedish', 'english', 'russian', 'simple'] as const;

const CONFIG_OF_LANGUAGE = { fi: 'finnish', sv: 'swedish', en: 'english', ru: 'russian' } as const;

/**
 * A word as a tsquery operand. Loose: words of four or more letters also as a prefix ("pyörä"
 * meets "pyöräily"), numbers and short words only whole ("pro" is not "propeller", "tv" is not
 * "två"). Whole: the word (stemmed by the configuration) and nothing longer. Title: whole, and
 * only in the title (weight A of the search document).
 */
type Match = 'loose' | 'whole' | 'title';
function operand(word: string, match: Match): string {
  if (match === 'title') return `${word}:A`;
  return match === 'loose' && word.length >= 4 && !/^\d+$/.test(word) ? `${word}:*` : word;
}

/** The term's words OR-ed into one tsquery of the given configurations (all five by default). */
function termQuery(term: SearchTerm, match: Match = 'loose', configs: readonly string[] = CONFIGS): SQL {
  const expression = term.words.map((word) => operand(word, match)).join(' | ');
  return sql`(${sql.join(
    configs.map((config) => sql`to_tsquery(${config}::regconfig, ${expression})`),
    sql` || `,
  )})`;
}

/** Stems anywhere in the title, as one regular expression (the trigram index serves it). */
function stemPattern(term: SearchTerm): string | undefined {
  return term.stems.length ? `(${term.stems.join('|')})` : undefined;
}

/** Where the words are looked for: the table itself, or a subquery that carries the same two columns. */
interface TextColumns {
  name: SQLWrapper;
  searchVector: SQLWrapper;
  language: SQLWrapper;
}
const TABLE_TEXT: TextColumns = { name: products.name, searchVector: products.searchVector, language: products.language };

/**
 * One condition per query word, three ways to match, each served by an index: the stemmed words
 * (GIN on the search document), the stem inside a compound title (trigram regex), or a typo
 * (trigram word similarity).
 */
function termMatch(term: SearchTerm, from: TextColumns = TABLE_TEXT): SQL {
  const alternatives: SQL[] = [sql`${from.searchVector} @@ ${termQuery(term)}`];
  const pattern = stemPattern(term);
  if (pattern) alternatives.push(sql`lower(${from.name}) ~ ${pattern}`);
  if (term.fuzzy.length >= 4) alternatives.push(sql`${term.fuzzy} <% lower(${from.name})`);
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * Per word, what an ad's text says about it, strongest first: the word in the title (3), the
 * word inside a compound of the title ("sohva" in "Kulmasohva", 2), the word in the description
 * (1.5), a longer word that merely begins the same (0.2: the Finnish stem "tak" of "takki" also
 * begins "takuu"), a near spelling of a title word (up to 0.3). "The word" means stemmed in the
 * ad's own language or exactly as typed: the Finnish stem "tak" is also the Swedish word for roof.
 * `ts_rank_cd` orders within a level; the sum is weighted by the word's weight.
 */
function relevance(terms: SearchTerm[], from: TextColumns = TABLE_TEXT): SQL {
  const parts = terms.map((term) => {
    const own = (match: Match) =>
      sql`(case ${from.language} ${sql.join(
        Object.entries(CONFIG_OF_LANGUAGE).map(([language, config]) => sql`when ${language} then ${termQuery(term, match, [config])}`),
        sql` `,
      )} end || ${termQuery(term, match, ['simple'])})`;
    const whole = own('whole');
    const loose = termQuery(term);
    const document = sql`case when ${from.searchVector} @@ ${own('title')} then 3 + ts_rank_cd(${from.searchVector}, ${whole}) when ${from.searchVector} @@ ${whole} then 1.5 + ts_rank_cd(${from.searchVector}, ${whole}) when ${from.searchVector} @@ ${loose} then 0.2 + 0.2 * ts_rank_cd(${from.searchVector}, ${loose}) else 0 end`;
    const pattern = stemPattern(term);
    const inCompound = pattern ? sql`(case when lower(${from.name}) ~ ${pattern} then 2 else 0 end)` : sql`0`;
    return sql`${sql.raw(String(term.weight))} * (${document} + ${inCompound} + 0.3 * word_similarity(${term.fuzzy}, lower(${from.name})))`;
  });
  return sql.join(parts, sql` + `);
}

/** The rows of a raw statement, whichever driver ran it (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The columns the filters read. */
interface FilterColumns {
  id: Column;
  cityId: Column;
  regionId: Column;
  catalogId: Column;
  priceCents: Column;
  imageCount: Column;
  createdAt: Column;
  kind: Column;
}

/**
 * Every word of the query must match, or (the fallback for few results) any of its real words:
 * numbers and short tokens only add to the score then, "kesärenkaat 17" is not every ad with 17.
 */
type WordMode = 'all' | 'any';

function wordsMatch(terms: SearchTerm[], mode: WordMode, from: TextColumns = TABLE_TEXT): SQL {
  if (mode === 'all') return and(...terms.map((term) => termMatch(term, from)))!;
  const strong = terms.filter((term) => term.weight >= 1);
  return or(...(strong.length ? strong : terms).map((term) => termMatch(term, from)))!;
}

/** A match of a text search with what its sorts need. */
interface Candidate {
  id: number;
  createdAt: Date;
  priceCents: number;
  imageCount: number;
  score: number;
}

const newestFirst = (a: Candidate, b: Candidate) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

/** The listing orders of `orderBy`, for text-search candidates sorted in memory. */
function candidateOrder(sort: ListingQuery['sort']): (a: Candidate, b: Candidate) => number {
  switch (sort) {
    case 'relevance':
      return (a, b) => b.score - a.score || newestFirst(a, b);
    case 'created_at_desc':
      return newestFirst;
    case 'created_at_asc':
      return (a, b) => -newestFirst(a, b);
    case 'price_asc':
      return (a, b) => a.priceCents - b.priceCents || a.id - b.id;
    case 'price_desc':
      return (a, b) => b.priceCents - a.priceCents || b.id - a.id;
    case 'image_desc':
      return (a, b) => Number(b.imageCount > 0) - Number(a.imageCount > 0) || newestFirst(a, b);
    case 'image_asc':
      return (a, b) => Number(a.imageCount > 0) - Number(b.imageCount > 0) || newestFirst(a, b);
  }
}

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
  }
}

/**
 * Word similarity from which a title word counts as a typo of a query word. pg_trgm's default (0.6)
 * misses one dropped letter in a seven-letter word ("helkma" for "helkama" is 0.5).
 */
export const TYPO_SIMILARITY = 0.5;

/** How far a text search reads before it turns to the word indexes; tests make the window tiny. */
export interface TextSearchBounds {
  scanWindow: number;
  indexMatches: number;
}

export function createProductsRepo(
  db: Database,
  bounds: TextSearchBounds = { scanWindow: TEXT_SCAN_WINDOW, indexMatches: TEXT_INDEX_MATCHES },
) {
  /**
   * Place, catalog, exclusion and the buyer's filters (price, kind, pictures, age): the conditions
   * the btree indexes serve, on the table or a subquery with the same columns.
   */
  function filterConditions(query: ListingQuery, from: FilterColumns = products): SQL[] {
    const conditions: SQL[] = [];
    const places: SQL[] = [];
    if (query.cityIds.length) places.push(inArray(from.cityId, query.cityIds));
    if (query.regionIds.length) places.push(inArray(from.regionId, query.regionIds));
    if (places.length) conditions.push(or(...places)!);
    if (query.catalogIds.length) conditions.push(inArray(from.catalogId, query.catalogIds));
    if (query.excludeId !== undefined) conditions.push(sql`${from.id} <> ${query.excludeId}`);
    if (query.priceFromCents !== undefined) conditions.push(sql`${from.priceCents} >= ${query.priceFromCents}`);
    if (query.priceToCents !== undefined) conditions.push(sql`${from.priceCents} <= ${query.priceToCents}`);
    if (query.kinds?.length) conditions.push(inArray(from.kind, query.kinds));
    if (query.withImages) conditions.push(sql`${from.imageCount} > 0`);
    if (query.postedWithin) {
      conditions.push(sql`${from.createdAt} >= now() - make_interval(days => ${POSTED_WITHIN_DAYS[query.postedWithin]})`);
    }
    return conditions;
  }

  /** The active ads the query asks for: place, catalog, filters and, when there are any, the words. */
  function where(query: ListingQuery, words: WordMode = 'all'): SQL {
    const conditions = [eq(products.status, 'active'), ...filterConditions(query)];
    if (query.terms.length) conditions.push(wordsMatch(query.terms, words));
    return and(...conditions)!;
  }

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
        .where(and(eq(products.userId, userId), eq(products.status, 'active')))
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

    /** Titles of active ads that start with, or contain a word near, what is being typed. */
    async titleHints(prefix: string, limit: number): Promise<string[]> {
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .selectDistinct({ name: products.name, rank: sql<number>`word_similarity(${prefix}, lower(${products.name}))` })
        .from(products)
        .where(
          and(
            eq(products.status, 'active'),
            sql`(lower(${products.name}) like ${pattern} or lower(${products.name}) like ${`% ${pattern}`} or ${prefix} <% lower(${products.name}))`,
          ),
        )
        .orderBy(sql`2 desc`)
        .limit(limit);
      return rows.map((r) => r.name);
    },

    /**
     * One page of active ads with their cover picture, and how many match in all (up to COUNT_CAP).
     * Its statements share a transaction of their own only so that the search's planner
     * settings (`set_config(…, true)`) stay local to them: a detail of this query, not a unit of
     * work, which is why it is the one transaction a repo opens (see modules/README.md).
     */
    async searchActive(query: ListingQuery): Promise<{ rows: ListingRow[]; total: number; capped: boolean }> {
      return db.transaction(async (tx) => {
        if (query.terms.length) {
          // The `<%` operator reads its threshold from this setting; local to the transaction.
          await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
          return textPage(tx, query);
        }
        const rows = await listActive(tx, query);
        const total = rows.length < query.limit && query.offset === 0 ? rows.length : await countActive(tx, query);
        return { rows, total, capped: total >= COUNT_CAP };
      });
    },
  };

  /**
   * A text search: the candidates (below), put in the asked order here, then the page's twenty
   * cards by id. Relevance puts exact (stemmed) matches first, then matches inside compounds,
   * then typos; ties and the other sorts as in the plain listing.
   */
  async function textPage(tx: Transaction, query: ListingQuery): Promise<{ rows: ListingRow[]; total: number; capped: boolean }> {
    let { candidates, complete } = await textCandidates(tx, query, 'all');
    // Fewer ads than a page have every word ("talvirenkaat 16", "iphone 13 pro"): show the ads
    // with any of the real words too; those with more of the words score higher. Only for
    // relevance: under a price or date sort the partial matches would mix with the full ones.
    if (query.sort === 'relevance' && query.terms.length > 1 && complete && candidates.length < query.limit) {
      ({ candidates, complete } = await textCandidates(tx, query, 'any'));
    }
    candidates.sort(candidateOrder(query.sort));
    const ids = candidates.slice(query.offset, query.offset + query.limit).map((r) => r.id);
    const rows = ids.length ? await listActive(tx, { ...query, sort: 'created_at_desc', offset: 0 }, ids) : [];
    const position = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return { rows, total: candidates.length, capped: !complete || candidates.length >= RELEVANCE_CANDIDATES };
  }

  /**
   * The matches of a text search, at most RELEVANCE_CANDIDATES, with what the sorts need, in two
   * bounded steps so no query walks the whole table:
   * 1. the newest `scanWindow` active ads, read in date order (an index walk), tested against the
   *    filters and the words: a common word fills the candidates here;
   * 2. when it did not, and older ads exist, up to `indexMatches` older matches straight from the
   *    word indexes (GIN on the search document, trigrams on the title) and the place and catalog
   *    indexes, in any order: a rare word has few matches, so reading them is quick, and a word
   *    that matches nothing costs a few index pages.
   * `complete` is true when every match was seen (the count shown is then exact).
   */
  async function textCandidates(
    tx: Transaction,
    query: ListingQuery,
    words: WordMode,
  ): Promise<{ candidates: Candidate[]; complete: boolean }> {
    const newest = sql`${products.createdAt} desc nulls last, ${products.id} desc nulls last`;
    const recent = tx
      .select({
        id: products.id,
        createdAt: products.createdAt,
        priceCents: products.priceCents,
        imageCount: products.imageCount,
        name: products.name,
        searchVector: products.searchVector,
        language: products.language,
        cityId: products.cityId,
        regionId: products.regionId,
        catalogId: products.catalogId,
        kind: products.kind,
      })
      .from(products)
      .where(eq(products.status, 'active'))
      .orderBy(newest)
      .limit(bounds.scanWindow)
      .as('recent');
    const windowRows = await tx
      .select({
        id: recent.id,
        createdAt: recent.createdAt,
        priceCents: recent.priceCents,
        imageCount: recent.imageCount,
        score: sql<number>`${relevance(query.terms, recent)}`.mapWith(Number),
      })
      .from(recent)
      .where(and(...filterConditions(query, recent), wordsMatch(query.terms, words, recent)))
      .orderBy(sql`${recent.createdAt} desc nulls last, ${recent.id} desc nulls last`)
      .limit(RELEVANCE_CANDIDATES);
    if (windowRows.length >= RELEVANCE_CANDIDATES) return { candidates: windowRows, complete: false };

    // The boundary as PostgreSQL's text: a JavaScript Date would drop the microseconds.
    const [oldest] = await tx
      .select({ createdAt: sql<string>`${products.createdAt}::text`, id: products.id })
      .from(products)
      .where(eq(products.status, 'active'))
      .orderBy(newest)
      .offset(bounds.scanWindow - 1)
      .limit(1);
    if (!oldest) return { candidates: windowRows, complete: true };

    // The word indexes, not a date-order walk: the planner would otherwise hope to meet matches
    // early in date order, and read the whole table when the word is rare. It also overestimates
    // how many ads OR-ed prefixes match (tenfold at a million ads), and would then rather read a
    // whole small btree (every active ad) with the words as a filter. So: no plain index or
    // sequential scans, index entries priced so a whole-btree bitmap is not worth it, and the
    // matches a materialized CTE, planned for all of its rows rather than under the LIMIT (which
    // still stops the reading early). The settings are local to the transaction and reset below.
    await tx.execute(
      sql`select set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true), set_config('cpu_index_tuple_cost', '0.25', true)`,
    );
    const matching = tx
      .select({
        id: products.id,
        createdAt: products.createdAt,
        priceCents: products.priceCents,
        imageCount: products.imageCount,
        // Named: the rows come back raw from the CTE, by column name.
        score: sql<number>`${relevance(query.terms)}`.as('score'),
      })
      .from(products)
      .where(and(where(query, words), sql`(${products.createdAt}, ${products.id}) < (${oldest.createdAt}::timestamptz, ${oldest.id})`));
    const result = await tx.execute(sql`with matches as materialized (${matching}) select * from matches limit ${bounds.indexMatches + 1}`);
    const older: Candidate[] = rowsOf<Record<string, unknown>>(result).map((row) => ({
      id: Number(row.id),
      createdAt: new Date(row.created_at as string | Date),
      priceCents: Number(row.price_cents),
      imageCount: Number(row.image_count),
      score: Number(row.score),
    }));
    await tx.execute(
      sql`select set_config('enable_indexscan', 'on', true), set_config('enable_seqscan', 'on', true), set_config('cpu_index_tuple_cost', '0.005', true)`,
    );
    const complete = older.length <= bounds.indexMatches;
    const candidates = [...windowRows, ...older.slice(0, bounds.indexMatches)];
    candidates.sort(candidateOrder('created_at_desc'));
    return { candidates: candidates.slice(0, RELEVANCE_CANDIDATES), complete: complete && candidates.length <= RELEVANCE_CANDIDATES };
  }

  /** One page of active ads with their cover picture. */
  async function listActive(db: Db, query: ListingQuery, ids?: number[]): Promise<ListingRow[]> {
    const cover = adCover(db);
    return db
      .select(cardColumns(cover))
      .from(products)
      .leftJoinLateral(cover, sql`true`)
      .where(ids ? and(eq(products.status, 'active'), inArray(products.id, ids)) : where(query))
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
