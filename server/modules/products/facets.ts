import { type SQL, and, sql } from 'drizzle-orm';
import { products } from '../../db/schema/products.ts';
import type { Facets } from '../../../common/attributes.ts';
import type { FacetField } from './attribute-filters.ts';
import type { ListingQuery } from './products.repo.ts';

/**
 * Facets (issue 26): for each choice filter field of the searched catalogs, how many ads have each
 * value among what the other filters leave. Fields the buyer has not filtered by share one set
 * (every filter applies); each filtered field counts over the set without its own filter, so
 * picking "diesel" still shows how many hybrids there are. One statement for all the sets: each
 * reads at most FACET_CAP of its ads' values (`products.attributes`), and the reply says when a
 * set was larger (the counts are then those of the first FACET_CAP ads found).
 */

/** At most this many ads' values are read per set: a few milliseconds of heap reads, as total is capped. */
export const FACET_CAP = 5_000;

/** A set of ads and the fields counted over it. */
export interface FacetSet {
  query: ListingQuery;
  fields: FacetField[];
  /** Every facet's key in the order the reply lists them. */
  order?: string[];
}

/** The sets to count: one for the unfiltered fields, one per filtered field without its own filter. */
export function facetSets(query: ListingQuery, fields: readonly FacetField[]): FacetSet[] {
  const chosen = new Set((query.attributes?.choices ?? []).map(([key]) => key));
  const order = fields.map((f) => f.key);
  const sets: FacetSet[] = [];
  const free = fields.filter((f) => !chosen.has(f.key));
  if (free.length) sets.push({ query, fields: free, order });
  for (const field of fields.filter((f) => chosen.has(f.key))) {
    const choices = query.attributes!.choices.filter(([key]) => key !== field.key);
    sets.push({ query: { ...query, attributes: { ...query.attributes!, choices } }, fields: [field], order });
  }
  return sets;
}

/** The row that counts a set's ads (how many were read). */
const ROWS = '§rows';

/** A field's values on one ad, as (key, value) rows: one for a choice or yes/no, each for several choices. */
function valuesOf(field: FacetField): SQL {
  const value = sql`p.attributes -> ${field.key}`;
  if (field.type === 'choices') {
    return sql`select ${field.key}::text, v from jsonb_array_elements_text(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end) v`;
  }
  return sql`select ${field.key}::text, p.attributes ->> ${field.key} where jsonb_typeof(${value}) in ('string', 'boolean')`;
}

/**
 * The statement counting every set: `conditions(set)` are the set's WHERE conditions (the
 * listing's, or the text search's with its words). Rows: set, key, value, count.
 */
export function facetStatement(sets: readonly FacetSet[], conditions: (query: ListingQuery) => SQL[], cap = FACET_CAP): SQL {
  const parts = sets.map((set, index) => {
    const values = sql.join([sql`select ${ROWS}::text, ''::text`, ...set.fields.map(valuesOf)], sql` union all `);
    return sql`(select ${index}::int as set, f.key, f.value, count(*)::int as count
      from (select ${products.attributes} as attributes from ${products} where ${and(...conditions(set.query))} limit ${cap}) p
      cross join lateral (${values}) f(key, value)
      where f.value is not null
      group by f.key, f.value)`;
  });
  return sql.join(parts, sql` union all `);
}

/**
 * The counted rows as the reply's facets: each field's values in its options' order
 * (`orderOf`), values no ad has (and values no longer among the options) left out.
 */
export function facetsFrom(
  rows: readonly { set: number; key: string; value: string; count: number }[],
  sets: readonly FacetSet[],
  orderOf: (key: string) => string[],
  cap = FACET_CAP,
): { facets: Facets; capped: boolean } {
  const counted = new Map<string, Map<string, number>>();
  let capped = false;
  sets.forEach((set, index) => {
    const mine = rows.filter((row) => row.set === index);
    if ((mine.find((row) => row.key === ROWS)?.count ?? 0) >= cap) capped = true;
    for (const field of set.fields) {
      counted.set(field.key, new Map(mine.filter((row) => row.key === field.key).map((row) => [row.value, row.count])));
    }
  });
  // In the fields' order, whichever set counted them.
  const facets: Facets = {};
  for (const key of sets.flatMap((set) => set.fields.map((f) => f.key)).sort((a, b) => fieldRank(sets, a) - fieldRank(sets, b))) {
    const counts = counted.get(key)!;
    facets[key] = orderOf(key)
      .filter((value) => (counts.get(value) ?? 0) > 0)
      .map((value) => ({ value, count: counts.get(value)! }));
  }
  return { facets, capped };
}

/** A field's place among the facets: the order the service listed them in (`FacetSet.order`). */
function fieldRank(sets: readonly FacetSet[], key: string): number {
  for (const set of sets) {
    const found = set.order?.indexOf(key) ?? -1;
    if (found >= 0) return found;
  }
  return 0;
}
