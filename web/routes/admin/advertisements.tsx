import { redirect } from 'react-router';
import { AD_STATUSES, type AdStatus } from '../../../common/ad-rules';
import { ModerationList } from '../../features/moderation/components/moderation-list';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/advertisements';

/** Ad moderation (moderators, admins, super admins): the review queue by default, any status by `?status=`. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'ads.moderate');
  const current = context.user!;
  const url = new URL(request.url);
  const asked = url.searchParams.get('status');
  const status: AdStatus = AD_STATUSES.includes(asked as AdStatus) ? (asked as AdStatus) : 'moderate';
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const [list, queue] = await Promise.all([
    context.services.moderation.list(current, status, page, context.locale),
    // The queue's tab shows how many wait, whichever tab is open.
    status === 'moderate' ? null : context.services.moderation.list(current, 'moderate', 1, context.locale),
  ]);
  if (page > list.last_page) {
    // Past the end (the last ones were handled): the last page there is.
    if (list.last_page > 1) url.searchParams.set('page', String(list.last_page));
    else url.searchParams.delete('page');
    throw redirect(`${url.pathname}${url.searchParams.size ? `?${url.searchParams}` : ''}`);
  }
  return {
    meta: pageMeta(context, 'admin_advertisements', '/admin/advertisements', { noindex: true }),
    status,
    queueCount: queue ? queue.total : list.total,
    ...list,
  };
}

export const meta = pageMetaFromLoader;

export default function AdminAdvertisements({ loaderData }: Route.ComponentProps) {
  const { status, data, total, queueCount, current_page, last_page } = loaderData;
  return (
    // A new status or page starts the list afresh.
    <ModerationList
      key={`${status}:${current_page}`}
      status={status}
      items={data}
      total={total}
      queueCount={queueCount}
      page={current_page}
      lastPage={last_page}
    />
  );
}
