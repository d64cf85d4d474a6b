import { SavedSearchList } from '../features/saved-searches/components/saved-search-list';
import { loadSavedSearches, loadSearchNames } from '../features/saved-searches/saved-searches.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import type { Route } from './+types/saved-searches';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  // A signed-in page request always carries its session (load-context fills both together).
  const current = context.user!;
  const [list, names] = await Promise.all([loadSavedSearches(context, current), loadSearchNames(context)]);
  return { meta: pageMeta(context, 'saved_searches', '/saved-searches', { noindex: true }), list, names };
}

export const meta = pageMetaFromLoader;

export default function SavedSearches({ loaderData }: Route.ComponentProps) {
  return <SavedSearchList list={loaderData.list} names={loaderData.names} />;
}
