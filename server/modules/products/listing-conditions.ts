import { type SQL, and, inArray, or, sql } from 'drizzle-orm';
import { products } from '../../db/schema/products.ts';
import { productNumbers } from '../../db/schema/attributes.ts';
import { POSTED_WITHIN_DAYS } from '../../../common/listing-filters.ts';
import type { ListingQuery } from './listing-query.ts';
import { lexemes } from '../search/text-query-sql.ts';
import { choiceLexeme } from './attribute-filters.ts';
import { NOT_ENDED } from '../lifecycle/validity-sql.ts';

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
  // Number and day ranges of the category fields: the ads the (key, value, product_id) index lists.
  for (const [key, min, max] of query.attributes?.ranges ?? []) {
    const bounds = [sql`${productNumbers.key} = ${key}`];
    if (min !== null) bounds.push(sql`${productNumbers.value} >= ${min}`);
    if (max !== null) bounds.push(sql`${productNumbers.value} <= ${max}`);
    conditions.push(sql`${products.id} in (select ${productNumbers.productId} from ${productNumbers} where ${and(...bounds)})`);
  }
  return conditions;
}

/**
 * The ads the public listing shows: active and reserved (the latter labelled "Varattu"). Written
 * as this literal, not with parameters: the listing's partial indexes are `WHERE status in
 * ('active', 'reserved')`, and the planner uses them only for a predicate it can prove implies it.
 */
export const LISTED = sql`${products.status} in ('active', 'reserved')`;

/**
 * Conditions of a listing without the category fields' choice lexemes: the text search puts those
 * in its own tsquery with the words (filterLexemes), so GIN intersects them in one scan.
 */
export function textListingConditions(query: ListingQuery): SQL[] {
  // An active ad past its end is not listed (issue 27); a reserved one stays findable.
  return [LISTED, NOT_ENDED, ...placeAndCatalog(query)];
}

/**
 * The one place the conditions of a listing are assembled, with or without words: listed ads,
 * place, catalog, the buyer's filters and the category fields' — the text search adds its words as a
 * tsquery on top of these.
 */
export function listingConditions(query: ListingQuery): SQL[] {
  const conditions = textListingConditions(query);
  const choices = choiceLexemes(query);
  if (choices.length) {
    // With the catalog's lexeme, when it is one of a few: the GIN scan alone finds the ads.
    const catalogs = catalogLexemes(query);
    const all = catalogs ? [...choices, catalogs] : choices;
    conditions.push(sql`${products.searchVector} @@ ${all.join(' & ')}::tsquery`);
  }
  return conditions;
}

/** The choice filters as tsquery groups: any value of a key, every key (`('§afuel=diesel' | '§afuel=hybrid')`). */
export function choiceLexemes(query: ListingQuery): string[] {
  return (query.attributes?.choices ?? []).map(([key, values]) => lexemes(values.map((value) => choiceLexeme(key, value))));
}

/** The catalogs as one tsquery group, when they are a few (see filterLexemes). */
function catalogLexemes(query: ListingQuery): string | undefined {
  const catalogs = query.catalogRoots?.length ? query.catalogRoots : query.catalogIds;
  return catalogs.length && catalogs.length <= FILTER_LEXEMES ? lexemes(catalogs.map((id) => `§c${id}`)) : undefined;
}

/**
 * The same place, catalog and choice filters as lexemes of the search document (§m, §r, §c, §a),
 * so the GIN index intersects them with the words instead of the heap filtering a long match list.
 */
export function filterLexemes(query: ListingQuery): string[] {
  const out: string[] = [];
  // Only a few: GIN skips through the word lists to a lexeme every match must have; a long OR
  // (many towns) is cheaper left to the heap filter. A catalog is one lexeme however much lies
  // below it: the documents carry their category's ancestors too (migration 0020).
  const places = [...query.cityIds.map((id) => `§m${id}`), ...query.regionIds.map((id) => `§r${id}`)];
  if (places.length && places.length <= FILTER_LEXEMES) out.push(lexemes(places));
  const catalogs = catalogLexemes(query);
  if (catalogs) out.push(catalogs);
  // Every choice filter: a document must have one of its values.
  return [...out, ...choiceLexemes(query)];
}

/** The listed ads the query asks for (listings without words). */
export function where(query: ListingQuery): SQL {
  return and(...listingConditions(query))!;
}
