import type { NotificationData, NotificationKind } from '../../../common/notifications';
import type { NotificationItem } from '../../../server/modules/notifications/notifications.schemas';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * What one notification says, in the reader's language: the sentence, and a detail line when
 * there is one (a rejection's reason). Data is read defensively: it was written by an older
 * version of the server perhaps, and a missing field must not break the page.
 */
export function notificationText(item: NotificationItem, t: T): { text: string; detail: string | null } {
  const quoted = (name: unknown) => t('notifications.kinds.quoted', { name: typeof name === 'string' ? name : '' });
  switch (item.kind as NotificationKind) {
    case 'saved_search': {
      const data = item.data as Partial<NotificationData['saved_search']>;
      return {
        text: t('notifications.kinds.saved_search', {
          count: data.count ?? 1,
          search: quoted(data.search_name),
          ad: quoted(data.ad?.name),
        }),
        detail: null,
      };
    }
    case 'ad_approved':
      return {
        text: t('notifications.kinds.ad_approved', { ad: quoted((item.data as Partial<NotificationData['ad_approved']>).ad?.name) }),
        detail: null,
      };
    case 'ad_ending':
      return {
        text: t('notifications.kinds.ad_ending', { ad: quoted((item.data as Partial<NotificationData['ad_ending']>).ad?.name) }),
        detail: t('notifications.kinds.ad_ending_detail'),
      };
    case 'ad_rejected': {
      const data = item.data as Partial<NotificationData['ad_rejected']>;
      return {
        text: t('notifications.kinds.ad_rejected', { ad: quoted(data.ad?.name) }),
        detail: data.reason ? t('notifications.kinds.rejection_reason', { reason: data.reason }) : null,
      };
    }
    case 'report_decided': {
      const data = item.data as Partial<NotificationData['report_decided']>;
      const action = data.action ?? 'no_action';
      if (data.role === 'seller')
        return { text: t('notifications.kinds.report_decided.seller_hide_ad', { ad: quoted(data.ad?.name) }), detail: null };
      if (data.role === 'rater')
        return { text: t('notifications.kinds.report_decided.rater_hide_rating', { subject: quoted(data.rating_subject) }), detail: null };
      const subject = data.ad
        ? quoted(data.ad.name)
        : t(`notifications.kinds.subjects.${data.subject === 'chat_room' || data.subject === 'rating' ? data.subject : 'user'}`);
      return { text: t(`notifications.kinds.report_decided.reporter_${action}`, { subject }), detail: null };
    }
    case 'deal_made': {
      const data = item.data as Partial<NotificationData['deal_made']>;
      return {
        text: t(`notifications.kinds.deal_made_${data.kind === 'given' ? 'given' : 'sold'}`, {
          name: data.other_name ?? '',
          ad: quoted(data.ad?.name),
        }),
        detail: t('notifications.kinds.deal_made_detail'),
      };
    }
    case 'rating_received': {
      const data = item.data as Partial<NotificationData['rating_received']>;
      return {
        text: t('notifications.kinds.rating_received', { count: data.stars ?? 0, subject: quoted(data.subject) }),
        detail: null,
      };
    }
    default:
      return { text: t('notifications.kinds.other'), detail: null };
  }
}
