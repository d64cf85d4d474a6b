import { isbot } from 'isbot';
import { MAX_PAGE, type SortKey } from '../../../common/ad-rules.ts';
import { type Actor, mayViewAd } from '../../../common/access.ts';
import { isGoneFor } from '../lifecycle/validity.ts';
import { AppError } from '../../../common/errors.ts';
import { LOCALES, type Locale } from '../../../common/locales.ts';
import type { Counters } from '../../platform/counters.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Throttle, ThrottleRule } from '../../platform/throttle.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { GeoService } from '../geo/geo.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AdsRepo } from '../ads/ads.repo.ts';
import type { AdValues } from '../attributes/ad-values.ts';
import type { AttributesService } from '../attributes/attributes.service.ts';
import { adCard, adLabels, adPage } from '../ads/ads.presenter.ts';
import type { ProductCard } from '../ads/ads.schemas.ts';
import { filterCents, priceRangeProblem } from '../../../common/listing-filters.ts';
import { VIEW_WINDOW_SECONDS, createAdViewCounter } from './ad-views.ts';
import { type LeafNames, SUGGESTION_EVIDENCE, rankCategories } from '../search/catalog-suggestions.ts';
import { createListingCache } from './listing-cache.ts';
import { fieldsAndPlace, nearTowns } from './listing-request.ts';
import { type NearSearch, distanceOf } from './near.ts';
import { type PercolationPlan, percolationPlan, percolationRules } from './percolation.ts';
import type { ProductsRepo } from './products.repo.ts';
import type { ListingFilters, ListingPage, ListingQuery, ListingRow } from './listing-query.ts';
import { COUNT_CAP } from './listing-pages.ts';
import type { SearchRepo } from '../search/search.repo.ts';
import type { SearchTerm } from '../search/text-query-sql.ts';
import type { ListingIndex } from '../listing-index/listing-index.ts';
import { HINT_SAMPLE, hintReadings, hintText, hintsFrom } from '../search/hints.ts';
import { createSynonymCache } from '../search/synonym-cache.ts';
import { type ListingBody, type ListingReply, PAGE_SIZE, type SellerReply } from './products.schemas.ts';
import { searchTerms, withFoldedSpellings } from '../search/search-terms.ts';

export interface ProductsDeps {
  repo: ProductsRepo;
  /** The listing and the text search (search/search.repo.ts). */
  search: SearchRepo;
  /**
   * Whether this request's client just wrote, with a replica (db/read-routing.ts): its listings are
   * read fresh from the primary, not from the cache, which may hold the replica's older answer.
   */
  wroteRecently?: () => boolean;
  /** Listings without words from memory (listing-index/), up to date before each answer; else SQL. */
  listingIndex?: ListingIndex;
  ads: AdsRepo;
  catalog: CatalogService;
  geo: GeoService;
  users: UsersService;
  storage: Storage;
  /** The category fields (issue 26): the cards' line of values and the ad page's list; neither without them. */
  attributes?: AttributesService;
  adValues?: AdValues;
  /** How long a listing answer may be reused (0: never); see listing-cache.ts. */
  listingCacheMs?: number;
  throttle: Throttle;
  /** Counts views per visitor and ad, so a reload does not count again; no view counting when absent. */
  counters?: Counters;
  /** How often counted views are written (ad-views.ts); tests flush by hand. */
  viewFlushMs?: number;
  log?: (message: string, detail: Record<string, unknown>) => void;
}

/** Who asks for a search through the API: a signed-in person is counted as themselves, a visitor by address. */
export interface SearchClient {
  ip: string;
  userId: number | undefined;
}

/**
 * Searches through the API, per client: a person paging and filtering stays far below it, a
 * scraper or a loop does not. (Pages render their listing in-process and are not counted here.)
 */
export const SEARCHES_PER_CLIENT: ThrottleRule = { limit: 120, windowSeconds: 60 };
/** Suggestions come as a person types: more of them, each far cheaper. */
export const HINTS_PER_CLIENT: ThrottleRule = { limit: 300, windowSeconds: 60 };
const clientKey = (kind: string, client: SearchClient) => (client.userId ? `${kind}:user:${client.userId}` : `${kind}:ip:${client.ip}`);

export const SIMILAR_LIMIT = 8;

/** The public side of ads: the listing and search, an ad's page, similar ads and search hints. */
export function createProductsService(deps: ProductsDeps) {
  const { repo, search: searchRepo, ads, catalog, geo, users, storage } = deps;
  const cache = createListingCache<ListingPage>({ ttlMs: deps.listingCacheMs ?? 0, maxEntries: 2_000 });
  const synonymCache = createSynonymCache(searchRepo.synonymRows);
  const synonyms = synonymCache.get;

  /** The listing's answer for a query, shared by identical queries for a few seconds. */
  const search = (query: ListingQuery) =>
    deps.wroteRecently?.() ? listingAnswer(query) : cache.get(JSON.stringify(query), () => listingAnswer(query));

  /**
   * The newest ads whose titles have the typed words, for the hints: from the listing index's title
   * words (no statement but its catch-up), else the SQL's text passes.
   */
  async function hintMatches(terms: SearchTerm[]): Promise<{ name: string; catalogId: number }[]> {
    return (await deps.listingIndex?.hintMatches(hintReadings(terms), HINT_SAMPLE)) ?? searchRepo.hintMatches(terms, HINT_SAMPLE);
  }

  /** The listing's page: from the index when it can answer (its counts exact, its cards its own), else from SQL. */
  async function listingAnswer(query: ListingQuery): Promise<ListingPage> {
    const found = await deps.listingIndex?.answer(query);
    if (!found) return searchRepo.searchActive(query);
    const total = Math.min(found.matched, COUNT_CAP);
    return {
      rows: found.cards,
      total,
      capped: total >= COUNT_CAP,
      ...(found.facets ? { facets: { facets: found.facets, capped: false } } : {}),
    };
  }

  async function toCards(rows: ListingRow[], locale: Locale): Promise<ProductCard[]> {
    const labels = await adLabels(geo, catalog, locale, deps.attributes);
    return rows.map((row) => adCard(row, labels, storage));
  }

  /** Views of ads' pages, batched (ad-views.ts); absent without counters. */
  const views = deps.counters
    ? createAdViewCounter({ counters: deps.counters, addViews: repo.addViews, flushMs: deps.viewFlushMs, log: deps.log })
    : undefined;

  /**
   * A listing request as the repository's query: the filters checked and canonical, the words as
   * search terms, a catalog with everything below it. `nothingCanMatch`: the answer is known empty.
   */
  async function listingQuery(body: ListingBody, limit: number, offset: number, withFacets = false) {
    const filters = listingFilters(body);
    const terms = searchTerms(body.name, await synonyms());
    const sort: SortKey | 'relevance' = body.sort ?? (terms.length ? 'relevance' : 'created_at_desc');
    // A parent catalog stands for itself and everything below it.
    const catalogIds = await catalog.withDescendants(body.catalogs ?? []);
    const catalogRoots = [...new Set(body.catalogs ?? [])].filter((id) => catalogIds.includes(id)).sort((a, b) => a - b);
    // Issue 26: the category fields' filters, their facets, and "near" (listing-request.ts).
    const { attributes, facets, near } = await fieldsAndPlace(body, catalogRoots, { attributes: deps.attributes, geo });
    const place = near ? nearTowns(near, body.cities ?? [], body.regions ?? []) : undefined;
    const query: ListingQuery = {
      cityIds: place ? place.cityIds : (body.cities ?? []),
      regionIds: place ? [] : (body.regions ?? []),
      catalogIds,
      catalogRoots,
      terms,
      sort,
      limit,
      offset,
      ...filters,
      ...(attributes ? { attributes } : {}),
      ...(withFacets && facets ? { facets } : {}),
      ...(sort === 'distance_asc' && place ? { townOrder: place.nearestFirst } : {}),
    };
    // A catalog filter that names no existing catalog matches nothing (rather than everything),
    // and so does a text with no word in it ("!!!", "🙂"): it asked for something, not for every ad;
    // and a "near" whose towns the city or region filter leaves none of.
    const unknownCatalogs = (body.catalogs?.length ?? 0) > 0 && query.catalogIds.length === 0;
    const noWords = !!body.name?.trim() && terms.length === 0;
    const noTowns = !!place && place.cityIds.length === 0;
    return { query, near, nothingCanMatch: unknownCatalogs || noWords || noTowns || onlyFreeAdsAbovePrice(filters) };
  }

  /** The cards of a "near" search carry their distance from the origin. */
  const withDistance = (cards: ProductCard[], near: NearSearch | undefined) =>
    near ? cards.map((card) => ({ ...card, distance_km: distanceOf(near, card.city.id) ?? 0 })) : cards;

  /** Counts of new ads (saved searches), reused like listing answers; a change to the ads clears them. */
  const newerCounts = createListingCache<number>({ ttlMs: deps.listingCacheMs ?? 0, maxEntries: 5_000 });

  return {
    /** Writes the views counted so far (tests), and stops the writing at shutdown. */
    views: {
      flush: async () => views?.flush(),
      stop: async () => views?.stop(),
    },

    /** Ads changed (published, re-statused, edited, deleted): the next listing reads them fresh. */
    invalidateListing(): void {
      cache.clear();
      newerCounts.clear();
    },

    /** Staff changed the synonym groups: this process's searches use them at once. */
    synonymsChanged(): void {
      synonymCache.clear();
      cache.clear();
    },

    /** The listing's own check of a filter body (422 per field): a search kept to be run later. */
    async checkFilters(body: ListingBody): Promise<void> {
      listingFilters(body);
      const catalogIds = await catalog.withDescendants(body.catalogs ?? []);
      const roots = [...new Set(body.catalogs ?? [])].filter((id) => catalogIds.includes(id));
      await fieldsAndPlace(body, roots, { attributes: deps.attributes, geo });
    },

    /**
     * How many active ads the listing would show for `body` that were posted after `since`,
     * counted up to `cap`: a saved search's new ads. The listing's own query and conditions.
     */
    async countNewer(body: ListingBody, since: Date, cap: number): Promise<number> {
      const { query, nothingCanMatch } = await listingQuery(body, cap, 0);
      if (nothingCanMatch) return 0;
      return newerCounts.get(`${since.toISOString()}:${cap}:${JSON.stringify(query)}`, () => searchRepo.countNewer(query, since, cap));
    },

    /**
     * A saved query as matching reads it (issue 29, percolation.ts): the listing's own filters and
     * words, and whether the listing shows it nothing whatever the ads.
     */
    async percolationPlan(body: ListingBody): Promise<PercolationPlan> {
      const filters = listingFilters(body);
      const terms = searchTerms(body.name, await synonyms());
      const noWords = !!body.name?.trim() && terms.length === 0;
      // A word's spelling without ä, å and ö joins it, as the ad's document is read (search-terms.ts).
      return percolationPlan(body, filters, withFoldedSpellings(terms), noWords || onlyFreeAdsAbovePrice(filters));
    },

    /** What saved queries are compiled with now (percolation.ts): one compiled with other rules is compiled again. */
    async percolationRules(): Promise<string> {
      return percolationRules(await synonyms());
    },

    /**
     * Which of these listing bodies would show the ad: the listing's own query and conditions, so
     * an alert never promises an ad the search would not show. One statement for all of them.
     */
    async bodiesShowingAd(bodies: ListingBody[], productId: number): Promise<boolean[]> {
      const built = await Promise.all(bodies.map((body) => listingQuery(body, 1, 0)));
      const asked = built.map((b, i) => ({ ...b, i })).filter((b) => !b.nothingCanMatch);
      const shown = await searchRepo.queriesShowingAd(
        asked.map((b) => b.query),
        productId,
      );
      const out = bodies.map(() => false);
      asked.forEach((b, k) => (out[b.i] = shown[k] ?? false));
      return out;
    },

    /**
     * A visitor's view of an ad page the page cache answered (its loader did not run): counted as
     * `detail` counts it, once a visitor in six hours. The page was public when it was cached.
     */
    async countCachedView(uuid: string, ip: string, userAgent: string | undefined): Promise<void> {
      if (!views || !deps.counters || !userAgent || isbot(userAgent)) return;
      try {
        // The ad is looked up only for a visitor's first view in the window, not on every cached hit.
        const { count } = await deps.counters.hit(`ad-view-cached:${uuid}:ip:${ip}`, VIEW_WINDOW_SECONDS);
        if (count !== 1) return;
        const ad = await ads.findByUuid(uuid);
        if (ad) views.record({ ad, viewerId: null, ip, userAgent });
      } catch (error) {
        deps.log?.('could not count an ad view', { err: error, uuid });
      }
    },

    /**
     * One ad for its page. Active, sold and reserved ads are public (the last two show their
     * status); any other status is NotFound for everyone but the owner and staff.
     */
    async detail(uuid: string, viewer: Actor | null, locale: Locale, visit?: { ip: string; userAgent: string | undefined }) {
      const ad = await ads.findByUuid(uuid);
      if (!ad || !mayViewAd(viewer, ad)) throw new AppError('not_found');
      // An ended or archived ad is gone for visitors (410); its owner and staff still see it whole (issue 27).
      if (isGoneFor(viewer, ad)) throw new AppError('ad_ended');
      // Counted on the side: the page does not wait for it.
      if (visit) views?.record({ ad, viewerId: viewer?.id ?? null, ip: visit.ip, userAgent: visit.userAgent });
      const [pictures, cities, regions, trail, seller, attributes] = await Promise.all([
        ads.picturesOf([ad.id]),
        geo.listCities(locale),
        geo.listRegions(locale),
        catalog.trailOf(ad.catalogId, locale),
        users.sellerCard(ad.userId),
        deps.adValues?.shown(ad, locale) ?? [],
      ]);
      const city = cities.find((c) => c.id === ad.cityId);
      const region = regions.find((r) => r.id === ad.regionId);
      return adPage(ad, { pictures, city, region, trail, seller, attributes }, viewer, storage);
    },

    /**
     * Other active ads in the same city, or in the same catalog, newest first (the ad page's two
     * strips). One more than shown is read and the ad itself left out here, so every ad of a city
     * (or catalog) shares one cached listing instead of each ad page querying its own.
     */
    async similar(input: { catalogId: number; cityId: number; currentProductId: number }, by: 'city' | 'catalog', locale: Locale) {
      const query: ListingQuery = {
        cityIds: by === 'city' ? [input.cityId] : [],
        regionIds: [],
        catalogIds: by === 'catalog' ? [input.catalogId] : [],
        terms: [],
        sort: 'created_at_desc',
        limit: SIMILAR_LIMIT + 1,
        offset: 0,
      };
      const { rows } = await search(query);
      return toCards(rows.filter((row) => row.id !== input.currentProductId).slice(0, SIMILAR_LIMIT), locale);
    },

    /** Up to ten suggestions while typing (search/hints.ts), the last word as typed so far. */
    async hints(text: string, locale: Locale, client?: SearchClient) {
      if (client) await deps.throttle.consume(clientKey('hints', client), HINTS_PER_CLIENT);
      const prefix = hintText(text);
      if (!prefix) return [];
      const terms = searchTerms(prefix, await synonyms());
      if (!terms.length) return [];
      const [found, flat] = await Promise.all([hintMatches(terms), catalog.flatten(locale)]);
      return hintsFrom(found, flat, terms);
    },

    /**
     * A seller's public page: their public profile and their active ads, newest first, 20 a page.
     * Only someone with an ad the public can open has one (users.publicProfile), so the ids of
     * buyers and staff cannot be walked; a seller whose ads are all sold has a page with none.
     */
    async sellerPage(userId: number, page: number, locale: Locale): Promise<SellerReply> {
      const seller = await users.publicProfile(userId);
      const total = seller.active_ads_count;
      const lastPage = Math.max(1, Math.min(MAX_PAGE, Math.ceil(total / PAGE_SIZE)));
      const current = Math.min(page, MAX_PAGE);
      const rows = await repo.activeBySeller(userId, PAGE_SIZE, (current - 1) * PAGE_SIZE);
      return {
        seller,
        data: await toCards(rows, locale),
        meta: { current_page: current, last_page: lastPage, per_page: PAGE_SIZE, total, total_capped: total >= COUNT_CAP },
        links: {
          first: pageLink(1),
          last: pageLink(lastPage),
          prev: current > 1 ? pageLink(Math.min(current - 1, lastPage)) : null,
          next: current < lastPage ? pageLink(current + 1) : null,
        },
      };
    },

    /**
     * Categories for a new ad from its title, best first (catalog-suggestions.ts): the title's words
     * in the leaves' names in every language, and where the active ads that best match it are filed.
     */
    async suggestCatalogs(title: string, locale: Locale, client?: SearchClient) {
      if (client) await deps.throttle.consume(clientKey('hints', client), HINTS_PER_CLIENT);
      const terms = searchTerms(title, await synonyms());
      if (terms.length === 0) return [];
      const [flats, { rows }] = await Promise.all([
        Promise.all(LOCALES.map((l) => catalog.flatten(l))),
        search({
          cityIds: [],
          regionIds: [],
          catalogIds: [],
          terms,
          sort: 'relevance',
          limit: SUGGESTION_EVIDENCE,
          offset: 0,
        }),
      ]);
      const own = flats[LOCALES.indexOf(locale)]!;
      const parents = new Set(own.map((c) => c.parent_id));
      const leaves: LeafNames[] = own
        .filter((c) => !parents.has(c.id))
        .map((c) => ({ id: c.id, names: flats.map((flat) => flat.find((f) => f.id === c.id)?.name.toLowerCase() ?? '') }));
      const byId = new Map(own.map((c) => [c.id, c]));
      return rankCategories(
        leaves,
        terms,
        rows.map((row) => ({ catalogId: row.catalogId, name: row.name })),
      ).map((id) => {
        const trail: string[] = [];
        for (let node = byId.get(id); node; node = node.parent_id === null ? undefined : byId.get(node.parent_id)) trail.unshift(node.name);
        return { id, name: byId.get(id)!.name, trail };
      });
    },

    /** The public listing (spec: POST /products): active ads, filtered, searched, sorted, 20 a page. */
    async list(body: ListingBody, locale: Locale, client?: SearchClient): Promise<ListingReply> {
      if (client) await deps.throttle.consume(clientKey('search', client), SEARCHES_PER_CLIENT);
      const page = Math.min(body.page ?? 1, MAX_PAGE);
      const { query, near, nothingCanMatch } = await listingQuery(body, PAGE_SIZE, (page - 1) * PAGE_SIZE, true);
      const found: ListingPage = nothingCanMatch ? { rows: [], total: 0, capped: false } : await search(query);
      const { rows, total, capped } = found;
      const lastPage = Math.max(1, Math.min(MAX_PAGE, Math.ceil(total / PAGE_SIZE)));
      // Inside catalogs with choice fields the reply always has their facets (empty when nothing can match).
      const facets = query.facets && (found.facets ?? { facets: Object.fromEntries(query.facets.map((f) => [f.key, []])), capped: false });
      return {
        data: withDistance(await toCards(rows, locale), near),
        meta: {
          current_page: page,
          last_page: lastPage,
          per_page: PAGE_SIZE,
          total,
          total_capped: capped,
          ...(facets ? { facets_capped: facets.capped } : {}),
        },
        ...(facets ? { facets: facets.facets } : {}),
        links: {
          first: pageLink(1),
          last: pageLink(lastPage),
          prev: page > 1 ? pageLink(Math.min(page - 1, lastPage)) : null,
          next: page < lastPage ? pageLink(page + 1) : null,
        },
      };
    },
  };
}

/**
 * The buyer's filters of a listing request, checked beyond what the schema can say (a price range
 * the wrong way round is a 422 on `price_to`), in a canonical form: the query is the cache key.
 */
export function listingFilters(body: ListingBody): ListingFilters {
  const problem = priceRangeProblem(body.price_from, body.price_to);
  if (problem) throw AppError.field('price_to', problem.key);
  const filters: ListingFilters = {};
  if (body.price_from !== undefined && body.price_from > 0) filters.priceFromCents = filterCents(body.price_from);
  if (body.price_to !== undefined) filters.priceToCents = filterCents(body.price_to);
  if (body.kinds?.length) filters.kinds = [...new Set(body.kinds)].sort();
  if (body.with_images) filters.withImages = true;
  if (body.posted_within) filters.postedWithin = body.posted_within;
  return filters;
}

/**
 * Give-aways only, at a price above 0: no ad can match (give-aways are free), and the database
 * would otherwise read every give-away to learn it.
 */
function onlyFreeAdsAbovePrice(filters: ListingFilters): boolean {
  return !!filters.kinds?.every((kind) => kind === 'give') && (filters.priceFromCents ?? 0) > 0;
}

/** The listing is a POST with the page in the body; links name the page the way the web URL does. */
function pageLink(page: number): string {
  return `?page=${page}`;
}

export type ProductsService = ReturnType<typeof createProductsService>;
