import { AD_STATUSES, type AdStatus } from '../../server/db/schema/products';
import { MyAds } from '../features/showcase/components/my-ads';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import type { Route } from './+types/my-showcase';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  const url = new URL(request.url);
  const asked = url.searchParams.get('status');
  const status = AD_STATUSES.includes(asked as AdStatus) ? (asked as AdStatus) : null;
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const mine = await context.services.seller.myAds(context.currentUser!, { status: status ?? undefined, page }, context.locale);
  return {
    meta: pageMeta(context, 'my_showcase', '/my-showcase', { noindex: true }),
    status,
    ads: mine.data,
    counts: mine.counts,
    pages: mine.meta,
  };
}

export const meta = pageMetaFromLoader;

export default function MyShowcase({ loaderData }: Route.ComponentProps) {
  const { status, ads, counts, pages } = loaderData;
  return (
    <MyAds
      key={`${status}:${pages.current_page}`}
      status={status}
      ads={ads}
      counts={counts}
      page={pages.current_page}
      lastPage={pages.last_page}
    />
  );
}
