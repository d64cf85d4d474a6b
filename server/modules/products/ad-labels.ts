import type { Locale } from '../../../common/locales.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { GeoService } from '../geo/geo.service.ts';

/**
 * The names an ad shows for its city and its category, in one language. Both lists are kept in
 * memory by their services; this only indexes them for the ads of one answer.
 */
export async function adLabels(geo: GeoService, catalog: CatalogService, locale: Locale) {
  const [cities, catalogs] = await Promise.all([geo.listCities(locale), catalog.flatten(locale)]);
  const cityNames = new Map(cities.map((c) => [c.id, c.name]));
  const categories = new Map(catalogs.map((c) => [c.id, c]));
  return {
    city: (id: number) => ({ id, name: cityNames.get(id) ?? '' }),
    catalog: (id: number) => ({ id, slug: categories.get(id)?.slug ?? '', name: categories.get(id)?.name ?? '' }),
  };
}

export type AdLabels = Awaited<ReturnType<typeof adLabels>>;
