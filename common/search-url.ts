/**
 * The results page's address for a search given as the listing's filter object (the body of
 * POST /api/products): what a saved search opens. The inverse of the page's own reading of its
 * URL (web/features/search/listing-params.ts), whose names it writes. The page takes one region,
 * city, catalog and kind, so a list gives its first.
 */
import type { AdKind } from './ad-rules.ts';
import type { PostedWithin } from './listing-filters.ts';

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
  const search = params.toString();
  return search ? `/?${search}` : '/';
}
