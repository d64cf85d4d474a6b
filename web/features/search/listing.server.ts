import type { AppLoadContext } from 'react-router';
import { VIEW_COOKIE } from '../../../common/cookies';
import { MAX_PAGE, MAX_QUERY_LENGTH, SORT_KEYS, type SortKey } from '../../../common/ad-rules';

export type ViewMode = 'card' | 'list';

/** The state of a search, as it lives in the page URL (so it can be bookmarked, shared and gone back to). */
export interface ListingParams {
  q: string;
  region: number | null;
  city: number | null;
  catalog: number | null;
  sort: SortKey | null;
  page: number;
  view: ViewMode;
}

function positiveInt(value: string | null, max = 2_000_000_000): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** Reads the search from the URL; anything malformed is simply ignored (a page never fails on a bad link). */
export function parseListingParams(request: Request, cookies: AppLoadContext['cookies']): ListingParams {
  const url = new URL(request.url);
  const get = (key: string) => url.searchParams.get(key);
  const sort = get('sort');
  const view = get('view') ?? cookies[VIEW_COOKIE];
  return {
    q: (get('q') ?? '').slice(0, MAX_QUERY_LENGTH).trim(),
    region: positiveInt(get('region')),
    city: positiveInt(get('city')),
    catalog: positiveInt(get('catalog')),
    sort: (SORT_KEYS as readonly string[]).includes(sort ?? '') ? (sort as SortKey) : null,
    page: positiveInt(get('page'), MAX_PAGE) ?? 1,
    view: view === 'list' ? 'list' : 'card',
  };
}

/** Runs the search in-process (the same service as POST /api/products) and gathers what the filters need. */
export async function loadListing(context: AppLoadContext, params: ListingParams, fixedCatalogId?: number) {
  const { products, geo, catalog } = context.services;
  const catalogId = fixedCatalogId ?? params.catalog;
  const [result, regions, cities, tree] = await Promise.all([
    products.list(
      {
        page: params.page,
        ...(params.q ? { name: params.q } : {}),
        ...(params.region ? { regions: [params.region] } : {}),
        ...(params.city ? { cities: [params.city] } : {}),
        ...(catalogId ? { catalogs: [catalogId] } : {}),
        ...(params.sort ? { sort: params.sort } : {}),
      },
      context.locale,
    ),
    geo.listRegions(context.locale),
    geo.listCities(context.locale),
    catalog.tree(context.locale),
  ]);
  return {
    params,
    result,
    regions: regions.map(({ id, name }) => ({ id, name })),
    cities: cities.map(({ id, name, region_id }) => ({ id, name, regionId: region_id })),
    catalogs: tree.map(({ id, name, children }) => ({ id, name, children: children.map((c) => ({ id: c.id, name: c.name })) })),
  };
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>;
