import { DealsList } from '../features/ratings/components/deals-list';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import type { Route } from './+types/deals';

/** My deals (issue 25): each ad I sold or bought through the site, with its ratings. `?page=`, 20 a page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  const page = Math.min(10_000, Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1));
  const deals = await context.services.deals.myDeals(context.user!, { page });
  return { meta: pageMeta(context, 'deals', '/deals', { noindex: true }), deals };
}

export const meta = pageMetaFromLoader;

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { deals } = loaderData;
  return <DealsList deals={deals.data} page={deals.meta.current_page} lastPage={deals.meta.last_page} />;
}
