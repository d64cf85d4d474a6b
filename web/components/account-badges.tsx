import { Bell, Heart, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { useRealtime, useUnreadTotal } from '../lib/chat-unread';
import { useNotificationsUnread } from '../lib/notifications-unread';
import { useTranslation } from '../lib/use-translation';
import { useWishCount } from '../lib/wish-list';
import { iconButton } from './icon-button';

/** The number on an icon button; the button's label says it in words. */
function CountBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden
      className="absolute top-0.5 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-black"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * The top bar's buttons for a signed-in person: the messenger, the notification centre's bell and
 * the wish list, each with its count (the server's for this page, then the socket's), and the
 * socket itself (a chunk of its own again, opened after hydration). Lazy in the top bar.
 */
export function AccountBadges({
  userId,
  unreadMessages,
  unreadNotifications,
}: {
  userId: number;
  unreadMessages: number | null;
  unreadNotifications: number | null;
}) {
  const { t } = useTranslation();
  useRealtime(userId);
  const unread = useUnreadTotal(unreadMessages);
  const bell = useNotificationsUnread(unreadNotifications);
  /** Ads on the wish list; the badge shows only when there are some. */
  const wishCount = useWishCount();
  return (
    <>
      <Link
        to="/messenger"
        className={`${iconButton} relative`}
        aria-label={unread > 0 ? t('chat.badge_label', { count: unread }) : t('nav.messenger')}
      >
        <MessageCircle aria-hidden size={22} />
        {unread > 0 && <CountBadge count={unread} />}
      </Link>
      <Link
        to="/notifications"
        className={`${iconButton} relative`}
        aria-label={bell > 0 ? t('notifications.badge_label', { count: bell }) : t('notifications.title')}
      >
        <Bell aria-hidden size={22} />
        {bell > 0 && <CountBadge count={bell} />}
      </Link>
      {/* On a phone the bell takes the heart's room: the wish list is in the menu and the drawer. */}
      <Link
        to="/wishes"
        className={`${iconButton} relative max-sm:hidden`}
        aria-label={wishCount > 0 ? t('wishes.badge_label', { count: wishCount }) : t('nav.wishes')}
      >
        <Heart aria-hidden size={22} />
        {wishCount > 0 && <CountBadge count={wishCount} />}
      </Link>
    </>
  );
}
