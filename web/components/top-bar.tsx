import { LogIn, Menu as MenuIcon, Plus } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';
import type { SessionUser } from '../../server/load-context';
import type { Theme } from '../lib/preferences';
import { useWishListSync } from '../lib/wish-list';
import { useSignInIntents } from '../lib/sign-in-intent';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';
import { LazyUserMenu } from './lazy-user-menu';
import { iconButton } from './icon-button';

/**
 * A signed-in person's buttons with counts (messages, notifications, wishes) and their socket: a
 * chunk of their own, so that visitors' first load carries none of it. The server renders them
 * into the page, and they hydrate as soon as the chunk is in (React keeps the server's HTML until then).
 */
const AccountBadges = lazy(() => import('./account-badges').then((m) => ({ default: m.AccountBadges })));

export function TopBar({
  siteName,
  user,
  theme,
  unreadMessages = null,
  unreadNotifications = null,
  onMenu,
}: {
  siteName: string;
  user: SessionUser | null;
  theme: Theme | undefined;
  /** The server's count for this page; the socket takes over after hydration. */
  unreadMessages?: number | null;
  /** Likewise for the notification centre's bell. */
  unreadNotifications?: number | null;
  onMenu: () => void;
}) {
  const { t } = useTranslation();
  // The bar is on every page, so it loads the wish list (once a session) and follows it.
  useWishListSync(user?.id ?? null);
  // What a visitor began before signing in (a heart) is finished once they have.
  useSignInIntents(user?.id ?? null);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-raised/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-2 sm:px-4">
        <button type="button" className={iconButton} onClick={onMenu} aria-label={t('nav.menu_open')}>
          <MenuIcon aria-hidden size={22} />
        </button>
        {/* The logo leads to a clean front page: no query, so no filters. */}
        <Link
          to="/"
          className="mr-auto flex items-center gap-2 rounded px-1 text-lg font-bold text-brand"
          aria-label={t('nav.logo', { site: siteName })}
        >
          <img src="/favicon.svg" alt="" width={28} height={28} className="rounded-md dark:ring-1 dark:ring-white/40" />
          {/* On a phone the signed-in bar needs the room: the mark stays, the name (also the link's label) goes. */}
          <span className={user ? 'hidden sm:inline' : undefined}>{siteName}</span>
        </Link>
        {user && (
          <Suspense>
            <AccountBadges userId={user.id} unreadMessages={unreadMessages} unreadNotifications={unreadNotifications} />
          </Suspense>
        )}
        <ThemeToggle serverTheme={theme} signedIn={!!user} className={iconButton} />
        <LanguageSelect />
        {/* Selling is one tap from every page; a visitor signs in first and lands in the form. */}
        <Link
          to={user ? '/new-ad' : `/login?redirectTo=${encodeURIComponent('/new-ad')}`}
          className="ml-1 inline-flex h-10 w-10 shrink-0 items-center justify-center gap-1.5 rounded-full bg-brand text-sm font-semibold text-brand-ink hover:brightness-110 sm:w-auto sm:px-4"
          aria-label={t('nav.post_ad')}
        >
          <Plus aria-hidden size={20} />
          <span className="hidden sm:inline">{t('nav.post_ad')}</span>
        </Link>
        {user ? (
          <LazyUserMenu user={user} />
        ) : (
          <>
            <Link
              to="/login"
              className="ml-1 inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold text-ink hover:bg-sunken"
            >
              <LogIn aria-hidden size={18} />
              <span className="sr-only sm:not-sr-only">{t('user_menu.login')}</span>
            </Link>
            <Link
              to="/register"
              className="hidden h-10 items-center rounded-full border border-line px-4 text-sm font-semibold text-ink hover:bg-sunken lg:inline-flex"
            >
              {t('user_menu.register')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
