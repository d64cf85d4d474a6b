import { Heart, Menu as MenuIcon, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionUser } from '../../server/load-context';
import type { Theme } from '../lib/preferences';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';

const iconButton = 'inline-flex h-10 w-10 items-center justify-center rounded-full text-ink hover:bg-sunken focus-visible:bg-sunken';

export function TopBar({
  siteName,
  user,
  theme,
  onMenu,
}: {
  siteName: string;
  user: SessionUser | null;
  theme: Theme | undefined;
  onMenu: () => void;
}) {
  const { t } = useTranslation();
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
          <span>{siteName}</span>
        </Link>
        {user && (
          <>
            <Link to="/messenger" className={iconButton} aria-label={t('nav.messenger')}>
              <MessageCircle aria-hidden size={22} />
            </Link>
            <Link to="/wishes" className={iconButton} aria-label={t('nav.wishes')}>
              <Heart aria-hidden size={22} />
            </Link>
          </>
        )}
        <ThemeToggle serverTheme={theme} className={iconButton} />
        <LanguageSelect />
      </div>
    </header>
  );
}
