import { SavedSearchList } from '../features/saved-searches/components/saved-search-list';
import { loadSearchNames } from '../features/saved-searches/saved-searches.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import type { Route } from './+types/saved-searches';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  return {
    meta: pageMeta(context, 'saved_searches', '/saved-searches', { noindex: true }),
    names: await loadSearchNames(context),
  };
}

export const meta = pageMetaFromLoader;

export default function SavedSearches({ loaderData }: Route.ComponentProps) {
  return <SavedSearchList names={loaderData.names} />;
}
