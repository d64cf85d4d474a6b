import type { AppLoadContext } from 'react-router';
import type { CurrentUser } from '../../../server/platform/current-user';
import type { SavedSearchListReply } from '../../../server/modules/saved-searches/saved-searches.schemas';
import type { PlaceAndCatalogNames } from './describe-query';

/**
 * The names a saved search's ids stand for (every catalog, region and municipality, in the
 * reader's language): the list page describes each search with them. Cached by the services.
 */
export async function loadSearchNames(context: AppLoadContext): Promise<PlaceAndCatalogNames> {
  const { catalog, geo } = context.services;
  const [catalogs, regions, cities] = await Promise.all([
    catalog.flatten(context.locale),
    geo.listRegions(context.locale),
    geo.listCities(context.locale),
  ]);
  const table = (list: { id: number; name: string }[]) => Object.fromEntries(list.map(({ id, name }) => [id, name]));
  return { catalogs: table(catalogs), regions: table(regions), cities: table(cities) };
}

/** The /saved-searches page's list, from the same service as GET /api/saved-searches. */
export function loadSavedSearches(context: AppLoadContext, current: CurrentUser): Promise<SavedSearchListReply> {
  return context.services.savedSearches.list(current);
}
