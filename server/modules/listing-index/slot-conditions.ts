import type { Facets } from '../../../common/attributes.ts';
import { POSTED_WITHIN_DAYS } from '../../../common/listing-filters.ts';
import type { ListingQuery } from '../products/listing-query.ts';
import type { AdTable } from './ad-table.ts';
import type { ScanPlan } from './column-scan.ts';
import type { PagedColumn } from './field-columns.ts';

/**
 * A listing's conditions as the index tests them (answer.ts walks the slots), read once against the
 * table (`conditionsOf`): made of them, a test of a slot for the row-by-row walks, the plan of the
 * column scan (column-scan.ts), and the facets' counter. They mirror `listingConditions`
 * (products/listing-conditions.ts).
 */

/** The filters every listing may have, as bounds and masks. */
export interface GeneralFilters {
  priceFrom: number;
  priceTo: number;
  /** Bit k: kind code k is asked. */
  kinds: number;
  withImages: boolean;
  /** Created at or after (microseconds). */
  since: number;
  nowMs: number;
}

/** A number range over its field's column. */
export interface RangeCondition {
  column: PagedColumn<Float64Array>;
  min: number;
  max: number;
}

/** A query's conditions read once against the table; the tests and the scan's plan are made of them. */
export interface SlotConditions extends GeneralFilters {
  /** Undefined: a range's field is no ad's, so nothing matches. */
  ranges: RangeCondition[] | undefined;
  /** Each choice filter: the codes it accepts (1 at a code's place), and its field's column when it has one. */
  choices: { accepts: Uint8Array; column: PagedColumn<Int32Array> | undefined }[];
}

export function conditionsOf(table: AdTable, query: ListingQuery, nowMs: number): SlotConditions {
  const ranges = (query.attributes?.ranges ?? []).map(([key, min, max]) => ({
    column: table.numbers.column(table.numberKey(key)),
    min: min ?? -Infinity,
    max: max ?? Infinity,
  }));
  return {
    priceFrom: query.priceFromCents ?? -Infinity,
    priceTo: query.priceToCents ?? Infinity,
    kinds: query.kinds?.length ? query.kinds.reduce((mask, k) => mask | (1 << table.kindCode(k)), 0) : 0xff,
    withImages: query.withImages === true,
    since: query.postedWithin ? (nowMs - POSTED_WITHIN_DAYS[query.postedWithin] * 86_400_000) * 1000 : -Infinity,
    nowMs,
    ranges: ranges.every((range) => range.column !== undefined) ? (ranges as RangeCondition[]) : undefined,
    choices: (query.attributes?.choices ?? []).map(([key, values]) => {
      const accepts = new Uint8Array(table.codeCount);
      for (const value of values) {
        const code = table.codeOf(`${key}=${value}`);
        if (code >= 0) accepts[code] = 1;
      }
      return { accepts, column: table.choiceColumns.column(key) };
    }),
  };
}

/**
 * Every condition but catalog and place (the walk's prefilter) and the choice filters (counted
 * apart for the facets), as one test of a slot.
 */
export function baseFilter(table: AdTable, conditions: SlotConditions): (slot: number) => boolean {
  const { price, kind, images, created, expires, reserved } = table;
  const { priceFrom, priceTo, kinds, withImages, since, nowMs, ranges } = conditions;
  // A field no ad has: nothing is in its range.
  if (!ranges) return () => false;
  const rangeColumns = ranges.map((range) => range.column);
  const bounds = Float64Array.from(ranges.flatMap((range) => [range.min, range.max]));
  return (slot) => {
    const p = price[slot]!;
    if (p < priceFrom || p > priceTo) return false;
    if (((kinds >> kind[slot]!) & 1) === 0) return false;
    if (withImages && images[slot] === 0) return false;
    if (created[slot]! < since) return false;
    // Not ended: an active ad past its end leaves the listing; a reserved one stays (validity-sql.ts).
    if (reserved[slot] === 0 && expires[slot]! <= nowMs) return false;
    for (let r = 0; r < rangeColumns.length; r++) {
      // NaN (no value) is in no range.
      const value = rangeColumns[r]!.get(slot);
      if (!(value >= bounds[2 * r]! && value <= bounds[2 * r + 1]!)) return false;
    }
    return true;
  };
}

/**
 * The query as a scan of columns reads it, or undefined when a filter or a facet has no column
 * (a field of several choices: the row-by-row tests answer) or a range's field is no ad's.
 */
export function scanPlanOf(conditions: SlotConditions, facets: FacetCounter | undefined): ScanPlan | undefined {
  const { ranges, choices } = conditions;
  if (!ranges || choices.some((choice) => !choice.column) || facets?.fromCodes) return undefined;
  return {
    ...conditions,
    ranges,
    choices: choices as ScanPlan['choices'],
    facets: (facets?.columns ?? []) as ScanPlan['facets'],
    counts: facets?.counts ?? new Int32Array(0),
  };
}

/**
 * Which choice filter a slot fails: none (-1), exactly one (its index, for that field's facet) or
 * several (-2). A filter accepts any of its values (the search document's `§akey=value` lexemes):
 * one read of the field's column, or, for a field of several choices, a look through the ad's codes.
 */
export function choiceFilter(table: AdTable, conditions: SlotConditions): (slot: number) => number {
  const filters = conditions.choices;
  if (!filters.length) return () => -1;
  const { data, start, length } = table.choices;
  const accepted = (slot: number, c: number): boolean => {
    const { accepts, column } = filters[c]!;
    if (column) {
      const code = column.get(slot);
      return code >= 0 && accepts[code] === 1;
    }
    const end = start[slot]! + length[slot]!;
    for (let i = start[slot]!; i < end; i++) if (accepts[data[i]!] === 1) return true;
    return false;
  };
  return (slot) => {
    let failed = -1;
    for (let c = 0; c < filters.length; c++) {
      if (accepted(slot, c)) continue;
      if (failed !== -1) return -2;
      failed = c;
    }
    return failed;
  };
}

/**
 * The facets: per requested field, how many ads have each value among those every other filter
 * leaves (an ad failing only this field's own filter counts for it).
 */
export type FacetCounter = ReturnType<typeof facetCounter>;

export function facetCounter(table: AdTable, query: ListingQuery) {
  const fields = query.facets ?? [];
  const choiceKeys = (query.attributes?.choices ?? []).map(([key]) => key);
  const fieldOfCode = new Int16Array(table.codeCount).fill(-1);
  const fieldIndex = new Map(fields.map((field, f) => [field.key, f]));
  table.keyOfCode.forEach((key, code) => (fieldOfCode[code] = fieldIndex.get(key) ?? -1));
  const counts = new Int32Array(table.codeCount);
  const { data, start, length } = table.facets;
  // The fields of one value an ad are read from their columns; the others from the ad's codes.
  const columns = fields.map((field) => ({ column: table.facetColumns.column(field.key), chosen: choiceKeys.indexOf(field.key) }));
  const fromCodes = columns.some(({ column }) => column === undefined);
  for (let code = 0; code < fieldOfCode.length; code++)
    if (fieldOfCode[code]! >= 0 && columns[fieldOfCode[code]!]!.column) fieldOfCode[code] = -1;
  return {
    columns,
    fromCodes,
    counts,
    count(slot: number, failed: number): void {
      for (let f = 0; f < columns.length; f++) {
        const { column, chosen } = columns[f]!;
        if (column === undefined || (failed !== -1 && failed !== chosen)) continue;
        const code = column.get(slot);
        if (code >= 0) counts[code]!++;
      }
      if (!fromCodes) return;
      const end = start[slot]! + length[slot]!;
      for (let i = start[slot]!; i < end; i++) {
        const f = fieldOfCode[data[i]!]!;
        if (f >= 0 && (failed === -1 || failed === columns[f]!.chosen)) counts[data[i]!]!++;
      }
    },
    result(): Facets {
      const facets: Facets = {};
      for (const field of fields) {
        const countOf = (value: string) => {
          const code = table.codeOf(`${field.key}=${value}`);
          return code >= 0 ? counts[code]! : 0;
        };
        facets[field.key] = field.options.filter((value) => countOf(value) > 0).map((value) => ({ value, count: countOf(value) }));
      }
      return facets;
    },
  };
}
