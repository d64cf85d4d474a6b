import { SORT_KEYS, type SortKey } from '../../../common/ad-rules';
import {
  type AttributeDefinition,
  type AttributeFilters,
  type NearOrigin,
  type PublicAttribute,
  activeAttributes,
  publicAttribute,
} from '../../../common/attributes';
import type { Locale } from '../../../common/locales';
import { DEFAULT_RADIUS_KM } from '../../../common/place';
import { attributeFiltersFor } from '../../../common/search-url';
import type { ListingParams } from './listing-params';

/** The listing body's filters of issue 26: the category's fields and the place with its radius. */
export interface FieldFilters {
  attributes?: AttributeFilters;
  near?: NearOrigin;
  radius_km?: number;
}

/** The fields a buyer filters by (texts are for reading, not filtering). */
export function filterFieldsOf(fields: readonly PublicAttribute[]): PublicAttribute[] {
  return fields.filter((field) => field.filter && field.type !== 'text');
}

/** Sorts that need a field of the catalog's, by the field's key. */
const SORT_FIELD: Partial<Record<SortKey, string>> = {
  year_desc: 'year',
  year_asc: 'year',
  mileage_asc: 'mileage_km',
  mileage_desc: 'mileage_km',
};

/**
 * The sorts the page offers: by year and mileage only in a catalog with those fields, nearest
 * first only near a place; the newest first is the default without words (so it is not offered twice).
 */
export function sortKeysOffered(params: Pick<ListingParams, 'q' | 'near' | 'nearCity'>, fields: readonly { key: string }[]): SortKey[] {
  const keys = new Set(fields.map((field) => field.key));
  return SORT_KEYS.filter((sort) => {
    if (sort === 'created_at_desc') return !!params.q;
    if (sort === 'distance_asc') return !!(params.near || params.nearCity);
    const field = SORT_FIELD[sort];
    return !field || keys.has(field);
  });
}

/** The URL's sort when the page offers it, else none (a link's stale sort is dropped quietly). */
export function offeredSort(params: ListingParams, fields: readonly { key: string }[]): SortKey | null {
  if (!params.sort || params.sort === 'created_at_desc') return params.sort;
  return sortKeysOffered(params, fields).includes(params.sort) ? params.sort : null;
}

/**
 * The catalog's filter fields in the reader's language, and the URL's field and place filters as
 * the listing body takes them (what the fields cannot take is dropped quietly).
 */
export function fieldFiltersOf(
  params: ListingParams,
  definitions: readonly AttributeDefinition[],
  locale: Locale,
): { filters: PublicAttribute[]; query: FieldFilters } {
  const filters = filterFieldsOf(activeAttributes(definitions).map((definition) => publicAttribute(definition, locale)));
  const attributes = attributeFiltersFor(params.attributes, filters);
  const near: NearOrigin | undefined = params.near
    ? { postal_code: params.near }
    : params.nearCity
      ? { city_id: params.nearCity }
      : undefined;
  return {
    filters,
    query: {
      ...(Object.keys(attributes).length ? { attributes } : {}),
      ...(near ? { near, radius_km: params.radius ?? DEFAULT_RADIUS_KM } : {}),
    },
  };
}
