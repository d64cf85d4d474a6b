import type { AppLoadContext } from 'react-router';
import type { CurrentUser } from '../../../server/platform/current-user';
import type { NotificationListReply } from '../../../server/modules/notifications/notifications.schemas';

/** The first page of /notifications, from the same service as GET /api/notifications. */
export function loadNotifications(context: AppLoadContext, current: CurrentUser): Promise<NotificationListReply> {
  return context.services.notifications.list(current, {});
}
