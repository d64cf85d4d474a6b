import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import type { SessionUser } from '../../server/load-context';
import { Avatar } from './avatar';
import { allMessagesLoaded } from '../lib/messages-loaded';

// The menu's texts may be in the part of the language that arrives after hydration: it waits for them.
const loadUserMenu = () => Promise.all([import('./user-menu'), allMessagesLoaded()]).then(([m]) => m);
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));

/**
 * The user menu's button, with the menu (and react-aria's menu code) fetched only when wanted:
 * pointing at or focusing the button starts the download, pressing it opens the menu. Visitors
 * and people who never open it download none of it.
 */
export function LazyUserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <button
      type="button"
      aria-label={t('nav.user_menu')}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => void loadUserMenu()}
      onClick={() => setWanted(true)}
      className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-sunken"
    >
      <Avatar user={user} />
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenu user={user} defaultOpen />
    </Suspense>
  );
}
