import { type SQL, and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { productImages, products } from '../../db/schema/products.ts';
import type { SortKey } from '../../db/schema/products.ts';

/** One word of a text query with what it may match: itself, its synonyms, its stem inside compounds. */
export interface SearchTerm {
  /** Letters and digits only: safe inside to_tsquery. */
  words: string[];
  /** Lowercase stems (3+ letters) looked for anywhere in the title, so "sohva" finds "kulmasohva". */
  stems: string[];
  /** The word as typed, for typo-tolerant trigram matching. */
  fuzzy: string;
}

export interface ListingQuery {
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

export interface ListingRow {
  id: number;
  uuid: string;
  name: string;
  priceCents: number;
  status: (typeof products.$inferSelect)['status'];
  cityId: number;
  regionId: number;
  catalogId: number;
  imageCount: number;
  createdAt: Date;
  imageUuid: string | null;
  imagePrefix: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
}

/** Counting stops here: 50 pages of 20; the pager needs "1,000+" no more precisely. */
export const COUNT_CAP = 1_001;
/** A text search ranks at most this many of the newest matches (25 pages). */
export const RELEVANCE_CANDIDATES = 500;

const relevanceRanked = (query: ListingQuery) => query.sort === 'relevance' && query.terms.length > 0;

const CONFIGS = ['finnish', 'swedish', 'english', 'russian', 'simple'] as const;

/** The term's words, each as a prefix, OR-ed into one tsquery per text search configuration. */
function termQuery(term: SearchTerm): SQL {
  const expression = term.words.map((word) => `${word}:*`).join(' | ');
  return sql`(${sql.join(
    CONFIGS.map((config) => sql`to_tsquery(${config}::regconfig, ${expression})`),
    sql` || `,
  )})`;
}

/** Stems anywhere in the title, as one regular expression (the trigram index serves it). */
function stemPattern(term: SearchTerm): string | undefined {
  return term.stems.length ? `(${term.stems.join('|')})` : undefined;
}

/**
 * One condition per query word, three ways to match, each served by an index: the stemmed words
 * (GIN on the search document), the stem inside a compound title (trigram regex), or a typo
 * (trigram word similarity).
 */
function termMatch(term: SearchTerm): SQL {
  const alternatives: SQL[] = [sql`${products.searchVector} @@ ${termQuery(term)}`];
  const pattern = stemPattern(term);
  if (pattern) alternatives.push(sql`lower(${products.name}) ~ ${pattern}`);
  if (term.fuzzy.length >= 4) alternatives.push(sql`${term.fuzzy} <% lower(${products.name})`);
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/** Exact (stemmed) matches first, then matches inside compounds, then typo matches. */
function relevance(terms: SearchTerm[]): SQL {
  const parts = terms.map((term) => {
    const tsquery = termQuery(term);
    const pattern = stemPattern(term);
    const stemHit = pattern ? sql`(case when lower(${products.name}) ~ ${pattern} then 0.5 else 0 end)` : sql`0`;
    return sql`(case when ${products.searchVector} @@ ${tsquery} then 1 + ts_rank_cd(${products.searchVector}, ${tsquery}) else 0 end + ${stemHit} + 0.3 * word_similarity(${term.fuzzy}, lower(${products.name})))`;
  });
  return sql.join(parts, sql` + `);
}

/**
 * Orders that walk the partial indexes: they are built `DESC NULLS LAST`, so descending sorts
 * say `nulls last` and ascending ones read the same index backwards (`nulls first`). The columns
 * are NOT NULL; the clauses only let the planner match the index.
 */
function orderBy(query: ListingQuery): SQL {
  const newest = sql`${products.createdAt} desc nulls last, ${products.id} desc nulls last`;
  switch (query.sort) {
    case 'relevance':
      return query.terms.length ? sql`${relevance(query.terms)} desc, ${newest}` : newest;
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

export function createProductsRepo(db: Database) {
  function where(query: ListingQuery): SQL {
    const conditions: SQL[] = [eq(products.status, 'active')];
    const places: SQL[] = [];
    if (query.cityIds.length) places.push(inArray(products.cityId, query.cityIds));
    if (query.regionIds.length) places.push(inArray(products.regionId, query.regionIds));
    if (places.length) conditions.push(or(...places)!);
    if (query.catalogIds.length) conditions.push(inArray(products.catalogId, query.catalogIds));
    if (query.excludeId !== undefined) conditions.push(sql`${products.id} <> ${query.excludeId}`);
    for (const term of query.terms) conditions.push(termMatch(term));
    return and(...conditions)!;
  }

  return {
    /** An ad with its pictures (in order), whatever its status; the service decides who may see it. */
    async findByUuid(uuid: string) {
      const [product] = await db.select().from(products).where(eq(products.uuid, uuid));
      if (!product) return undefined;
      const images = await db.select().from(productImages).where(eq(productImages.productId, product.id)).orderBy(productImages.position);
      return { product, images };
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

    /** One page of active ads with their cover picture, and how many match in all (up to COUNT_CAP). */
    async searchActive(query: ListingQuery): Promise<{ rows: ListingRow[]; total: number; capped: boolean }> {
      return db.transaction(async (tx) => {
        // The `<%` operator reads its threshold from this setting; local to the transaction.
        if (query.terms.length)
          await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
        if (relevanceRanked(query)) return rankedPage(tx, query);
        const rows = await listActive(tx, query);
        const total = rows.length < query.limit && query.offset === 0 ? rows.length : await countActive(tx, query);
        return { rows, total, capped: total >= (query.terms.length ? RELEVANCE_CANDIDATES : COUNT_CAP) };
      });
    },
  };

  /**
   * A text search ranked by relevance, in two short queries: the newest RELEVANCE_CANDIDATES
   * matches with their score (one pass; it also gives the count), ranked here, then the page's
   * twenty cards by id.
   */
  async function rankedPage(tx: Transaction, query: ListingQuery): Promise<{ rows: ListingRow[]; total: number; capped: boolean }> {
    const scored = await tx
      .select({ id: products.id, createdAt: products.createdAt, score: sql<number>`${relevance(query.terms)}`.mapWith(Number) })
      .from(products)
      .where(where(query))
      .orderBy(sql`${products.createdAt} desc nulls last, ${products.id} desc nulls last`)
      .limit(RELEVANCE_CANDIDATES);
    scored.sort((a, b) => b.score - a.score || b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
    const ids = scored.slice(query.offset, query.offset + query.limit).map((r) => r.id);
    const rows = ids.length ? await listActive(tx, { ...query, sort: 'created_at_desc', offset: 0 }, ids) : [];
    const position = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return { rows, total: scored.length, capped: scored.length >= RELEVANCE_CANDIDATES };
  }

  /** One page of active ads with their cover picture. */
  async function listActive(db: Database | Transaction, query: ListingQuery, ids?: number[]): Promise<ListingRow[]> {
    const cover = db
      .select({
        uuid: productImages.uuid,
        prefix: productImages.storagePrefix,
        width: productImages.width,
        height: productImages.height,
      })
      .from(productImages)
      .where(eq(productImages.productId, products.id))
      .orderBy(productImages.position)
      .limit(1)
      .as('cover');
    return db
      .select({
        id: products.id,
        uuid: products.uuid,
        name: products.name,
        priceCents: products.priceCents,
        status: products.status,
        cityId: products.cityId,
        regionId: products.regionId,
        catalogId: products.catalogId,
        imageCount: products.imageCount,
        createdAt: products.createdAt,
        imageUuid: cover.uuid,
        imagePrefix: cover.prefix,
        imageWidth: cover.width,
        imageHeight: cover.height,
      })
      .from(products)
      .leftJoinLateral(cover, sql`true`)
      .where(ids ? and(eq(products.status, 'active'), inArray(products.id, ids)) : where(query))
      .orderBy(orderBy(query))
      .limit(query.limit)
      .offset(query.offset);
  }

  /** How many ads match, counted up to COUNT_CAP (text searches: up to the ranked candidates). */
  async function countActive(db: Database | Transaction, query: ListingQuery): Promise<number> {
    const cap = query.terms.length ? RELEVANCE_CANDIDATES : COUNT_CAP;
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
