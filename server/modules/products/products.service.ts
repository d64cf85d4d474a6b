import type { SortKey } from '../../db/schema/products.ts';
import type { Locale } from '../../platform/i18n.ts';
import type { Storage } from '../../platform/storage.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { GeoService } from '../geo/geo.service.ts';
import type { ListingQuery, ListingRow, ProductsRepo } from './products.repo.ts';
import { type ListingBody, type ListingReply, MAX_PAGE, PAGE_SIZE, type ProductCard } from './products.schemas.ts';
import { searchTerms } from './search-terms.ts';

export interface ProductsDeps {
  repo: ProductsRepo;
  catalog: CatalogService;
  geo: GeoService;
  storage: Storage;
}

export function pictureUrls(storage: Storage, prefix: string) {
  return {
    thumb: storage.publicUrl(`${prefix}-thumb.webp`),
    card: storage.publicUrl(`${prefix}-card.webp`),
    full: storage.publicUrl(`${prefix}-full.webp`),
  };
}

export function createProductsService(deps: ProductsDeps) {
  const { repo, catalog, geo, storage } = deps;

  async function toCards(rows: ListingRow[], locale: Locale): Promise<ProductCard[]> {
    const [cities, catalogs] = await Promise.all([geo.listCities(locale), catalog.flatten(locale)]);
    const cityById = new Map(cities.map((c) => [c.id, c]));
    const catalogById = new Map(catalogs.map((c) => [c.id, c]));
    return rows.map((row) => ({
      id: row.id,
      uuid: row.uuid,
      name: row.name,
      price: row.priceCents / 100,
      status: row.status,
      city: { id: row.cityId, name: cityById.get(row.cityId)?.name ?? '' },
      region_id: row.regionId,
      catalog: { id: row.catalogId, slug: catalogById.get(row.catalogId)?.slug ?? '', name: catalogById.get(row.catalogId)?.name ?? '' },
      image:
        row.imageUuid && row.imagePrefix
          ? { uuid: row.imageUuid, ...pictureUrls(storage, row.imagePrefix), width: row.imageWidth ?? 0, height: row.imageHeight ?? 0 }
          : null,
      images_count: row.imageCount,
      created_at: row.createdAt.toISOString(),
    }));
  }

  return {
    /** The public listing (spec: POST /products): active ads, filtered, searched, sorted, 20 a page. */
    async list(body: ListingBody, locale: Locale): Promise<ListingReply> {
      const page = Math.min(body.page ?? 1, MAX_PAGE);
      const terms = searchTerms(body.name);
      const sort: SortKey | 'relevance' = body.sort ?? (terms.length ? 'relevance' : 'created_at_desc');
      const query: ListingQuery = {
        cityIds: body.cities ?? [],
        regionIds: body.regions ?? [],
        // A parent catalog stands for itself and everything below it.
        catalogIds: await catalog.withDescendants(body.catalogs ?? []),
        terms,
        sort,
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      };
      // A catalog filter that names no existing catalog matches nothing (rather than everything).
      const unknownCatalogs = (body.catalogs?.length ?? 0) > 0 && query.catalogIds.length === 0;
      const { rows, total } = unknownCatalogs ? { rows: [], total: 0 } : await repo.searchActive(query);
      const lastPage = Math.max(1, Math.min(MAX_PAGE, Math.ceil(total / PAGE_SIZE)));
      return {
        data: await toCards(rows, locale),
        meta: { current_page: page, last_page: lastPage, per_page: PAGE_SIZE, total },
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

/** The listing is a POST with the page in the body; links name the page the way the web URL does. */
function pageLink(page: number): string {
  return `?page=${page}`;
}

export type ProductsService = ReturnType<typeof createProductsService>;
