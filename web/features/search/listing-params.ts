import { type AdKind, MAX_PAGE, MAX_QUERY_LENGTH, SORT_KEYS, type SortKey, isAdKind, parsePriceCents } from '../../../common/ad-rules';
import type { AttributeFilters, RadiusKm } from '../../../common/attributes';
import type { Locale } from '../../../common/locales';
import { FILTER_PRICE_MAX, type PostedWithin, isPostedWithin } from '../../../common/listing-filters';
import {
  ATTRIBUTE_PARAM_PREFIX,
  NEAR_CITY_PARAM,
  NEAR_PARAM,
  POSTAL_CODE_PATTERN,
  RADIUS_PARAM,
  isRadiusKm,
  readAttributeParams,
} from '../../../common/search-url';
import { tidyBound } from './attribute-numbers';

export type ViewMode = 'card' | 'list';

/** The state of a search, as it lives in the page URL (so it can be bookmarked, shared and gone back to). */
export interface ListingParams {
  q: string;
  region: number | null;
  city: number | null;
  /** A place typed by name where no region or city id came (the form before scripts load): resolved by the loader. */
  place: string;
  catalog: number | null;
  sort: SortKey | null;
  page: number;
  view: ViewMode;
  /** Euros. */
  priceFrom: number | null;
  priceTo: number | null;
  kind: AdKind | null;
  /** Only ads with pictures. */
  images: boolean;
  posted: PostedWithin | null;
  /** The category fields' filters (`a.*`), as written; the loader keeps what the catalog's fields can take. */
  attributes: AttributeFilters;
  /** Near a postal code's municipality… */
  near: string | null;
  /** …or near a municipality (what "near me" picks); the postal code wins when both come. */
  nearCity: number | null;
  /** Only with near: the radius chosen (the API's default, 25 km, when none is). */
  radius: RadiusKm | null;
}

/** The URL's names of the filters (the search text, sort, page and view are not filters); the fields' `a.*` come on top. */
export const FILTER_PARAMS = [
  'region',
  'city',
  'place',
  'catalog',
  'price_from',
  'price_to',
  'kind',
  'images',
  'posted',
  NEAR_PARAM,
  NEAR_CITY_PARAM,
  RADIUS_PARAM,
] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number] | `${typeof ATTRIBUTE_PARAM_PREFIX}${string}`;

function positiveInt(value: string | null, max = 2_000_000_000): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** A price as people type it ("1 200", "12,50") in euros; anything else, or beyond any ad's price, is no filter. */
function priceParam(value: string | null): number | null {
  if (!value?.trim()) return null;
  const cents = parsePriceCents(value.slice(0, 40));
  return cents === undefined || cents / 100 > FILTER_PRICE_MAX ? null : cents / 100;
}

/** Reads the search from the URL; anything malformed is simply ignored (a page never fails on a bad link). */
export function parseListingParams(url: URL, viewCookie?: string): ListingParams {
  const get = (key: string) => url.searchParams.get(key);
  const sort = get('sort');
  const view = get('view') ?? viewCookie;
  const kind = get('kind');
  const posted = get('posted');
  const region = positiveInt(get('region'));
  const city = positiveInt(get('city'));
  const near = POSTAL_CODE_PATTERN.test(get(NEAR_PARAM) ?? '') ? get(NEAR_PARAM) : null;
  const nearCity = near ? null : positiveInt(get(NEAR_CITY_PARAM));
  const radius = Number(get(RADIUS_PARAM));
  return {
    q: (get('q') ?? '').slice(0, MAX_QUERY_LENGTH).trim(),
    region,
    city,
    place: region || city ? '' : (get('place') ?? '').slice(0, 100).trim(),
    catalog: positiveInt(get('catalog')),
    // Nearest first means nothing without a place to be near.
    sort: (SORT_KEYS as readonly string[]).includes(sort ?? '') && (sort !== 'distance_asc' || near || nearCity) ? (sort as SortKey) : null,
    page: positiveInt(get('page'), MAX_PAGE) ?? 1,
    view: view === 'list' ? 'list' : 'card',
    priceFrom: priceParam(get('price_from')),
    priceTo: priceParam(get('price_to')),
    kind: isAdKind(kind) ? kind : null,
    images: get('images') === '1',
    posted: isPostedWithin(posted) ? posted : null,
    attributes: readAttributeParams(url.searchParams),
    near,
    nearCity,
    radius: (near || nearCity) && isRadiusKm(radius) ? radius : null,
  };
}

/** Which filters are on; the catalog only where it is a choice (not a catalog page's own). */
export function activeFilters(params: ListingParams, fixedCatalog = false): FilterParam[] {
  const on: FilterParam[] = [];
  if (params.region) on.push('region');
  if (params.city) on.push('city');
  if (params.place) on.push('place');
  if (params.catalog && !fixedCatalog) on.push('catalog');
  if (params.priceFrom !== null) on.push('price_from');
  if (params.priceTo !== null) on.push('price_to');
  if (params.kind) on.push('kind');
  if (params.images) on.push('images');
  if (params.posted) on.push('posted');
  if (params.near) on.push(NEAR_PARAM);
  if (params.nearCity) on.push(NEAR_CITY_PARAM);
  for (const key of Object.keys(params.attributes)) on.push(`${ATTRIBUTE_PARAM_PREFIX}${key}`);
  return on;
}

/**
 * Is this a search (words, filters or a later page) rather than the page itself? Such pages are
 * not documents of their own for search engines: noindex, and the canonical stays the bare page.
 */
export function isSearch(params: ListingParams): boolean {
  return !!params.q || params.page > 1 || activeFilters(params).length > 0;
}

/** The query string without some filters (and without the page: the results change); "" when nothing is left. */
export function searchWithout(search: string, keys: readonly string[]): string {
  const next = new URLSearchParams(search);
  for (const key of [...keys, 'page']) next.delete(key);
  // Without a place, nearest first and the radius mean nothing.
  if (!next.has(NEAR_PARAM) && !next.has(NEAR_CITY_PARAM)) {
    next.delete(RADIUS_PARAM);
    if (next.get('sort') === 'distance_asc') next.delete('sort');
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** The URL names of a field's filter: its choices or yes/no, and its range's ends. */
export function attributeParamNames(key: string): string[] {
  const name = `${ATTRIBUTE_PARAM_PREFIX}${key}`;
  return [name, `${name}.min`, `${name}.max`];
}

/** "Clear all": every filter off, the fields' too; the words, the sort and the view stay. */
export function searchWithoutFilters(search: string): string {
  const fields = [...new URLSearchParams(search).keys()].filter((key) => key.startsWith(ATTRIBUTE_PARAM_PREFIX));
  return searchWithout(search, [...FILTER_PARAMS, ...fields]);
}

/**
 * A submitted filter form as the URL writes it: a field's ticked choices as one comma list
 * (`a.fuel=hybrid,diesel`, where a form sends the name once per box) and bounds as plain numbers
 * (what the inputs show in the reader's conventions, "180 000" or "180,000", is 180000). The page
 * reads either form; a bound that is no number is left for the page to drop.
 */
export function tidySearch(values: URLSearchParams, locale: Locale): URLSearchParams {
  const tidy = new URLSearchParams();
  for (const [key, value] of values) {
    if (!key.startsWith(ATTRIBUTE_PARAM_PREFIX)) tidy.append(key, value);
    else if (/\.(min|max)$/u.test(key)) tidy.set(key, String(tidyBound(value, locale) ?? value));
    else if (!tidy.has(key)) tidy.set(key, values.getAll(key).join(','));
  }
  return tidy;
}
