import type { Facets } from '../../../common/attributes.ts';
import { POSTED_WITHIN_DAYS } from '../../../common/listing-filters.ts';
import type { SortKey } from '../../../common/ad-rules.ts';
import type { ListingQuery } from '../products/listing-query.ts';
import { FIELD_SORTS } from '../products/field-sort-page.ts';
import type { AdTable } from './ad-table.ts';

/**
 * A listing without words answered from the ads in memory (ad-table.ts): the same conditions as
 * `listingConditions` (products/listing-conditions.ts), the same orders as `listingOrder` and the
 * field and distance pages, and the facets counted exactly in the same walk. The index test holds
 * the two to the same answers.
 */

export interface IndexAnswer {
  /** The page's ad ids in order. */
  ids: number[];
  /** How many ads match, all of them. */
  matched: number;
  facets?: Facets;
}

/** A comparator of slots: negative when `a` comes first. */
type Order = (a: number, b: number) => number;

export function answerQuery(table: AdTable, query: ListingQuery, nowMs: number): IndexAnswer {
  const pass = baseFilter(table, query, nowMs);
  const choices = (query.attributes?.choices ?? []).map(([key, values]) => values.map((value) => `${key}=${value}`));
  const choiceKeys = (query.attributes?.choices ?? []).map(([key]) => key);
  const facetFields = query.facets ?? [];
  // Per field: value → count. A chosen field counts the ads every other filter leaves.
  const counts = facetFields.map(() => new Map<string, number>());
  const chosenIndex = facetFields.map((field) => choiceKeys.indexOf(field.key));
  const order = orderOf(table, query);
  const top = new TopK(query.offset + query.limit, order);
  let matched = 0;

  table.forEachSlot(query.catalogIds, (slot) => {
    if (!pass(slot)) return;
    const fields = table.fields[slot];
    // Which choice filter the ad fails: none (-1), exactly one (its index) or several (-2).
    let failed = -1;
    for (let c = 0; c < choices.length; c++) {
      if (fields && choices[c]!.some((lexeme) => fields.choices.has(lexeme))) continue;
      failed = failed === -1 ? c : -2;
      if (failed === -2) break;
    }
    if (failed === -2) return;
    if (failed === -1) {
      matched++;
      top.offer(slot);
    }
    if (!fields) return;
    for (let f = 0; f < facetFields.length; f++) {
      // Counted when the ad passes every filter but (at most) this field's own.
      if (failed !== -1 && failed !== chosenIndex[f]) continue;
      const values = fields.facetValues[facetFields[f]!.key];
      if (!values) continue;
      const count = counts[f]!;
      for (const value of values) count.set(value, (count.get(value) ?? 0) + 1);
    }
  });

  const ids = top
    .sorted()
    .slice(query.offset)
    .map((slot) => table.id[slot]!);
  if (!facetFields.length) return { ids, matched };
  const facets: Facets = {};
  facetFields.forEach((field, f) => {
    const count = counts[f]!;
    facets[field.key] = field.options.filter((value) => (count.get(value) ?? 0) > 0).map((value) => ({ value, count: count.get(value)! }));
  });
  return { ids, matched, facets };
}

/** Every condition but the choice filters (counted apart for the facets), as one test of a slot. */
function baseFilter(table: AdTable, query: ListingQuery, nowMs: number): (slot: number) => boolean {
  const tests: ((slot: number) => boolean)[] = [];
  // Not ended: an active ad past its end leaves the listing; a reserved one stays (validity-sql.ts).
  tests.push((slot) => table.reserved[slot] === 1 || !(table.expires[slot]! <= nowMs));
  if (query.cityIds.length || query.regionIds.length) {
    const cities = new Set(query.cityIds);
    const regions = new Set(query.regionIds);
    tests.push((slot) => cities.has(table.city[slot]!) || regions.has(table.region[slot]!));
  }
  const { priceFromCents: from, priceToCents: to } = query;
  if (from !== undefined) tests.push((slot) => table.price[slot]! >= from);
  if (to !== undefined) tests.push((slot) => table.price[slot]! <= to);
  if (query.kinds?.length) {
    const kinds = new Set(query.kinds.map((kind) => table.kindCode(kind)));
    tests.push((slot) => kinds.has(table.kind[slot]!));
  }
  if (query.withImages) tests.push((slot) => table.images[slot] === 1);
  if (query.postedWithin) {
    const since = (nowMs - POSTED_WITHIN_DAYS[query.postedWithin] * 86_400_000) * 1000;
    tests.push((slot) => table.created[slot]! >= since);
  }
  for (const [key, min, max] of query.attributes?.ranges ?? []) {
    tests.push((slot) => {
      const value = table.fields[slot]?.numbers[key];
      return value !== undefined && (min === null || value >= min) && (max === null || value <= max);
    });
  }
  return (slot) => {
    for (const test of tests) if (!test(slot)) return false;
    return true;
  };
}

/** The listing's orders (listingOrder, the field sort's and the distance page's) over slots. */
function orderOf(table: AdTable, query: ListingQuery): Order {
  const { created, id, price, images } = table;
  const newest: Order = (a, b) => created[b]! - created[a]! || id[b]! - id[a]!;
  const field = FIELD_SORTS[query.sort as SortKey];
  if (field) {
    // The ads with the value by it (ties: the newer id first), then those without, newest first.
    const sign = field.direction === 'asc' ? 1 : -1;
    return (a, b) => {
      const va = table.fields[a]?.numbers[field.key];
      const vb = table.fields[b]?.numbers[field.key];
      if (va !== undefined && vb !== undefined) return sign * (va - vb) || id[b]! - id[a]!;
      if (va !== undefined) return -1;
      if (vb !== undefined) return 1;
      return newest(a, b);
    };
  }
  switch (query.sort) {
    case 'created_at_asc':
      return (a, b) => created[a]! - created[b]! || id[a]! - id[b]!;
    case 'price_asc':
      return (a, b) => price[a]! - price[b]! || id[a]! - id[b]!;
    case 'price_desc':
      return (a, b) => price[b]! - price[a]! || id[b]! - id[a]!;
    case 'image_desc':
      return (a, b) => images[b]! - images[a]! || newest(a, b);
    case 'image_asc':
      return (a, b) => images[a]! - images[b]! || newest(a, b);
    case 'distance_asc': {
      // The towns nearest first, each town's ads newest first; a town not in the list last.
      const rank = new Map((query.townOrder ?? []).map((town, index) => [town, index]));
      const rankOf = (slot: number) => rank.get(table.city[slot]!) ?? Number.MAX_SAFE_INTEGER;
      return (a, b) => rankOf(a) - rankOf(b) || newest(a, b);
    }
    case 'created_at_desc':
    case 'relevance':
    case 'year_desc':
    case 'year_asc':
    case 'mileage_asc':
    case 'mileage_desc':
      // (The field sorts returned above.)
      return newest;
  }
}

/**
 * The first `k` slots in an order, kept in a heap whose root is the worst of them: a page of 20
 * out of 300,000 matches costs a comparison each, not a sort of them all.
 */
class TopK {
  private readonly heap: number[] = [];
  constructor(
    private readonly k: number,
    private readonly order: Order,
  ) {}

  offer(slot: number): void {
    const { heap, k, order } = this;
    if (k <= 0) return;
    if (heap.length < k) {
      heap.push(slot);
      this.up(heap.length - 1);
    } else if (order(slot, heap[0]!) < 0) {
      heap[0] = slot;
      this.down(0);
    }
  }

  sorted(): number[] {
    return [...this.heap].sort(this.order);
  }

  /** Worse slots rise to the root. */
  private up(index: number): void {
    const { heap, order } = this;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (order(heap[index]!, heap[parent]!) <= 0) return;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
  }

  private down(index: number): void {
    const { heap, order } = this;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let worst = index;
      if (left < heap.length && order(heap[left]!, heap[worst]!) > 0) worst = left;
      if (right < heap.length && order(heap[right]!, heap[worst]!) > 0) worst = right;
      if (worst === index) return;
      [heap[index], heap[worst]] = [heap[worst]!, heap[index]!];
      index = worst;
    }
  }
}
