import { NotificationList } from '../features/notifications/components/notification-list';
import { loadNotifications } from '../features/notifications/notifications.server';
import { type PageMeta, pageMetaFromLoader } from '../lib/meta';
import { requireAccess } from '../lib/page.server';
import type { Route } from './+types/notifications';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  // A signed-in page request always carries its session (load-context fills both together).
  const current = context.user!;
  const meta: PageMeta = {
    title: context.t('notifications.title'),
    description: context.t('notifications.intro'),
    path: '/notifications',
    noindex: true,
  };
  // "5 min ago" is written from one clock on both sides, so the hydrated page says what the HTML said.
  return { meta, list: await loadNotifications(context, current), now: Date.now() };
}

export const meta = pageMetaFromLoader;

export default function Notifications({ loaderData }: Route.ComponentProps) {
  return <NotificationList key={loaderData.now} list={loaderData.list} now={loaderData.now} />;
}
