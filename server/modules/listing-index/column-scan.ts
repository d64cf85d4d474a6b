import type { AdTable, Prefilter } from './ad-table.ts';
import { BLOCK, BLOCK_BITS, type PagedColumn } from './field-columns.ts';

/**
 * A run of slots (a catalog's home, or the whole table) tested column by column (issue 26), in
 * chunks: a tight loop per condition of the ad's own columns (catalog, end, place, price, kind,
 * pictures, date) and per number range, each reading one column in a row; then the slots still in
 * (a quarter of the cars in a range of years, say) are read on through a list: each choice filter,
 * the matches, and each facet's count. A car search reads 100,000 cars' years in one loop instead
 * of every condition per ad. The answers are those of the row-by-row tests in answer.ts (the
 * tests hold the two to the same pages, counts and facets).
 */

/** A query's conditions as the scan reads them. */
export interface ScanPlan {
  priceFrom: number;
  priceTo: number;
  /** Bit k: kind code k is asked. */
  kinds: number;
  withImages: boolean;
  /** Created at or after (microseconds). */
  since: number;
  nowMs: number;
  ranges: readonly { column: PagedColumn<Float64Array>; min: number; max: number }[];
  /** Each choice filter: its field's column and the codes it accepts (1 at a code's place). */
  choices: readonly { column: PagedColumn<Int32Array>; accepts: Uint8Array }[];
  /** Each facet's field column and the index of its own choice filter (-1: none). */
  facets: readonly { column: PagedColumn<Int32Array>; chosen: number }[];
  /** The facets' counts by code. */
  counts: Int32Array;
}

/** Slots per chunk: the marks and the list fit in the cache. */
const CHUNK = 16_384;
/** Out: the slot fails a condition other than one choice filter. */
const OUT = -2;
/** Each slot's mark: -1 passes so far, OUT fails. */
const marks = new Int8Array(CHUNK);
/** The slots that pass all but the choice filters, the last first, and their states: -1 passes every filter, c fails choice filter c only, OUT fails more. */
const alive = new Int32Array(CHUNK);
const states = new Int16Array(CHUNK);

/**
 * Scans slots [start, end) (`catalogId`: only its ads; -1: those the prefilter's catalogs allow),
 * calling `match` with each slot that passes every condition, the run's last slots first, and
 * counting the facets.
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
  for (let to = end; to > start; to -= CHUNK) scanChunk(table, Math.max(start, to - CHUNK), to, catalogId, where, plan, match);
}

function scanChunk(
  table: AdTable,
  start: number,
  end: number,
  catalogId: number,
  where: Prefilter,
  plan: ScanPlan,
  match: (slot: number) => void,
): void {
  const { id, catalog, reserved, expires } = table;
  const { nowMs } = plan;
  // In the catalog (or the prefilter's catalogs) and not ended: an active ad past its end leaves
  // the listing; a reserved one stays (validity-sql.ts).
  if (catalogId >= 0) {
    for (let slot = start; slot < end; slot++) {
      const out = id[slot] === 0 || catalog[slot] !== catalogId || (reserved[slot] === 0 && expires[slot]! <= nowMs);
      marks[slot - start] = out ? OUT : -1;
    }
  } else {
    const { catalogs } = where;
    for (let slot = start; slot < end; slot++) {
      const out =
        id[slot] === 0 || (catalogs !== undefined && catalogs[catalog[slot]!] !== 1) || (reserved[slot] === 0 && expires[slot]! <= nowMs);
      marks[slot - start] = out ? OUT : -1;
    }
  }
  generalFilters(table, start, end, where, plan);
  for (const { column, min, max } of plan.ranges) inRange(column, start, end, min, max);
  // The few that pass so far (a quarter of the cars in a range of years, say) are read on by their slots.
  let n = 0;
  for (let slot = end - 1; slot >= start; slot--) {
    if (marks[slot - start] === OUT) continue;
    alive[n] = slot;
    states[n++] = -1;
  }
  // The choice filters: a second failure puts the ad out (it counts for no facet).
  plan.choices.forEach(({ column, accepts }, c) => {
    for (let k = 0; k < n; k++) {
      const state = states[k]!;
      if (state === OUT) continue;
      const code = column.get(alive[k]!);
      if (code >= 0 && accepts[code] === 1) continue;
      states[k] = state === -1 ? c : OUT;
    }
  });
  for (let k = 0; k < n; k++) if (states[k] === -1) match(alive[k]!);
  // Each facet counts the ads that pass every filter but, perhaps, its own field's.
  const { counts } = plan;
  for (const { column, chosen } of plan.facets) {
    for (let k = 0; k < n; k++) {
      const state = states[k]!;
      if (state !== -1 && state !== chosen) continue;
      const code = column.get(alive[k]!);
      if (code >= 0) counts[code]!++;
    }
  }
}

/** The filters a listing need not have (place, price, kind, pictures, posted since): a loop each, when asked. */
function generalFilters(table: AdTable, start: number, end: number, where: Prefilter, plan: ScanPlan): void {
  const { cities, regions } = where;
  if (cities !== undefined || regions !== undefined) {
    const { city, region } = table;
    for (let slot = start; slot < end; slot++) if (cities?.[city[slot]!] !== 1 && regions?.[region[slot]!] !== 1) marks[slot - start] = OUT;
  }
  const { priceFrom, priceTo, kinds, withImages, since } = plan;
  if (priceFrom > -Infinity || priceTo < Infinity) {
    const { price } = table;
    for (let slot = start; slot < end; slot++) if (!(price[slot]! >= priceFrom && price[slot]! <= priceTo)) marks[slot - start] = OUT;
  }
  if ((kinds & 0xff) !== 0xff) {
    const { kind } = table;
    for (let slot = start; slot < end; slot++) if (((kinds >> kind[slot]!) & 1) === 0) marks[slot - start] = OUT;
  }
  if (withImages) {
    const { images } = table;
    for (let slot = start; slot < end; slot++) if (images[slot] === 0) marks[slot - start] = OUT;
  }
  if (since > -Infinity) {
    const { created } = table;
    for (let slot = start; slot < end; slot++) if (created[slot]! < since) marks[slot - start] = OUT;
  }
}

/** A number range: no value (NaN) is in none. */
function inRange(column: PagedColumn<Float64Array>, start: number, end: number, min: number, max: number): void {
  for (let from = start; from < end;) {
    const b = from >>> BLOCK_BITS;
    const to = Math.min(end, (b + 1) * BLOCK);
    const values = column.block(b);
    if (values === undefined) marks.fill(OUT, from - start, to - start);
    else {
      const base = b * BLOCK;
      for (let slot = from; slot < to; slot++) {
        const value = values[slot - base]!;
        if (!(value >= min && value <= max)) marks[slot - start] = OUT;
      }
    }
    from = to;
  }
}
