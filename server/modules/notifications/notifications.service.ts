import type { Static } from 'typebox';
import { AppError } from '../../../common/errors.ts';
import {
  type NotificationData,
  type NotificationKind,
  NOTIFICATIONS_PER_PAGE,
  NOTIFICATIONS_UNREAD_CAP,
} from '../../../common/notifications.ts';
import type { Transaction } from '../../db/client.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import { type SearchFilters, searchPathOf } from '../../../common/search-url.ts';
import type { NotificationListRow, NotificationsRepo } from './notifications.repo.ts';
import type { MarkReadBody, NotificationItem, NotificationListQuery, NotificationListReply } from './notifications.schemas.ts';

/**
 * Tells a person something in the notification centre. Without `tx` the row is stored and the
 * person's bell hears the new count at once. With `tx` the row is stored in the caller's
 * transaction and nothing is said yet: the answer is `announce`, to call once that transaction has
 * committed (a count read before the commit would not see the row, and a rolled-back one would
 * ring for nothing). Without `tx` the answer is a no-op.
 */
export type Notify = <K extends NotificationKind>(
  userId: number,
  kind: K,
  data: NotificationData[K],
  tx?: Transaction,
) => Promise<() => void>;

export interface NotificationsDeps {
  repo: NotificationsRepo;
  realtime: Realtime;
  log: (message: string, detail: Record<string, unknown>) => void;
  /** The clock read-marks are stamped with (tests pass their own). */
  now?: () => Date;
}

type Item = Static<typeof NotificationItem>;

/** Where a notification leads: the ad, its edit form after a rejection, or the saved search's results. */
function targetOf(row: NotificationListRow): string | null {
  const data = row.data as Partial<NotificationData[NotificationKind]>;
  const ad = 'ad' in data ? data.ad : null;
  switch (row.kind as NotificationKind) {
    case 'saved_search':
      return row.searchQuery ? searchPathOf(row.searchQuery as SearchFilters) : '/saved-searches';
    case 'ad_approved':
      return ad ? `/${ad.uuid}` : null;
    case 'ad_ending':
      return ad ? `/${ad.uuid}#renew` : null;
    case 'ad_rejected':
      return ad ? `/my-showcase/edit/${ad.uuid}` : null;
    case 'report_decided':
      return ad ? `/${ad.uuid}` : (data as Partial<NotificationData['report_decided']>).role === 'rater' ? '/deals' : null;
    case 'deal_made':
    case 'rating_received':
      return '/deals';
    default:
      return null;
  }
}

export function present(row: NotificationListRow): Item {
  return {
    id: row.id,
    kind: row.kind as Item['kind'],
    data: row.data,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
    url: targetOf(row),
  };
}

/**
 * The notification centre (issue 29, scope 4). Rules:
 * - a person sees and marks only their own notifications; ids of others' are ignored, as if absent
 *   (marking read is idempotent, and an id says nothing about whether it exists);
 * - the list is newest first; the unread count is capped (the badge shows "99+");
 * - every change of the count (a new notification, some read) is published to the person's
 *   sockets, in every process, after it is stored.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { repo, realtime, log } = deps;
  const now = deps.now ?? (() => new Date());

  const unreadOf = (userId: number) => repo.unreadCount(userId, NOTIFICATIONS_UNREAD_CAP);

  /** Best effort, like every realtime delivery: the count is stored, and a reconnect catches up. */
  async function publishUnread(userId: number): Promise<void> {
    try {
      const unread = await unreadOf(userId);
      await realtime.publish({ userIds: [userId], event: { type: 'notifications', unread } });
    } catch (error) {
      log('notification count publish failed', { err: error, userId });
    }
  }

  const notify: Notify = async (userId, kind, data, tx) => {
    await repo.insert({ userId, kind, data: data as unknown as Record<string, unknown> }, tx);
    const announce = () => void publishUnread(userId);
    if (tx) return announce;
    await publishUnread(userId);
    return () => undefined;
  };

  return {
    notify,
    unreadCount: (current: CurrentUser) => unreadOf(current.id),

    /** GET /notifications: a page of mine, newest first, with my unread count. */
    async list(current: CurrentUser, query: Static<typeof NotificationListQuery>): Promise<Static<typeof NotificationListReply>> {
      const perPage = query.per_page ?? NOTIFICATIONS_PER_PAGE;
      const page = query.before === undefined ? (query.page ?? 1) : 1;
      const [rows, total, unread] = await Promise.all([
        repo.list(current.id, { limit: perPage + 1, offset: (page - 1) * perPage, before: query.before }),
        repo.count(current.id),
        unreadOf(current.id),
      ]);
      const shown = rows.slice(0, perPage);
      return {
        data: shown.map(present),
        meta: {
          unread,
          total,
          page,
          per_page: perPage,
          next_before: rows.length > perPage ? shown[shown.length - 1]!.id : null,
        },
      };
    },

    /** POST /notifications/read: `{ ids }` of mine, or `{ all: true }`; answers how many changed and the new count. */
    async markRead(current: CurrentUser, body: Static<typeof MarkReadBody>): Promise<{ marked: number; unread: number }> {
      if (body.ids !== undefined && body.all !== undefined) throw AppError.field('ids', 'notifications.errors.ids_or_all');
      if (body.ids === undefined && body.all === undefined) throw AppError.field('ids', 'notifications.errors.ids_or_all');
      const marked = await repo.markRead(current.id, body.all ? 'all' : [...new Set(body.ids)], now());
      const unread = await unreadOf(current.id);
      if (marked > 0) {
        try {
          await realtime.publish({ userIds: [current.id], event: { type: 'notifications', unread } });
        } catch (error) {
          log('notification count publish failed', { err: error, userId: current.id });
        }
      }
      return { marked, unread };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
