import { type SQL, and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { productNumbers } from '../../db/schema/attributes.ts';
import type { SortKey } from '../../../common/ad-rules.ts';
import { adCover, cardColumns } from '../ads/ads.repo.ts';
import { rowsOf } from '../search/text-query-sql.ts';
import type { ListingPage, ListingQuery, ListingRow } from './listing-query.ts';
import { LISTED, listingConditions, where } from './listing-conditions.ts';
import type { FacetField } from './attribute-filters.ts';
import { type FacetRow, facetSets, facetStatement, facetsFrom } from './facets.ts';
import { nearestFirstIds } from './distance-page.ts';
import { FIELD_SORTS, withValueIds, withoutValueIds } from './field-sort-page.ts';

/**
 * The listing's statements without words: a page of listed ads in the asked order (by date,
 * price, picture, a category field or distance), its count and facets. Functions of a connection
 * or transaction; the search repository (search/search.repo.ts) runs them, and a text search
 * uses the cards, order and facets for its own pages.
 */

/** Counting stops here: 50 pages of 20; the pager needs "1,000+" no more precisely. */
export const COUNT_CAP = 1_001;

/**
 * Orders that walk the partial indexes: they are built `DESC NULLS LAST`, so descending sorts
 * say `nulls last` and ascending ones read the same index backwards (`nulls first`). The columns
 * are NOT NULL; the clauses only let the planner match the index.
 */
export function listingOrder(query: ListingQuery): SQL {
  const newest = sql`${products.createdAt} desc nulls last, ${products.id} desc nulls last`;
  switch (query.sort) {
    case 'relevance': // without words (text searches rank first, then order ties by this)
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

/** An ad's number or day in a category field (null without one): the sorts by year and mileage. */
function fieldNumber(key: string): SQL {
  return sql`(select ${productNumbers.value} from ${productNumbers} where ${productNumbers.productId} = ${products.id} and ${productNumbers.key} = ${key})`;
}

/** A page of the listing without words, how many match (up to COUNT_CAP) and the facets when asked. */
export async function listingPage(tx: Db, query: ListingQuery): Promise<ListingPage> {
  const rows =
    query.sort === 'distance_asc'
      ? await nearestFirst(tx, query)
      : FIELD_SORTS[query.sort as SortKey]
        ? await byField(tx, query)
        : await listedCards(tx, query);
  const counted = query.facets?.length ? await countFacets(tx, query, query.facets, listingConditions) : undefined;
  // The facets' first set is the listing's own, read up to COUNT_CAP: its count is the total.
  const total = rows.length < query.limit && query.offset === 0 ? rows.length : (counted?.total ?? (await countListed(tx, query)));
  const facets = counted && { facets: counted.facets, capped: counted.capped };
  return { rows, total, capped: total >= COUNT_CAP, ...(facets ? { facets } : {}) };
}

/** The facets of a listing (facets.ts): one statement for every set of ads they count over. */
export async function countFacets(tx: Db, query: ListingQuery, fields: FacetField[], conditions: (query: ListingQuery) => SQL[]) {
  const sets = facetSets(query, fields);
  const rows = rowsOf<FacetRow>(await tx.execute(facetStatement(sets, conditions)));
  return facetsFrom(rows, sets, (key) => fields.find((f) => f.key === key)?.options ?? []);
}

/** The cards of these ids, in their order. */
export async function cardsInOrder(tx: Db, query: ListingQuery, ids: number[]): Promise<ListingRow[]> {
  if (!ids.length) return [];
  const rows = await listedCards(tx, { ...query, sort: 'created_at_desc', offset: 0 }, ids);
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** The distance sort's page (distance-page.ts): its ids in order, then their cards. */
async function nearestFirst(tx: Db, query: ListingQuery): Promise<ListingRow[]> {
  const ids = rowsOf<{ id: number }>(await tx.execute(nearestFirstIds(query))).map((row) => Number(row.id));
  return cardsInOrder(tx, query, ids);
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
  return cardsInOrder(tx, query, ids);
}

/** One page of listed ads with their cover picture (or the listed ones of `ids`). */
async function listedCards(db: Db, query: ListingQuery, ids?: number[]): Promise<ListingRow[]> {
  const cover = adCover(db);
  return db
    .select(cardColumns(cover))
    .from(products)
    .leftJoinLateral(cover, sql`true`)
    .where(ids ? and(LISTED, inArray(products.id, ids)) : where(query))
    .orderBy(listingOrder(query))
    .limit(query.limit)
    .offset(query.offset);
}

/** How many ads the listing without words matches, counted up to COUNT_CAP. */
async function countListed(db: Db, query: ListingQuery): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(products)
    .where(where(query))
    .limit(COUNT_CAP)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}
