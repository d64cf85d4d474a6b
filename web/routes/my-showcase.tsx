import { redirect } from 'react-router';
import { AD_STATUSES, type AdStatus } from '../../common/ad-rules';
import { MyAds } from '../features/showcase/components/my-ads';
import { ValidityNote } from '../features/lifecycle/components/validity-note';
import { MarkSoldButton } from '../features/ratings/components/mark-sold-button';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import type { Route } from './+types/my-showcase';

/** My showcase: the signed-in person's own ads of every status, `?status=` to filter, 20 a page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  const url = new URL(request.url);
  const asked = url.searchParams.get('status');
  const status = AD_STATUSES.includes(asked as AdStatus) ? (asked as AdStatus) : null;
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const mine = await context.services.selling.myAds(context.user!, { status: status ?? undefined, page }, context.locale);
  if (page > mine.meta.last_page) {
    // Past the end (the last ads were deleted or moved): the last page there is.
    if (mine.meta.last_page > 1) url.searchParams.set('page', String(mine.meta.last_page));
    else url.searchParams.delete('page');
    throw redirect(`${url.pathname}${url.searchParams.size ? `?${url.searchParams}` : ''}`);
  }
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
    // A new filter or page starts afresh.
    <MyAds
      key={`${status}:${pages.current_page}`}
      status={status}
      ads={ads}
      counts={counts}
      page={pages.current_page}
      lastPage={pages.last_page}
      dealAction={(ad) => <MarkSoldButton ad={ad} />}
      validity={(ad) => <ValidityNote ad={ad} />}
    />
  );
}
