import type { Locale } from '../../../common/locales';
import type { SavedSearchQuery } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';

/** Names for the ids a search holds (catalogs, regions, cities), in the reader's language. */
export interface PlaceAndCatalogNames {
  catalogs: Record<number, string>;
  regions: Record<number, string>;
  cities: Record<number, string>;
}

export const NO_NAMES: PlaceAndCatalogNames = { catalogs: {}, regions: {}, cities: {} };

type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * A search's filters as short phrases ("“jopo”", "Bikes", "Tampere", "€50–€200"), for its summary
 * and the name the save dialog suggests. Filters this does not know yet are simply not described.
 */
export function describeQuery(query: SavedSearchQuery, names: PlaceAndCatalogNames, t: Translate, locale: string): string[] {
  const parts: string[] = [];
  const price = (euros: number) => formatPrice(euros, locale as Locale);
  const named = (ids: number[] | undefined, table: Record<number, string>) =>
    (ids ?? []).map((id) => table[id]).filter((name): name is string => !!name);
  if (query.name) parts.push(`“${query.name}”`);
  parts.push(...named(query.catalogs, names.catalogs));
  parts.push(...named(query.cities, names.cities));
  parts.push(...named(query.regions, names.regions));
  if (query.price_from !== undefined && query.price_to !== undefined)
    parts.push(t('search.chip_price_range', { from: price(query.price_from), to: price(query.price_to) }));
  else if (query.price_from !== undefined) parts.push(t('search.chip_price_from', { price: price(query.price_from) }));
  else if (query.price_to !== undefined) parts.push(t('search.chip_price_to', { price: price(query.price_to) }));
  for (const kind of query.kinds ?? []) parts.push(t(`ad_kinds.${kind}`));
  if (query.posted_within) parts.push(t(`search.posted.${query.posted_within}`));
  if (query.with_images) parts.push(t('search.with_images'));
  return parts;
}

/** What a listing page already has to name its filters' catalogs, regions and cities. */
export interface ListingNames {
  catalogs: { id: number; name: string; children: { id: number; name: string }[] }[];
  regions: { id: number; name: string }[];
  cities: { id: number; name: string }[];
}

/** The ids' names a listing page already has. */
export function namesFromListing(listing: ListingNames): PlaceAndCatalogNames {
  const table = (list: { id: number; name: string }[]) => Object.fromEntries(list.map(({ id, name }) => [id, name]));
  return {
    catalogs: table(listing.catalogs.flatMap((parent) => [parent, ...parent.children])),
    regions: table(listing.regions),
    cities: table(listing.cities),
  };
}
