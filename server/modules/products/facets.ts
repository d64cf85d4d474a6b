import { type SQL, and, sql } from 'drizzle-orm';
import { products } from '../../db/schema/products.ts';
import type { Facets } from '../../../common/attributes.ts';
import type { FacetField } from './attribute-filters.ts';
import type { ListingQuery } from './listing-query.ts';

/**
 * Facets (issue 26): for each choice filter field of the searched catalogs, how many ads have each
 * value among what the other filters leave. Fields the buyer has not filtered by share one set
 * (every filter applies); each filtered field counts over the set without its own filter, so
 * picking "diesel" still shows how many hybrids there are. One statement for all the sets: each
 * reads at most FACET_CAP of its ads' values (`products.attributes`), and the reply says when a
 * set was larger (the counts are then those of the first FACET_CAP ads found).
 */

/**
 * At most this many ads' values are read per set, as the listing's total is counted (COUNT_CAP):
 * at a million ads a set's heap reads cost ~5 µs an ad warm (more on a loaded machine), and a
 * car search counts three sets. The listing's own set (every filter) is always the first, so its
 * count of ads read is the listing's total and no separate count is needed.
 */
export const FACET_CAP = 1_001;

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
  // The listing's own set first, even without a field to count: it counts the total.
  const sets: FacetSet[] = [{ query, fields: fields.filter((f) => !chosen.has(f.key)), order }];
  for (const field of fields.filter((f) => chosen.has(f.key))) {
    const choices = query.attributes!.choices.filter(([key]) => key !== field.key);
    sets.push({ query: { ...query, attributes: { ...query.attributes!, choices } }, fields: [field], order });
  }
  return sets;
}

/** A row of the facet statement: the set, which grouping (`grouping()`'s mask), the value as JSON text, its count. */
export interface FacetRow {
  set: number;
  g: number;
  value: string | null;
  count: number;
}

/**
 * The statement counting every set: `conditions(set)` are the set's WHERE conditions (the
 * listing's, or the text search's with its words). Each set reads its ads' values of its fields
 * once and counts them by grouping sets (one per field, and `()` for the ads read): a hash table
 * per field in one pass, several times cheaper than a row per value through a lateral join. A value
 * is grouped as stored (jsonb: "toyota", true, or a several-choice field's list, split in
 * `facetsFrom`).
 */
export function facetStatement(sets: readonly FacetSet[], conditions: (query: ListingQuery) => SQL[], cap = FACET_CAP): SQL {
  const parts = sets.map((set, index) => {
    if (!set.fields.length) {
      return sql`(select ${index}::int as set, 0 as g, null::text as value, count(*)::int as count
        from (select 1 from ${products} where ${and(...conditions(set.query))} limit ${cap}) p)`;
    }
    const columns = set.fields.map((field, j) => sql`${products.attributes} -> ${field.key} as ${sql.identifier(`v${j}`)}`);
    const names = set.fields.map((_, j) => sql.identifier(`v${j}`));
    const groups = sql.join([...names.map((name) => sql`(${name})`), sql`()`], sql`, `);
    return sql`(select ${index}::int as set, grouping(${sql.join(names, sql`, `)})::int as g,
      coalesce(${sql.join(names, sql`, `)})::text as value, count(*)::int as count
      from (select ${sql.join(columns, sql`, `)} from ${products} where ${and(...conditions(set.query))} limit ${cap}) p
      group by grouping sets (${groups}))`;
  });
  return sql.join(parts, sql` union all `);
}

/** A stored value as the option values it counts for: a choice, yes/no as "true"/"false", each of several choices. */
function optionValues(json: string | null): string[] {
  if (json === null) return [];
  const value: unknown = JSON.parse(json);
  if (typeof value === 'string') return [value];
  if (typeof value === 'boolean') return [String(value)];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The counted rows as the reply's facets: each field's values in its options' order
 * (`orderOf`), values no ad has (and values no longer among the options) left out.
 */
export function facetsFrom(
  rows: readonly FacetRow[],
  sets: readonly FacetSet[],
  orderOf: (key: string) => string[],
  cap = FACET_CAP,
): { facets: Facets; capped: boolean; total: number } {
  const counted = new Map<string, Map<string, number>>();
  let capped = false;
  let total = 0;
  sets.forEach((set, index) => {
    const n = set.fields.length;
    const all = 2 ** n - 1;
    for (const field of set.fields) counted.set(field.key, new Map());
    for (const row of rows.filter((r) => r.set === index)) {
      if (row.g === all) {
        if (row.count >= cap) capped = true;
        if (index === 0) total = row.count;
        continue;
      }
      // grouping()'s mask has a bit set for each field not grouped: the one clear bit is the field.
      const j = set.fields.findIndex((_, k) => (row.g & (1 << (n - 1 - k))) === 0);
      const counts = j >= 0 ? counted.get(set.fields[j]!.key)! : undefined;
      for (const value of counts ? optionValues(row.value) : []) counts!.set(value, (counts!.get(value) ?? 0) + row.count);
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
  return { facets, capped, total };
}

/** A field's place among the facets: the order the service listed them in (`FacetSet.order`). */
function fieldRank(sets: readonly FacetSet[], key: string): number {
  for (const set of sets) {
    const found = set.order?.indexOf(key) ?? -1;
    if (found >= 0) return found;
  }
  return 0;
}
