import { Bell, BellRing, FilePlus2, Handshake, Heart, LogOut, MessageCircle, Store, User } from 'lucide-react';
import { type ComponentType, useRef } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, RouterProvider, Separator } from 'react-aria-components';
import { useTranslation } from '../lib/use-translation';
import { useHref, useNavigate, useSubmit } from 'react-router';
import type { SessionUser } from '../../server/load-context';
import { clearLocalAuthState } from '../lib/auth-state';
import { showToast } from '../lib/toasts';
import { Avatar } from './avatar';

interface Entry {
  id: string;
  href: string;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

/** Spec, Layout: account (the route named profile), my wish list, messenger, create new ad, my showcase, logout. */
const ENTRIES: Entry[] = [
  { id: 'account', href: '/settings/profile', label: 'user_menu.account', icon: User },
  { id: 'wishes', href: '/wishes', label: 'user_menu.wishes', icon: Heart },
  { id: 'saved-searches', href: '/saved-searches', label: 'user_menu.saved_searches', icon: BellRing },
  { id: 'messenger', href: '/messenger', label: 'user_menu.messenger', icon: MessageCircle },
  { id: 'notifications', href: '/notifications', label: 'notifications.title', icon: Bell },
  { id: 'new-ad', href: '/new-ad', label: 'user_menu.new_ad', icon: FilePlus2 },
  { id: 'my-showcase', href: '/my-showcase', label: 'user_menu.my_showcase', icon: Store },
  { id: 'deals', href: '/deals', label: 'user_menu.deals', icon: Handshake },
];

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-ink outline-none data-[focused]:bg-sunken data-[hovered]:bg-sunken';

/**
 * Log-out as the spec describes it: the device forgets the account's state (session storage,
 * wish list, theme), then the server ends the session and the page goes home.
 */
export function useLogout() {
  const submit = useSubmit();
  const { t } = useTranslation();
  return async () => {
    clearLocalAuthState({ theme: true });
    await submit(null, { method: 'post', action: '/logout' });
    showToast({ icon: 'success', message: t('auth.logged_out') });
  };
}

/**
 * The signed-in person's menu in the top bar (react-aria: arrow keys, Escape, type-ahead). It is
 * loaded on demand (see LazyUserMenu), so it may mount already open, after the first press.
 */
export function UserMenu({ user, defaultOpen = false }: { user: SessionUser; defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    // The menu's links navigate through the router, without a full page load.
    <RouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      <MenuTrigger
        defaultOpen={defaultOpen}
        // Mounted open, the menu never saw its button focused: give focus back to it on close.
        onOpenChange={(open) => {
          if (!open) requestAnimationFrame(() => trigger.current?.focus());
        }}
      >
        <Button
          ref={trigger}
          aria-label={t('nav.user_menu')}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-sunken focus-ring data-[pressed]:bg-sunken"
        >
          <Avatar user={user} />
        </Button>
        <Popover
          placement="bottom end"
          offset={6}
          className="w-64 rounded-xl border border-line bg-raised p-1 text-ink shadow-lg outline-none"
        >
          <div className="border-b border-line px-3 pt-2 pb-3">
            <p className="truncate font-semibold">{user.name}</p>
            <p className="truncate text-sm text-muted">{user.email}</p>
          </div>
          <Menu
            aria-label={t('nav.user_menu')}
            className="pt-1 outline-none"
            onAction={(key) => {
              if (key === 'logout') void logout();
            }}
          >
            {ENTRIES.map(({ id, href, label, icon: Icon }) => (
              <MenuItem key={id} id={id} href={href} className={itemClass}>
                <Icon aria-hidden size={18} />
                {t(label)}
              </MenuItem>
            ))}
            <Separator className="my-1 h-px bg-line" />
            <MenuItem id="logout" className={itemClass}>
              <LogOut aria-hidden size={18} />
              {t('user_menu.logout')}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </RouterProvider>
  );
}
