import type { MarkReadBody, MarkReadReply, NotificationListReply } from '../../../server/modules/notifications/notifications.schemas';
import { apiRequest } from '../../lib/api-client';

/**
 * The notification centre's calls, through the one API client's request function. They live
 * beside the page, not in `api` (web/lib/api-client.ts), because that object is in every page's
 * first load and only this lazy page calls them (docs/decisions.md). Quiet: the page says what went wrong.
 */
export const notificationsApi = {
  /** A page of mine, newest first; `before` continues after the last one shown. */
  list: (before?: number) =>
    apiRequest<NotificationListReply>('GET', `/notifications${before ? `?before=${before}` : ''}`, { silent: true }),
  markRead: (body: MarkReadBody) => apiRequest<MarkReadReply>('POST', '/notifications/read', { body, silent: true }),
};
