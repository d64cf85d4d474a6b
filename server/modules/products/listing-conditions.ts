import { type SQL, and, eq, inArray, or, sql } from 'drizzle-orm';
import { products } from '../../db/schema/products.ts';
import { POSTED_WITHIN_DAYS } from '../../../common/listing-filters.ts';
import type { ListingQuery } from './products.repo.ts';
import { lexemes } from './text-query-sql.ts';

/**
 * The conditions of a listing, with or without words: the one place they are assembled, so the
 * listing, the text search, a saved search's new-ad count and an alert's confirmation agree.
 */

/** At most this many place or category lexemes go to the index (see filterLexemes). */
const FILTER_LEXEMES = 3;

/** Place, catalog and the buyer's filters: the conditions the btree indexes serve. */
export function placeAndCatalog(query: ListingQuery): SQL[] {
  const conditions: SQL[] = [];
  const places: SQL[] = [];
  if (query.cityIds.length) places.push(inArray(products.cityId, query.cityIds));
  if (query.regionIds.length) places.push(inArray(products.regionId, query.regionIds));
  if (places.length) conditions.push(or(...places)!);
  if (query.catalogIds.length) conditions.push(inArray(products.catalogId, query.catalogIds));
  // The buyer's filters (price, kind, pictures, age): btree-served conditions like place and catalog.
  if (query.priceFromCents !== undefined) conditions.push(sql`${products.priceCents} >= ${query.priceFromCents}`);
  if (query.priceToCents !== undefined) conditions.push(sql`${products.priceCents} <= ${query.priceToCents}`);
  if (query.kinds?.length) conditions.push(inArray(products.kind, query.kinds));
  if (query.withImages) conditions.push(sql`${products.imageCount} > 0`);
  if (query.postedWithin) {
    conditions.push(sql`${products.createdAt} >= now() - make_interval(days => ${POSTED_WITHIN_DAYS[query.postedWithin]})`);
  }
  return conditions;
}

/**
 * The one place the conditions of a listing are assembled, with or without words: active ads,
 * place, catalog and the buyer's filters — the text search adds its words as a
 * tsquery on top of these.
 */
export function listingConditions(query: ListingQuery): SQL[] {
  return [eq(products.status, 'active'), ...placeAndCatalog(query)];
}

/**
 * The same place and catalog filters as lexemes of the search document (§m, §r, §c), so the GIN
 * index intersects them with the words instead of the heap filtering a long match list.
 */
export function filterLexemes(query: ListingQuery): string[] {
  const out: string[] = [];
  // Only a few: GIN skips through the word lists to a lexeme every match must have; a long OR
  // (many towns) is cheaper left to the heap filter. A catalog is one lexeme however much lies
  // below it: the documents carry their category's ancestors too (migration 0020).
  const places = [...query.cityIds.map((id) => `§m${id}`), ...query.regionIds.map((id) => `§r${id}`)];
  if (places.length && places.length <= FILTER_LEXEMES) out.push(lexemes(places));
  const catalogs = query.catalogRoots?.length ? query.catalogRoots : query.catalogIds;
  if (catalogs.length && catalogs.length <= FILTER_LEXEMES) out.push(lexemes(catalogs.map((id) => `§c${id}`)));
  return out;
}

/** The active ads the query asks for (listings without words). */
export function where(query: ListingQuery): SQL {
  return and(...listingConditions(query))!;
}
