import { Bell, BellRing, FilePlus2, Handshake, Heart, LayoutGrid, LogIn, LogOut, MessageCircle, Store, User, UserPlus } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import { CloseButton } from './close-button';
import { Heading } from 'react-aria-components';
import { DrawerPanel } from './drawer-panel';
import { NavLink } from 'react-router';
import type { SessionUser } from '../../server/load-context';
import { clearLocalAuthState } from '../lib/auth-state';
import { api } from '../lib/api-client';
import { adminSectionsFor } from './admin-sections';

interface MenuLink {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** Work waiting there (the moderation queue, open reports); shown as a badge when above zero. */
  waiting?: number | undefined;
}

/** Which section shows which queue's length. */
const QUEUE_OF_SECTION: Record<string, 'ads_to_review' | 'open_reports'> = {
  '/admin/advertisements': 'ads_to_review',
  '/admin/reports': 'open_reports',
};

/** The queues' lengths for a staff member, asked each time the drawer opens (two counts: cheap). */
function useQueues(open: boolean, staff: boolean) {
  const [queues, setQueues] = useState<Partial<Record<'ads_to_review' | 'open_reports', number>>>({});
  useEffect(() => {
    if (!open || !staff) return;
    let current = true;
    api.adminQueues().then(
      (reply) => {
        if (current) setQueues(reply.data);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [open, staff]);
  return queues;
}

/** Menu for the signed-in person, for visitors, and the admin menu (spec section 2, Layout). */
function userLinks(user: SessionUser | null): MenuLink[] {
  if (!user) {
    return [
      { to: '/login', label: 'user_menu.login', icon: LogIn },
      { to: '/register', label: 'user_menu.register', icon: UserPlus },
    ];
  }
  return [
    { to: '/settings/profile', label: 'user_menu.account', icon: User },
    { to: '/wishes', label: 'user_menu.wishes', icon: Heart },
    { to: '/saved-searches', label: 'user_menu.saved_searches', icon: BellRing },
    { to: '/messenger', label: 'user_menu.messenger', icon: MessageCircle },
    { to: '/notifications', label: 'notifications.title', icon: Bell },
    { to: '/new-ad', label: 'user_menu.new_ad', icon: FilePlus2 },
    { to: '/my-showcase', label: 'user_menu.my_showcase', icon: Store },
    { to: '/deals', label: 'user_menu.deals', icon: Handshake },
  ];
}

/** The admin menu: the drawer's share of the admin area's sections, by the person's permissions. */
function adminLinks(user: SessionUser | null): MenuLink[] {
  return adminSectionsFor(user)
    .filter((section) => section.inDrawer)
    .map((section) => ({ to: section.to, label: `admin_menu.${section.key}`, icon: section.icon }));
}

function MenuList({ links, onNavigate }: { links: MenuLink[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-1">
      {links.map(({ to, label, icon: Icon, waiting }) => (
        <li key={to}>
          <NavLink
            to={to}
            // The admin overview is the area's index: it is "here" only on /admin itself.
            end={to === '/admin'}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2.5 text-ink hover:bg-sunken ${isActive ? 'bg-brand-soft font-semibold' : ''}`
            }
          >
            <Icon aria-hidden size={20} />
            <span className="flex-1">{t(label)}</span>
            {!!waiting && (
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-black">
                {waiting > 999 ? '999+' : waiting}
                <span className="sr-only"> {t('admin_menu.waiting')}</span>
              </span>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Drawer({
  isOpen,
  onOpenChange,
  user,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  user: SessionUser | null;
}) {
  const { t } = useTranslation();
  const queues = useQueues(isOpen, adminSectionsFor(user).length > 0);
  const admin = adminLinks(user).map((link) => {
    const queue = QUEUE_OF_SECTION[link.to];
    return queue ? { ...link, waiting: queues[queue] } : link;
  });
  const close = () => onOpenChange(false);
  return (
    <DrawerPanel isOpen={isOpen} onOpenChange={onOpenChange} side="left" label={t('nav.drawer')} className="flex h-full flex-col gap-6 p-4">
      <div className="flex items-center justify-between">
        <Heading slot="title" className="text-lg font-semibold">
          {t('nav.drawer')}
        </Heading>
        <CloseButton onClose={close} label={t('nav.menu_close')} />
      </div>
      <nav aria-label={t('nav.user_menu')}>
        <MenuList links={[{ to: '/', label: 'nav.home', icon: LayoutGrid }, ...userLinks(user)]} onNavigate={close} />
        {user && (
          <form method="post" action="/logout" className="mt-1" onSubmit={() => clearLocalAuthState({ theme: true })}>
            <button type="submit" className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-sunken">
              <LogOut aria-hidden size={20} />
              {t('user_menu.logout')}
            </button>
          </form>
        )}
      </nav>
      {admin.length > 0 && (
        <nav aria-label={t('admin_menu.title')}>
          <h3 className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-muted">{t('admin_menu.title')}</h3>
          <MenuList links={admin} onNavigate={close} />
        </nav>
      )}
    </DrawerPanel>
  );
}
