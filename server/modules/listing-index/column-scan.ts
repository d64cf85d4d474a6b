import type { AdTable, Prefilter } from './ad-table.ts';
import { BLOCK, BLOCK_BITS, type PagedColumn } from './field-columns.ts';
import type { GeneralFilters, RangeCondition } from './slot-conditions.ts';

/**
 * A run of slots (a catalog's home, or the whole table) tested column by column (issue 26), block
 * by block of the fields' columns (4,096 slots): one pass over the ad's own columns (catalog, end,
 * and place, price, kind, pictures and date when asked) and the number ranges puts the slots still
 * in (a quarter of the cars in a range of years, say) in a list; each choice filter, the matches
 * and each facet's count are then a loop over that list, reading the block's array of the field
 * directly. A car search reads 100,000 cars' columns in a row instead of chasing a list of codes
 * per ad. The answers are those of the row-by-row tests in answer.ts (the tests hold the two to the
 * same pages, counts and facets).
 */

/** A query's conditions as the scan reads them (slot-conditions.ts `scanPlanOf`). */
export interface ScanPlan extends GeneralFilters {
  ranges: readonly RangeCondition[];
  /** Each choice filter: its field's column and the codes it accepts (1 at a code's place). */
  choices: readonly { column: PagedColumn<Int32Array>; accepts: Uint8Array }[];
  /** Each facet's field column and the index of its own choice filter (-1: none). */
  facets: readonly { column: PagedColumn<Int32Array>; chosen: number }[];
  /** The facets' counts by code. */
  counts: Int32Array;
}

/** The slots of a block that pass all but the choice filters, the last first. */
const alive = new Int32Array(BLOCK);
/** Their states: -1 passes every filter, c fails choice filter c only, OUT fails more. */
const states = new Int16Array(BLOCK);
const OUT = -2;

/**
 * Scans slots [start, end) (`catalogId`: only its ads; -1: the whole table, every catalog),
 * block by block of the fields' columns from the end, calling `match` with each slot that passes
 * every condition, the run's last slots first, and counting the facets.
 */
export function scanRun(
  table: AdTable,
  start: number,
  end: number,
  catalogId: number,
  where: Prefilter,
  plan: ScanPlan,
  match: (slot: number) => void,
): void {
  for (let to = end; to > start;) {
    const b = (to - 1) >>> BLOCK_BITS;
    const from = Math.max(start, b * BLOCK);
    scanBlock(table, b, from, to, catalogId, where, plan, match);
    to = from;
  }
}

const rangeValues: (Float64Array | undefined)[] = [];

/** Slots [from, to) of block `b`. */
function scanBlock(
  table: AdTable,
  b: number,
  from: number,
  to: number,
  catalogId: number,
  where: Prefilter,
  plan: ScanPlan,
  match: (slot: number) => void,
): void {
  const base = b * BLOCK;
  const { ranges } = plan;
  for (let r = 0; r < ranges.length; r++) {
    rangeValues[r] = ranges[r]!.column.block(b);
    // No ad of the block has the field: none is in its range.
    if (rangeValues[r] === undefined) return;
  }
  const n = passing(table, base, from, to, catalogId, where, plan);
  // The choice filters: a second failure puts the ad out (it counts for no facet).
  for (let c = 0; c < plan.choices.length; c++) {
    const { column, accepts } = plan.choices[c]!;
    const codes = column.block(b);
    for (let k = 0; k < n; k++) {
      const state = states[k]!;
      if (state === OUT) continue;
      const code = codes === undefined ? -1 : codes[alive[k]! - base]!;
      if (code >= 0 && accepts[code] === 1) continue;
      states[k] = state === -1 ? c : OUT;
    }
  }
  for (let k = 0; k < n; k++) if (states[k] === -1) match(alive[k]!);
  // Each facet counts the ads that pass every filter but, perhaps, its own field's.
  const { counts } = plan;
  for (const { column, chosen } of plan.facets) {
    const codes = column.block(b);
    if (codes === undefined) continue;
    for (let k = 0; k < n; k++) {
      const state = states[k]!;
      if (state !== -1 && state !== chosen) continue;
      const code = codes[alive[k]! - base]!;
      if (code >= 0) counts[code]!++;
    }
  }
}

/**
 * Puts the slots of [from, to) that pass every condition but the choice filters in `alive`, the
 * last first, each with state -1; returns how many. One pass over the ad's own columns and the
 * ranges' values (`rangeValues`, the block's).
 */
function passing(table: AdTable, base: number, from: number, to: number, catalogId: number, where: Prefilter, plan: ScanPlan): number {
  const { id, catalog, reserved, expires, city, region, price, kind, images, created } = table;
  const { cities, regions } = where;
  const places = cities !== undefined || regions !== undefined;
  const { priceFrom, priceTo, kinds, withImages, since, nowMs, ranges } = plan;
  const general = places || priceFrom > -Infinity || priceTo < Infinity || (kinds & 0xff) !== 0xff || withImages || since > -Infinity;
  let n = 0;
  next: for (let slot = to - 1; slot >= from; slot--) {
    if (id[slot] === 0 || (catalogId >= 0 && catalog[slot] !== catalogId)) continue;
    // Not ended: an active ad past its end leaves the listing; a reserved one stays (validity-sql.ts).
    if (reserved[slot] === 0 && expires[slot]! <= nowMs) continue;
    if (general) {
      if (places && cities?.[city[slot]!] !== 1 && regions?.[region[slot]!] !== 1) continue;
      const p = price[slot]!;
      if (p < priceFrom || p > priceTo || ((kinds >> kind[slot]!) & 1) === 0) continue;
      if ((withImages && images[slot] === 0) || created[slot]! < since) continue;
    }
    // No value (NaN) is in no range.
    for (let r = 0; r < ranges.length; r++) {
      const value = rangeValues[r]![slot - base]!;
      if (!(value >= ranges[r]!.min && value <= ranges[r]!.max)) continue next;
    }
    alive[n] = slot;
    states[n++] = -1;
  }
  return n;
}
