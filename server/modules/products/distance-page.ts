import { type SQL, sql } from 'drizzle-orm';
import { products } from '../../db/schema/products.ts';
import { where } from './listing-conditions.ts';
import type { ListingQuery } from './listing-query.ts';

/**
 * The distance sort's page without words (issue 26): the towns nearest first, each town's ads
 * newest first. Sorting every ad of a 25 km radius (a quarter of the site around Helsinki) by town
 * would read them all; instead each town gives at most the page's end of its newest ads through
 * the (city_id, created_at) index, and only those few are ordered. The page's ids in order.
 * (`nulls last` as the index is built, or the planner cannot read it in order; the columns are NOT NULL.)
 */
export function nearestFirstIds(query: ListingQuery): SQL {
  const towns = (query.townOrder ?? []).map((id) => Math.trunc(id)).join(',');
  const end = query.offset + query.limit;
  return sql`select p.id from unnest(${sql.raw(`'{${towns}}'::int[]`)}) with ordinality as t(town, rank)
    cross join lateral (
      select ${products.id} as id, ${products.createdAt} as created_at from ${products}
      where ${where(query)} and ${products.cityId} = t.town
      order by ${products.createdAt} desc nulls last, ${products.id} desc nulls last
      limit ${end}
    ) p
    order by t.rank, p.created_at desc, p.id desc
    limit ${query.limit} offset ${query.offset}`;
}
