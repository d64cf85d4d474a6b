import type { Facets } from '../../../common/attributes.ts';
import type { SortKey } from '../../../common/ad-rules.ts';
import type { ListingQuery } from '../products/listing-query.ts';
import { FIELD_SORTS } from '../products/field-sort-page.ts';
import type { AdTable, Prefilter } from './ad-table.ts';
import { scanRun } from './column-scan.ts';
import { baseFilter, choiceFilter, conditionsOf, facetCounter, scanPlanOf } from './slot-conditions.ts';
import { type Order, TopK } from './top-k.ts';

/**
 * A listing without words answered from the ads in memory (ad-table.ts): the same conditions as
 * `listingConditions` (products/listing-conditions.ts), the same orders as `listingOrder` and the
 * field and distance pages, and the facets counted exactly. The index test holds the two to the
 * same answers.
 *
 * Sorted by date (or pictures first), without facets, the walk goes newest first and stops once it
 * has the page and `countCap` matches: a broad listing reads a few thousand slots. Other sorts, and
 * any listing with facets, walk every ad once, keeping the page in a heap.
 */

export interface IndexAnswer {
  /** The page's ad ids in order. */
  ids: number[];
  /** How many ads match: all of them, or at least `countCap` when the walk stopped early. */
  matched: number;
  facets?: Facets;
}

/**
 * A town's ads read in the newest-first order cost about this many times fewer per slot than
 * through its own set: the walk goes that way when it reads fewer than this many times the town's ads.
 */
const ORDERED_WALK_GAIN = 4;
/** Catalogs with at most this many ads are walked through their own slots, not in date order. */
const SMALL_CATALOGS = 50_000;
/**
 * An ad reached through a choice's postings costs about this many ads scanned column by column
 * (a set's order, every test per ad): the postings are walked when they are this much fewer.
 */
const POSTED_AD_COST = 8;

export function answerQuery(
  table: AdTable,
  query: ListingQuery,
  nowMs: number,
  countCap: number,
  smallCatalogs = SMALL_CATALOGS,
): IndexAnswer {
  // Catalog and place are tested in the table's own loops; the rest per ad that passes them.
  const where: Prefilter = { catalogs: lookup(query.catalogIds), cities: lookup(query.cityIds), regions: lookup(query.regionIds) };
  const conditions = conditionsOf(table, query, nowMs);
  const pass = baseFilter(table, conditions);
  const failedChoice = choiceFilter(table, conditions);
  const facets = query.facets?.length ? facetCounter(table, query) : undefined;
  const end = query.offset + query.limit;
  let matched = 0;

  // Newest first (or pictures first, then newest), no facets: walk in order and stop early —
  // unless the catalogs are small, when walking their own ads is quicker than passing the others.
  const small = query.catalogIds.length > 0 && table.catalogSize(query.catalogIds) <= smallCatalogs;
  const walks = facets || small ? undefined : orderedWalks(query.sort);
  if (walks) {
    const ids: number[] = [];
    for (const images of walks) {
      table.walkNewest((slot) => {
        if (images !== undefined && table.images[slot] !== images) return true;
        if (!pass(slot) || failedChoice(slot) !== -1) return true;
        if (matched >= query.offset && matched < end) ids.push(table.id[slot]!);
        matched++;
        return matched < Math.max(end, countCap);
      }, where);
      if (matched >= Math.max(end, countCap)) break;
    }
    return { ids, matched };
  }

  if (!facets && nearestTownsFirst(query)) return byTown(table, query, pass, failedChoice, where.catalogs, countCap);

  const top = new TopK(end, orderOf(table, query));
  const visit = (slot: number) => {
    if (!pass(slot)) return;
    const failed = failedChoice(slot);
    if (failed === -2) return;
    if (failed === -1) {
      matched++;
      top.offer(slot);
    }
    facets?.count(slot, failed);
  };
  const posted = postedLists(table, query, facets !== undefined);
  const scan = posted ? undefined : scanPlanOf(conditions, facets);
  if (posted) table.forEachPosted(visit, where, posted);
  else if (scan) {
    // The catalogs' homes column by column, their strays one by one.
    const match = (slot: number) => {
      matched++;
      top.offer(slot);
    };
    table.forEachRun(query.catalogIds, where, (start, end, catalogId) => scanRun(table, start, end, catalogId, where, scan, match), visit);
  } else table.forEachSlot(visit, where, query.catalogIds);
  const ids = top
    .sorted()
    .slice(query.offset)
    .map((slot) => table.id[slot]!);
  return facets ? { ids, matched, facets: facets.result() } : { ids, matched };
}

/** A distance sort the towns' own slots answer: every town asked is in the nearest-first list. */
function nearestTownsFirst(query: ListingQuery): boolean {
  if (query.sort !== 'distance_asc' || query.regionIds.length || !query.cityIds.length || !query.townOrder?.length) return false;
  const towns = new Set(query.townOrder);
  return query.cityIds.every((id) => towns.has(id));
}

/**
 * The distance sort's page as the SQL's distance page makes it: the towns nearest first, each
 * town's ads newest first, read until the page is full and the count has reached its cap. A town
 * with a good share of the ads (the nearest is often a city) is read through the newest-first
 * order, stopping there; a small one through its own slots, whole.
 */
function byTown(
  table: AdTable,
  query: ListingQuery,
  pass: (slot: number) => boolean,
  failedChoice: (slot: number) => number,
  catalogs: Uint8Array | undefined,
  countCap: number,
): IndexAnswer {
  const end = query.offset + query.limit;
  const asked = new Set(query.cityIds);
  const page: number[] = [];
  let matched = 0;
  const matches = (slot: number) => pass(slot) && failedChoice(slot) === -1;
  for (const town of new Set(query.townOrder)) {
    if (!asked.has(town)) continue;
    const slots = table.townSlots(town);
    if (!slots?.size) continue;
    // The newest-first walk reads about this many slots to fill the page and the count from the town.
    const wanted = Math.max(end - page.length, countCap - matched);
    if ((wanted * table.count) / slots.size < slots.size * ORDERED_WALK_GAIN) {
      const want = end - page.length;
      let taken = 0;
      table.walkNewest(
        (slot) => {
          if (!matches(slot)) return true;
          if (taken++ < want) page.push(slot);
          matched++;
          return taken < want || matched < countCap;
        },
        { catalogs, cities: lookup([town]) },
      );
    } else {
      const top = page.length < end ? new TopK(end - page.length, (a, b) => table.newer(a, b)) : undefined;
      slots.forEach((slot) => {
        if (catalogs !== undefined && catalogs[table.catalog[slot]!] !== 1) return;
        if (!matches(slot)) return;
        matched++;
        top?.offer(slot);
      });
      if (top) page.push(...top.sorted());
    }
    if (page.length >= end && matched >= countCap) break;
  }
  return { ids: page.slice(query.offset).map((slot) => table.id[slot]!), matched };
}

/**
 * The choice codes whose ads are enough to walk, when they are fewer than the catalogs' ads: a
 * match passes every choice filter, so the rarest filter's ads hold them all; with facets, an ad
 * counted fails at most one filter, so it has a value of one of the two rarest.
 */
function postedLists(table: AdTable, query: ListingQuery, withFacets: boolean): number[][] | undefined {
  const choices = query.attributes?.choices ?? [];
  const needed = withFacets ? 2 : 1;
  if (choices.length < needed) return undefined;
  const lists = choices
    .map(([key, values]) => values.map((value) => table.codeOf(`${key}=${value}`)).filter((code) => code >= 0))
    .map((codes) => ({ codes, size: table.postingSize(codes) }))
    .sort((a, b) => a.size - b.size)
    .slice(0, needed);
  const walked = lists.reduce((n, list) => n + list.size, 0);
  const whole = query.catalogIds.length ? table.catalogSize(query.catalogIds) : table.count;
  return walked * POSTED_AD_COST < whole ? lists.map((list) => list.codes) : undefined;
}

/** The walks of a sort that can stop early: pictures first is two walks (1, then 0); undefined: cannot. */
function orderedWalks(sort: ListingQuery['sort']): (number | undefined)[] | undefined {
  if (sort === 'created_at_desc' || sort === 'relevance') return [undefined];
  if (sort === 'image_desc') return [1, 0];
  if (sort === 'image_asc') return [0, 1];
  return undefined;
}

/** A lookup of ids: 1 at each id's place. */
function lookup(ids: readonly number[]): Uint8Array | undefined {
  if (!ids.length) return undefined;
  const table = new Uint8Array(Math.max(...ids) + 1);
  for (const id of ids) table[id] = 1;
  return table;
}

/** The listing's orders (listingOrder, the field sort's and the distance page's) over slots. */
function orderOf(table: AdTable, query: ListingQuery): Order {
  const { created, id, price, images } = table;
  const newest: Order = (a, b) => created[b]! - created[a]! || id[b]! - id[a]!;
  const field = FIELD_SORTS[query.sort as SortKey];
  if (field) {
    // The ads with the value by it (ties: the newer id first), then those without, newest first.
    const sign = field.direction === 'asc' ? 1 : -1;
    const key = table.numberKey(field.key);
    return (a, b) => {
      const va = table.numberOf(a, key);
      const vb = table.numberOf(b, key);
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
      const towns = query.townOrder ?? [];
      const rank = new Int32Array(Math.max(0, ...towns) + 1).fill(towns.length);
      towns.forEach((town, index) => (rank[town] = Math.min(rank[town]!, index)));
      const rankOf = (slot: number) => rank[table.city[slot]!] ?? towns.length;
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
