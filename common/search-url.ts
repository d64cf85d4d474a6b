/**
 * The results page's address for a search given as the listing's filter object (the body of
 * POST /api/products): what a saved search opens. The inverse of the page's own reading of its
 * URL (web/features/search/listing-params.ts), whose names it writes. The page takes one region,
 * city, catalog and kind, so a list gives its first.
 *
 * The category fields' and the place's names live here, written and read by the same code:
 * `a.<key>=v1,v2` (choices), `a.<key>=1|0` (yes/no), `a.<key>.min` / `a.<key>.max` (numbers, or
 * days as YYYY-MM-DD), `near=<postal code>` or `near_city=<id>`, and `radius=<km>`.
 */
import type { AdKind } from './ad-rules.ts';
import {
  ATTRIBUTE_KEY_PATTERN,
  type AttributeFilter,
  type AttributeFilters,
  type AttributeType,
  type NearOrigin,
  OPTION_VALUE_PATTERN,
  RADIUS_KM,
  type RadiusKm,
  dayNumber,
} from './attributes.ts';
import type { PostedWithin } from './listing-filters.ts';
import { DEFAULT_RADIUS_KM } from './place.ts';

export interface SearchFilters {
  name?: string;
  catalogs?: number[];
  regions?: number[];
  cities?: number[];
  price_from?: number;
  price_to?: number;
  kinds?: AdKind[];
  with_images?: boolean;
  posted_within?: PostedWithin;
  attributes?: AttributeFilters;
  near?: NearOrigin;
  radius_km?: number;
}

/** A category field's parameters start with this: `a.year.min`, `a.fuel`. */
export const ATTRIBUTE_PARAM_PREFIX = 'a.';
/** Near a postal code's municipality, or near a municipality (what "near me" picks), within a radius. */
export const NEAR_PARAM = 'near';
export const NEAR_CITY_PARAM = 'near_city';
export const RADIUS_PARAM = 'radius';
/** A Finnish postal code: five digits. */
export const POSTAL_CODE_PATTERN = /^\d{5}$/u;
/** A URL carries at most this many field filters, and a choice filter this many values (the rest is ignored). */
const ATTRIBUTE_PARAMS_MAX = 40;
const CHOICE_VALUES_MAX = 200;

export function isRadiusKm(value: unknown): value is RadiusKm {
  return (RADIUS_KM as readonly unknown[]).includes(value);
}

/** The `a.*` parameters of field filters, in the order of the object. */
export function attributeParamsOf(filters: AttributeFilters): [string, string][] {
  const entries: [string, string][] = [];
  for (const [key, filter] of Object.entries(filters)) {
    const name = `${ATTRIBUTE_PARAM_PREFIX}${key}`;
    if (typeof filter === 'boolean') entries.push([name, filter ? '1' : '0']);
    else if (Array.isArray(filter)) {
      if (filter.length) entries.push([name, filter.join(',')]);
    } else {
      if (filter.min !== undefined) entries.push([`${name}.min`, String(filter.min)]);
      if (filter.max !== undefined) entries.push([`${name}.max`, String(filter.max)]);
    }
  }
  return entries;
}

/** The place parameters; a position (lat/lon) never goes into an address. */
export function nearParamsOf(near: NearOrigin | undefined, radiusKm: number | undefined): [string, string][] {
  if (!near) return [];
  let origin: [string, string];
  if ('postal_code' in near) origin = [NEAR_PARAM, near.postal_code];
  else if ('city_id' in near) origin = [NEAR_CITY_PARAM, String(near.city_id)];
  else return [];
  return radiusKm !== undefined && radiusKm !== DEFAULT_RADIUS_KM ? [origin, [RADIUS_PARAM, String(radiusKm)]] : [origin];
}

export function searchPathOf(filters: SearchFilters): string {
  const params = new URLSearchParams();
  const text = filters.name?.trim();
  if (text) params.set('q', text);
  if (filters.catalogs?.[0]) params.set('catalog', String(filters.catalogs[0]));
  if (filters.regions?.[0]) params.set('region', String(filters.regions[0]));
  if (filters.cities?.[0]) params.set('city', String(filters.cities[0]));
  if (filters.price_from !== undefined) params.set('price_from', String(filters.price_from));
  if (filters.price_to !== undefined) params.set('price_to', String(filters.price_to));
  if (filters.kinds?.[0]) params.set('kind', filters.kinds[0]);
  if (filters.with_images) params.set('images', '1');
  if (filters.posted_within) params.set('posted', filters.posted_within);
  for (const [name, value] of nearParamsOf(filters.near, filters.radius_km)) params.set(name, value);
  for (const [name, value] of attributeParamsOf(filters.attributes ?? {})) params.set(name, value);
  const search = params.toString();
  return search ? `/?${search}` : '/';
}

/** A bound as people type it ("180 000", "1,5") or a day (YYYY-MM-DD); anything else is no bound. */
function boundOf(value: string): number | string | undefined {
  const tidy = value.replace(/[\s\u00a0\u202f]/gu, '').replace(',', '.');
  if (/^-?\d{1,13}(\.\d{1,6})?$/u.test(tidy)) return Number(tidy);
  return dayNumber(tidy) === undefined ? undefined : tidy;
}

/**
 * The field filters of an address as written, before anyone knows the catalog's fields: choice
 * values (repeated parameters, as a form without scripts sends them, or one comma list) and
 * bounds. Malformed keys, values and bounds are left out. Which keys the catalog has, and whether
 * `1` means yes, is for `attributeFiltersFor`.
 */
export function readAttributeParams(params: URLSearchParams): AttributeFilters {
  const filters: Record<string, { values?: string[]; min?: number | string; max?: number | string }> = {};
  for (const [name, value] of params) {
    if (!name.startsWith(ATTRIBUTE_PARAM_PREFIX)) continue;
    const [key, bound, ...rest] = name.slice(ATTRIBUTE_PARAM_PREFIX.length).split('.');
    if (!key || !ATTRIBUTE_KEY_PATTERN.test(key) || rest.length > 0) continue;
    if (!filters[key] && Object.keys(filters).length >= ATTRIBUTE_PARAMS_MAX) continue;
    const filter = (filters[key] ??= {});
    if (bound === 'min' || bound === 'max') {
      const parsed = boundOf(value.slice(0, 40));
      if (parsed !== undefined) filter[bound] = parsed;
    } else if (bound === undefined) {
      const values = value.split(',').map((v) => v.trim());
      filter.values = [...new Set([...(filter.values ?? []), ...values.filter((v) => OPTION_VALUE_PATTERN.test(v))])].slice(
        0,
        CHOICE_VALUES_MAX,
      );
    }
  }
  const read: AttributeFilters = {};
  for (const [key, { values, min, max }] of Object.entries(filters)) {
    // A key given both as values and as a range is malformed: which was meant is unknown.
    if (values?.length && min === undefined && max === undefined) read[key] = values;
    else if (!values && (min !== undefined || max !== undefined)) {
      read[key] = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    }
  }
  return read;
}

/** What the page needs of a field to read its filter: a definition or the public API's answer. */
export interface FilterField {
  key: string;
  type: AttributeType;
  min?: number;
  max?: number;
  decimals: number;
  options?: readonly { value: string }[];
}

function inBounds(field: FilterField, value: number | string): boolean {
  if (field.type === 'date') {
    if (typeof value !== 'string') return false;
    // A date field's bounds are years (an inspection valid until 2020–2040).
    const year = Number(value.slice(0, 4));
    return (field.min === undefined || year >= field.min) && (field.max === undefined || year <= field.max);
  }
  if (typeof value !== 'number') return false;
  const scaled = value * 10 ** field.decimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) return false;
  return (field.min === undefined || value >= field.min) && (field.max === undefined || value <= field.max);
}

function filterFor(field: FilterField, filter: AttributeFilter): AttributeFilter | undefined {
  switch (field.type) {
    case 'boolean':
      if (!Array.isArray(filter) || filter.length !== 1) return undefined;
      return filter[0] === '1' ? true : filter[0] === '0' ? false : undefined;
    case 'choice':
    case 'choices': {
      if (!Array.isArray(filter)) return undefined;
      const options = new Set(field.options?.map((o) => o.value));
      const values = filter.filter((v) => options.has(v));
      return values.length ? values : undefined;
    }
    case 'number':
    case 'date': {
      if (Array.isArray(filter) || typeof filter === 'boolean') return undefined;
      const min = filter.min !== undefined && inBounds(field, filter.min) ? filter.min : undefined;
      const max = filter.max !== undefined && inBounds(field, filter.max) ? filter.max : undefined;
      if (min === undefined && max === undefined) return undefined;
      return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    }
    case 'text':
      return undefined;
  }
}

/**
 * The address's field filters that the catalog's filter fields can take, in the API's shape:
 * `1`/`0` become yes/no, choices keep only the field's options, bounds must fit the field. A key
 * the catalog does not filter by, or a value it cannot have, is dropped quietly (the page never
 * fails on a bad link; the API's 422 is for API clients).
 */
export function attributeFiltersFor(read: AttributeFilters, fields: readonly FilterField[]): AttributeFilters {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const filters: AttributeFilters = {};
  for (const [key, filter] of Object.entries(read)) {
    const field = byKey.get(key);
    const kept = field && filterFor(field, filter);
    if (kept !== undefined) filters[key] = kept;
  }
  return filters;
}
