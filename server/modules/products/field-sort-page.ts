import { type SQL, sql } from 'drizzle-orm';
import { productNumbers } from '../../db/schema/attributes.ts';
import { products } from '../../db/schema/products.ts';
import type { SortKey } from '../../../common/ad-rules.ts';
import { where } from './listing-conditions.ts';
import type { ListingQuery } from './listing-query.ts';

/**
 * The sorts by a category field without words (issue 26): by year or mileage, ads without the
 * value last, ties newest first. A listing of every car sorted by year must not look up the year of
 * each of a hundred thousand ads: the ads with the value come from walking the (key, value)
 * index of product_numbers in the asked direction, stopping at the page's end; the ads without
 * it follow, newest first, only when the page reaches past the last ad with one.
 */

/** The field and direction of each field sort. */
export const FIELD_SORTS: Partial<Record<SortKey, { key: string; direction: 'asc' | 'desc' }>> = {
  year_desc: { key: 'year', direction: 'desc' },
  year_asc: { key: 'year', direction: 'asc' },
  mileage_asc: { key: 'mileage_km', direction: 'asc' },
  mileage_desc: { key: 'mileage_km', direction: 'desc' },
};

/**
 * Ads with the field's value, in the sort's order: ids up to the page's end (`limit` + `offset`).
 * Ties go newest first by id (ids are given in posting order): `value desc, product_id desc` is
 * the (key, value, product_id) index read backwards with no sort at all, where ordering ties by
 * `created_at` made PostgreSQL read every ad of the newest year (10,000 at a million ads: 430 ms
 * against 3 ms). Ascending sorts sort only within a value, and the oldest years and lowest
 * mileages are small groups.
 */
export function withValueIds(query: ListingQuery, end: number): SQL {
  const { key, direction } = FIELD_SORTS[query.sort as SortKey]!;
  const order = direction === 'desc' ? sql`desc` : sql`asc`;
  return sql`select ${productNumbers.productId} as id from ${productNumbers}
    join ${products} on ${products.id} = ${productNumbers.productId}
    where ${productNumbers.key} = ${key} and ${where(query)}
    order by ${productNumbers.value} ${order}, ${productNumbers.productId} desc
    limit ${end}`;
}

/** Ads without the field's value, newest first. */
export function withoutValueIds(query: ListingQuery, limit: number, offset: number): SQL {
  const { key } = FIELD_SORTS[query.sort as SortKey]!;
  return sql`select ${products.id} as id from ${products}
    where ${where(query)} and not exists (
      select 1 from ${productNumbers} where ${productNumbers.productId} = ${products.id} and ${productNumbers.key} = ${key}
    )
    order by ${products.createdAt} desc nulls last, ${products.id} desc nulls last
    limit ${limit} offset ${offset}`;
}
