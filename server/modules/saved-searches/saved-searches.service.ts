import { AppError } from '../../../common/errors.ts';
import { INTL_LOCALE, type Locale } from '../../../common/locales.ts';
import { searchPathOf } from '../../../common/search-url.ts';
import type { AttributeFilters } from '../../../common/attributes.ts';
import { canonicalAttributeFilters } from '../products/attribute-filters.ts';
import { DEFAULT_RADIUS_KM } from '../../../common/place.ts';
import { translate } from '../../platform/i18n.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { GeoService } from '../geo/geo.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { CompiledQuery, SavedSearchRow, SavedSearchValues, SavedSearchesRepo } from './saved-searches.repo.ts';
import {
  type CreateSavedSearchBody,
  MAX_SAVED_SEARCHES,
  NEW_COUNT_CAP,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearch,
  type SavedSearchQuery,
  type SavedSearchQueryInput,
  type UpdateSavedSearchBody,
} from './saved-searches.schemas.ts';

export interface SavedSearchesDeps {
  repo: SavedSearchesRepo;
  products: Pick<ProductsService, 'countNewer' | 'checkFilters'> & Partial<Pick<ProductsService, 'percolationPlan' | 'percolationRules'>>;
  catalog: CatalogService;
  geo: GeoService;
}

type FieldProblems = Record<string, { key: string; params?: Record<string, string | number> }[]>;

/**
 * The listing's filter object in one canonical form, whatever the filter: keys sorted, text
 * trimmed with single spaces, lists without repeats and sorted, blank text, empty lists and
 * `false` left out. The same search saved twice is then the same jsonb.
 */
export function normaliseQuery(query: SavedSearchQuery): SavedSearchQuery {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(query).sort()) {
    const value: unknown = (query as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === false) continue;
    // Issue 26: the field filters in their canonical form; the origin with its keys in order.
    if (key === 'attributes') {
      const attributes = canonicalAttributeFilters(value as AttributeFilters);
      if (attributes) out[key] = attributes;
      continue;
    }
    if (key === 'near' && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
      continue;
    }
    if (typeof value === 'string') {
      const text = value.normalize('NFC').trim().replace(/\s+/g, ' ');
      if (text) out[key] = text;
    } else if (Array.isArray(value)) {
      const items = [...new Set(value as (string | number)[])].sort((a, b) =>
        typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
      );
      if (items.length) out[key] = items;
    } else out[key] = value;
  }
  return out as SavedSearchQuery;
}

/**
 * Saved searches (issue 29): a person keeps up to MAX_SAVED_SEARCHES searches of the listing,
 * each with a name, how often and where new ads are told about, and a count of the ads posted
 * since its results were last opened. Rules:
 * - only one's own: another person's search is as unknown as a missing one (404);
 * - the query is the listing's own body, checked by the listing's own rules (a price range the
 *   wrong way round) and against the catalog and places that exist, then normalised;
 * - saving a search already saved answers the saved one (200), unchanged: a second tap on
 *   "Save search" is not a second copy nor an error;
 * - the limit is counted with the person's row locked, so a burst of saves cannot pass it.
 */
export function createSavedSearchesService(deps: SavedSearchesDeps) {
  const { repo, products, catalog, geo } = deps;

  /** The query checked (422 per field, under `query.`) and normalised, the contract's names read as the listing's. */
  async function checkedQuery(input: SavedSearchQueryInput): Promise<SavedSearchQuery> {
    const { kind, with_pictures: withPictures, ...query } = input;
    if (kind !== undefined) query.kinds = [...(query.kinds ?? []), ...(Array.isArray(kind) ? kind : [kind])];
    if (withPictures !== undefined) {
      if (query.with_images !== undefined && query.with_images !== withPictures) {
        throw AppError.field('query.with_pictures', 'saved_searches.errors.conflicting_filters');
      }
      query.with_images = withPictures;
    }
    const problems: FieldProblems = {};
    const add = (field: string, key: string) => (problems[`query.${field}`] ??= []).push({ key });
    try {
      await products.checkFilters(query);
    } catch (error) {
      if (!AppError.is(error) || error.code !== 'validation_failed') throw error;
      for (const [field, list] of Object.entries(error.fields)) (problems[`query.${field}`] ??= []).push(...list);
    }
    const [flat, regions, cities] = await Promise.all([
      query.catalogs?.length ? catalog.flatten('fi') : [],
      query.regions?.length ? geo.listRegions('fi') : [],
      query.cities?.length ? geo.listCities('fi') : [],
    ]);
    const known = (ids: number[] | undefined, rows: { id: number }[]) => (ids ?? []).every((id) => rows.some((row) => row.id === id));
    if (!known(query.catalogs, flat)) add('catalogs', 'saved_searches.errors.unknown_catalog');
    if (!known(query.regions, regions)) add('regions', 'saved_searches.errors.unknown_region');
    if (!known(query.cities, cities)) add('cities', 'saved_searches.errors.unknown_city');
    if (Object.keys(problems).length) throw new AppError('validation_failed', {}, problems);
    return normaliseQuery(query);
  }

  /** A name from the filters in the person's language: "sohva · Huonekalut · Uusimaa · 50–200 €". */
  async function nameOf(query: SavedSearchQuery, locale: Locale): Promise<string> {
    const [flat, regions, cities] = await Promise.all([catalog.flatten(locale), geo.listRegions(locale), geo.listCities(locale)]);
    const names = (ids: number[] | undefined, rows: { id: number; name: string }[]) =>
      (ids ?? []).map((id) => rows.find((row) => row.id === id)?.name).filter((name): name is string => !!name);
    const price = (euros: number) => new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 2 }).format(euros);
    const parts: string[] = [];
    if (query.name) parts.push(query.name);
    parts.push(...names(query.catalogs, flat), ...names(query.cities, cities), ...names(query.regions, regions));
    const { price_from: from, price_to: to } = query;
    if (from !== undefined && to !== undefined) {
      parts.push(translate(locale, 'saved_searches.name_parts.price_range', { from: price(from), to: price(to) }));
    } else if (from !== undefined) parts.push(translate(locale, 'saved_searches.name_parts.price_from', { price: price(from) }));
    else if (to !== undefined) parts.push(translate(locale, 'saved_searches.name_parts.price_to', { price: price(to) }));
    for (const kind of query.kinds ?? []) parts.push(translate(locale, `ad_kinds.${kind}`));
    if (query.with_images) parts.push(translate(locale, 'saved_searches.name_parts.with_pictures'));
    if (query.posted_within) parts.push(translate(locale, `search.posted.${query.posted_within}`));
    // Issue 26: "00100, within 25 km" (a town by its name; a position is never stored by the web).
    if (query.near) {
      const near = query.near as { postal_code?: string; city_id?: number };
      const place = near.postal_code ?? (near.city_id !== undefined ? names([near.city_id], cities)[0] : undefined);
      if (place) parts.push(translate(locale, 'search.near.chip', { place, km: query.radius_km ?? DEFAULT_RADIUS_KM }));
    }
    const name = parts.join(' · ') || translate(locale, 'saved_searches.name_parts.everything');
    return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1).trimEnd()}…` : name;
  }

  /** The reply's item, with its count of new ads (the listing's own query, counted up to the cap). */
  async function present(row: SavedSearchRow): Promise<SavedSearch> {
    const query = row.query as SavedSearchQuery;
    const since = row.lastOpenedAt ?? row.createdAt;
    const count = await products.countNewer(query, since, NEW_COUNT_CAP + 1);
    return {
      id: row.id,
      name: row.name,
      query,
      alerts: row.alerts,
      channels: row.channels,
      new_count: Math.min(count, NEW_COUNT_CAP),
      new_count_capped: count > NEW_COUNT_CAP,
      last_opened_at: row.lastOpenedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      url: searchPathOf(query),
    };
  }

  /** The query compiled for matching new ads (issue 29, products/percolation.ts); undefined without matching. */
  const compiledQuery = async (query: SavedSearchQuery): Promise<CompiledQuery | undefined> =>
    products.percolationPlan && products.percolationRules
      ? { plan: await products.percolationPlan(query), rules: await products.percolationRules() }
      : undefined;

  async function own(current: CurrentUser, id: number): Promise<SavedSearchRow> {
    const row = await repo.findOwn(current.user.id, id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  return {
    /** GET /saved-searches: newest first, each with its new ads counted. */
    async list(current: CurrentUser) {
      const rows = await repo.list(current.user.id);
      return { data: await Promise.all(rows.map(present)), meta: { count: rows.length, limit: MAX_SAVED_SEARCHES } };
    },

    /** POST /saved-searches: `created` false when the same search was saved already (that one is answered). */
    async create(current: CurrentUser, body: CreateSavedSearchBody, locale: Locale): Promise<{ created: boolean; data: SavedSearch }> {
      const userId = current.user.id;
      const query = await checkedQuery(body.query);
      const name = body.name?.trim() || (await nameOf(query, locale));
      const compiled = await compiledQuery(query);
      const { created, row } = await repo.transaction(async (tx) => {
        await repo.lockOwner(userId, tx);
        const same = await repo.findSameQuery(userId, query, tx);
        if (same) return { created: false, row: same };
        if ((await repo.count(userId, tx)) >= MAX_SAVED_SEARCHES) {
          throw AppError.field('query', 'saved_searches.errors.limit', { max: MAX_SAVED_SEARCHES });
        }
        const values: SavedSearchValues = {
          name,
          query,
          alerts: body.alerts ?? 'daily',
          channels: body.channels ?? ['email'],
          queryId: await repo.storeQuery(query, compiled, tx),
        };
        return { created: true, row: await repo.insert(userId, values, tx) };
      });
      return { created, data: await present(row) };
    },

    /**
     * PATCH /saved-searches/{id}. A new query without a new name renames a search whose name was
     * the one made from its filters; a name the person chose stays. The new query may not be one
     * of their other saved searches (422).
     */
    async update(current: CurrentUser, id: number, body: UpdateSavedSearchBody, locale: Locale): Promise<SavedSearch> {
      const userId = current.user.id;
      const before = await own(current, id);
      const values: Partial<SavedSearchValues> = {};
      if (body.alerts) values.alerts = body.alerts;
      if (body.channels) values.channels = body.channels;
      let compiled: CompiledQuery | undefined;
      if (body.query) {
        values.query = await checkedQuery(body.query);
        compiled = await compiledQuery(values.query);
        const madeName = (await nameOf(before.query as SavedSearchQuery, locale)) === before.name;
        if (madeName && body.name === undefined) values.name = await nameOf(values.query, locale);
      }
      if (body.name !== undefined)
        values.name = body.name.trim() || (await nameOf(values.query ?? (before.query as SavedSearchQuery), locale));
      const row = await repo.transaction(async (tx) => {
        await repo.lockOwner(userId, tx);
        if (values.query) {
          const same = await repo.findSameQuery(userId, values.query, tx);
          if (same && same.id !== id) throw AppError.field('query', 'saved_searches.errors.duplicate', { name: same.name });
          values.queryId = await repo.storeQuery(values.query, compiled, tx);
        }
        return repo.update(userId, id, values, tx);
      });
      if (!row) throw new AppError('not_found');
      return present(row);
    },

    /** DELETE /saved-searches/{id}. */
    async remove(current: CurrentUser, id: number): Promise<void> {
      if (!(await repo.remove(current.user.id, id))) throw new AppError('not_found');
    },

    /** POST /saved-searches/{id}/opened: its results were looked at; new ads count from now. */
    async markOpened(current: CurrentUser, id: number): Promise<SavedSearch> {
      const row = await repo.markOpened(current.user.id, id);
      if (!row) throw new AppError('not_found');
      return present(row);
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
