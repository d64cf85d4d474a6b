import { SynonymsPage } from '../../features/staff-search-words/components/synonyms-page';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/search-words';

/** The search's synonym groups (categories.manage): words people use for the same thing. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'categories.manage');
  return {
    meta: pageMeta(context, 'admin_search_words', '/admin/search-words', { noindex: true }),
    groups: await context.services.synonymsAdmin.list(context.user!),
  };
}

export const meta = pageMetaFromLoader;

export default function AdminSearchWords({ loaderData }: Route.ComponentProps) {
  return <SynonymsPage groups={loaderData.groups} />;
}
