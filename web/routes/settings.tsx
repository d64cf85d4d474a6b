import { KeyRound, UserRound, UserRoundCog } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';
import { NavLink, Outlet } from 'react-router';
import { requireAccess } from '../lib/page.server';
import type { Route } from './+types/settings';

export function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  return null;
}

const TABS = [
  { to: '/settings/account', label: 'pages.settings_account.title', icon: UserRoundCog },
  { to: '/settings/profile', label: 'pages.settings_profile.title', icon: UserRound },
  { to: '/settings/password', label: 'pages.settings_password.title', icon: KeyRound },
] as const;

/** The settings heading and its three tabs; each tab is a page of its own (links, not a widget). */
export default function Settings() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-4 text-3xl font-bold">{t('pages.settings.title')}</h1>
      <nav aria-label={t('account.settings.tabs')} className="mb-6 border-b border-line">
        {/* Three equal columns on a phone (icon over label), a row of tabs from sm up. */}
        <ul className="-mb-px grid grid-cols-3 sm:flex sm:gap-1">
          {TABS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  `flex h-full flex-col items-center gap-1 border-b-2 px-2 py-2.5 text-center text-xs font-semibold sm:flex-row sm:gap-2 sm:px-4 sm:py-3 sm:text-sm ${
                    isActive ? 'border-brand text-brand' : 'border-transparent text-muted hover:border-line hover:text-ink'
                  }`
                }
              >
                <Icon aria-hidden size={18} className="shrink-0" />
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
