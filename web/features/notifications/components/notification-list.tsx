import { Bell, BellRing, Check, CircleCheck, CircleX, Flag, Handshake, Star, TimerReset } from 'lucide-react';
import { type ComponentType, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NotificationKind } from '../../../../common/notifications';
import type { NotificationItem, NotificationListReply } from '../../../../server/modules/notifications/notifications.schemas';
import { formatPostedAgo } from '../../../lib/format';
import { setNotificationsUnread } from '../../../lib/notifications-unread';
import { ERROR_TOAST_MS, showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { notificationsApi } from '../notifications-api';
import { notificationText } from '../notification-text';

const ICONS: Record<
  NotificationKind,
  { icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>; tone: string }
> = {
  saved_search: { icon: BellRing, tone: 'text-brand' },
  ad_approved: { icon: CircleCheck, tone: 'text-success' },
  ad_rejected: { icon: CircleX, tone: 'text-danger' },
  report_decided: { icon: Flag, tone: 'text-muted' },
  deal_made: { icon: Handshake, tone: 'text-brand' },
  rating_received: { icon: Star, tone: 'text-warning' },
  ad_ending: { icon: TimerReset, tone: 'text-warning' },
};

const secondaryAction =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-line px-3 text-sm font-medium text-ink hover:border-brand hover:text-brand disabled:cursor-default disabled:opacity-60 disabled:hover:border-line disabled:hover:text-ink';

function EmptyNotifications() {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl border border-dashed border-line bg-raised px-6 py-12 text-center">
      <Bell aria-hidden size={32} className="mx-auto mb-3 text-muted" />
      <p className="font-semibold">{t('notifications.empty_title')}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted">{t('notifications.empty_hint')}</p>
      <Link
        to="/saved-searches"
        className="mt-5 inline-flex h-11 items-center rounded-xl bg-brand px-5 font-semibold text-brand-ink hover:brightness-110"
      >
        {t('notifications.to_saved_searches')}
      </Link>
    </div>
  );
}

function NotificationRow({ item, now, onRead }: { item: NotificationItem; now: number; onRead: (item: NotificationItem) => void }) {
  const { t, i18n } = useTranslation();
  const { icon: Icon, tone } = ICONS[item.kind] ?? { icon: Bell, tone: 'text-muted' };
  const { text, detail } = notificationText(item, t);
  const unread = item.read_at === null;
  // A saved search's newest ad shows its picture, as the alert mail does.
  const picture = item.kind === 'saved_search' ? (item.data as { ad?: { picture?: unknown } }).ad?.picture : null;
  return (
    <article
      className={`relative flex gap-3 rounded-xl border p-3 sm:p-4 ${unread ? 'border-brand/40 bg-brand/5 dark:bg-brand/10' : 'border-line bg-raised'}`}
    >
      <span
        aria-hidden
        className={`relative mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-sunken ${tone}`}
      >
        <Icon aria-hidden size={20} />
        {/* Unread: a dot on the icon (the text says it to a screen reader). */}
        {unread && <span className="absolute -top-0.5 -right-0.5 h-3 w-3 rounded-full border-2 border-raised bg-brand" />}
      </span>
      <div className="min-w-0 grow">
        <p className={`break-words ${unread ? 'font-medium' : ''}`}>
          {unread && <span className="sr-only">{t('notifications.unread')}: </span>}
          {item.url ? (
            <Link
              to={item.url}
              // A notification opened is a notification read; the page it leads to does not wait for it.
              onClick={() => unread && onRead(item)}
              className="text-ink underline-offset-2 hover:text-brand hover:underline"
            >
              {text}
            </Link>
          ) : (
            text
          )}
        </p>
        {detail && <p className="mt-1 text-sm break-words text-muted">{detail}</p>}
        <time dateTime={item.created_at} className="mt-1 block text-xs text-muted">
          {formatPostedAgo(item.created_at, now, i18n.language)}
        </time>
      </div>
      {typeof picture === 'string' && (
        <img src={picture} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded-lg bg-sunken object-cover" />
      )}
      {unread && (
        <button
          type="button"
          onClick={() => onRead(item)}
          aria-label={t('notifications.mark_read')}
          title={t('notifications.mark_read')}
          className="-mt-1 -mr-1 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-sunken hover:text-ink"
        >
          <Check aria-hidden size={18} />
        </button>
      )}
    </article>
  );
}

/**
 * The person's notifications, newest first. Opening the page marks nothing: unread ones stay
 * marked until they are opened, marked one by one, or all at once, so that what is new is still
 * findable after a glance (docs/decisions.md). Older ones load below, a page at a time.
 */
export function NotificationList({ list, now }: { list: NotificationListReply; now: number }) {
  const { t } = useTranslation();
  const [items, setItems] = useState(list.data);
  const [unread, setUnread] = useState(list.meta.unread);
  const [nextBefore, setNextBefore] = useState(list.meta.next_before);
  const [loading, setLoading] = useState(false);
  const [markingAll, setMarkingAll] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const markedLocally = (ids: number[] | 'all') => {
    const at = new Date().toISOString();
    setItems((current) => current.map((n) => (n.read_at === null && (ids === 'all' || ids.includes(n.id)) ? { ...n, read_at: at } : n)));
  };
  const counted = (count: number) => {
    setUnread(count);
    setNotificationsUnread(count);
  };

  function markRead(item: NotificationItem) {
    markedLocally([item.id]);
    notificationsApi.markRead({ ids: [item.id] }).then(
      (reply) => counted(reply.data.unread),
      () => showToast({ icon: 'error', message: t('notifications.mark_read_failed'), timer: ERROR_TOAST_MS }),
    );
  }

  async function markAll() {
    setMarkingAll(true);
    try {
      const reply = await notificationsApi.markRead({ all: true });
      markedLocally('all');
      counted(reply.data.unread);
      heading.current?.focus();
    } catch {
      showToast({ icon: 'error', message: t('notifications.mark_read_failed'), timer: ERROR_TOAST_MS });
    } finally {
      setMarkingAll(false);
    }
  }

  async function loadOlder() {
    if (nextBefore === null) return;
    setLoading(true);
    try {
      const reply = await notificationsApi.list(nextBefore);
      setItems((current) => [...current, ...reply.data.filter((n) => !current.some((c) => c.id === n.id))]);
      setNextBefore(reply.meta.next_before);
      counted(reply.meta.unread);
    } catch {
      showToast({ icon: 'error', message: t('notifications.load_failed'), timer: ERROR_TOAST_MS });
    } finally {
      setLoading(false);
    }
  }

  const anyUnread = unread > 0 || items.some((n) => n.read_at === null);
  return (
    <>
      <header className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
            {t('notifications.title')}
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-muted">{t('notifications.intro')}</p>
        </div>
        {items.length > 0 && (
          <button
            type="button"
            className={`${secondaryAction} self-start sm:self-auto`}
            onClick={() => void markAll()}
            disabled={!anyUnread || markingAll}
          >
            <Check aria-hidden size={16} />
            {t('notifications.mark_all_read')}
          </button>
        )}
      </header>
      {items.length === 0 ? (
        <EmptyNotifications />
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.id}>
              <NotificationRow item={item} now={now} onRead={markRead} />
            </li>
          ))}
        </ul>
      )}
      {nextBefore !== null && (
        <div className="mt-4 flex justify-center">
          <button type="button" className={secondaryAction} onClick={() => void loadOlder()} disabled={loading}>
            {t('notifications.load_more')}
          </button>
        </div>
      )}
    </>
  );
}
