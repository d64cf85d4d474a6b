import { AD_STATUSES, type AdStatus } from '../../../server/db/schema/products';
import { ModerationList } from '../../features/moderation/components/moderation-list';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/advertisements';

/** Ad moderation (moderators, admins, super admins): the review queue by default, any status by `?status=`. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'staff');
  const url = new URL(request.url);
  const asked = url.searchParams.get('status');
  const status: AdStatus = AD_STATUSES.includes(asked as AdStatus) ? (asked as AdStatus) : 'moderate';
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const list = await context.services.moderation.list(context.currentUser!, status, page, context.locale);
  return {
    meta: pageMeta(context, 'admin_advertisements', '/admin/advertisements', { noindex: true }),
    status,
    ...list,
  };
}

export const meta = pageMetaFromLoader;

export default function AdminAdvertisements({ loaderData }: Route.ComponentProps) {
  const { status, data, total, current_page, last_page } = loaderData;
  // A new status or page starts the list afresh.
  return (
    <ModerationList key={`${status}:${current_page}`} status={status} items={data} total={total} page={current_page} lastPage={last_page} />
  );
}
