import type { AppLoadContext } from 'react-router';
import { AppError } from '../../../common/errors';
import { VIEW_COOKIE } from '../../../common/cookies';
import type { ListingBody, ListingReply } from '../../../server/modules/products/products.schemas';
import { type ListingParams, parseListingParams as parseFromUrl } from './listing-params';
import { fieldFiltersOf, offeredSort } from './field-filters';

export type { ListingParams, ViewMode } from './listing-params';

/** The filters of a listing: its POST /api/products body without the page and the order. */
export type ListingQuery = Omit<ListingBody, 'page' | 'sort'>;

/** Reads the search from the page's URL and the remembered view; anything malformed is simply ignored. */
export function parseListingParams(request: Request, cookies: AppLoadContext['cookies']): ListingParams {
  return parseFromUrl(new URL(request.url), cookies[VIEW_COOKIE]);
}

/** A name as people may type it: case, accents and dashes do not matter ("jyvaskyla" is Jyväskylä). */
const fold = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim();

interface Named {
  id: number;
  name: string;
  name_fi: string;
  name_sv: string;
}

/** The municipality, else the region, with this name in the reader's language, Finnish or Swedish. */
function findPlace(text: string, cities: Named[], regions: Named[]): { city: number } | { region: number } | undefined {
  const wanted = fold(text);
  const named = (place: Named) => [place.name, place.name_fi, place.name_sv].some((name) => fold(name) === wanted);
  const city = cities.find(named);
  if (city) return { city: city.id };
  const region = regions.find(named);
  return region ? { region: region.id } : undefined;
}

const emptyReply = (page: number): ListingReply => ({
  data: [],
  meta: { current_page: page, last_page: 1, per_page: 20, total: 0, total_capped: false },
  links: { first: '?page=1', last: '?page=1', prev: null, next: null },
});

/**
 * Runs the search in-process (the same service as POST /api/products) and gathers what the filters
 * need. Filters the service refuses (a price range the wrong way round) give an empty result and
 * the refusal's words, never an error page.
 */
export async function loadListing(context: AppLoadContext, params: ListingParams, fixedCatalogId?: number) {
  const { products, geo, catalog, attributes } = context.services;
  const catalogId = fixedCatalogId ?? params.catalog;
  const [regions, cities, tree, definitions] = await Promise.all([
    geo.listRegions(context.locale),
    geo.listCities(context.locale),
    catalog.tree(context.locale),
    catalogId ? attributes.forCatalog(catalogId) : [],
  ]);
  const fields = fieldFiltersOf(params, definitions, context.locale);
  const problems: string[] = [];
  let place: { city?: number; region?: number } = {
    ...(params.region ? { region: params.region } : {}),
    ...(params.city ? { city: params.city } : {}),
  };
  let placeText = params.place;
  if (placeText) {
    const found = findPlace(placeText, cities, regions);
    if (found) {
      place = found;
      placeText = '';
    } else problems.push(context.t('search.place_not_found'));
  }
  // The search as it stands, without the page and the order: also what "Save search" stores.
  const query: ListingQuery = {
    ...(params.q ? { name: params.q } : {}),
    ...(place.region ? { regions: [place.region] } : {}),
    ...(place.city ? { cities: [place.city] } : {}),
    ...(catalogId ? { catalogs: [catalogId] } : {}),
    ...(params.priceFrom !== null ? { price_from: params.priceFrom } : {}),
    ...(params.priceTo !== null ? { price_to: params.priceTo } : {}),
    ...(params.kind ? { kinds: [params.kind] } : {}),
    ...(params.images ? { with_images: true } : {}),
    ...(params.posted ? { posted_within: params.posted } : {}),
    ...fields.query,
  };
  const sort = offeredSort(params, fields.filters);
  const body: ListingBody = { page: params.page, ...query, ...(sort ? { sort } : {}) };
  let result: ListingReply;
  try {
    result = problems.length ? emptyReply(params.page) : await products.list(body, context.locale);
  } catch (error) {
    if (!AppError.is(error) || error.code !== 'validation_failed') throw error;
    for (const list of Object.values(error.fields)) for (const { key, params: values } of list) problems.push(context.t(key, values));
    result = emptyReply(params.page);
  }
  return {
    params: {
      ...params,
      region: place.region ?? null,
      city: place.city ?? null,
      place: placeText,
      attributes: fields.query.attributes ?? {},
      sort,
    },
    result,
    /** The catalog's filter fields, in the reader's language. */
    filterFields: fields.filters,
    /** Counts of the choice fields' values among what the other filters leave (inside a catalog with such fields). */
    facets: result.facets ?? {},
    /** The facets counted only the first few thousand ads: each count is then at least what it says. */
    facetsCapped: result.meta.facets_capped ?? false,
    /** The listing's filters (the body of POST /api/products without page and sort), to save as a search. */
    query,
    /** What the filters asked that cannot be answered, in the reader's words. */
    problems,
    /** The moment the cards count "2 hr ago" from: taken here, so the browser hydrates the same words. */
    now: Date.now(),
    regions: regions.map(({ id, name, name_fi, name_sv }) => ({ id, name, name_fi, name_sv })),
    cities: cities.map(({ id, name, name_fi, name_sv, region_id }) => ({ id, name, name_fi, name_sv, regionId: region_id })),
    catalogs: tree.map(({ id, name, children }) => ({ id, name, children: children.map((c) => ({ id: c.id, name: c.name })) })),
  };
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>;
