import { NavLink } from 'react-router';
import type { Permission } from '../../../../common/access';
import { adminSectionsFor } from '../../../components/admin-sections';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The admin area's section menu: a list down the side from `lg` up, a row of tabs that scrolls
 * sideways on a phone. Only the sections the person's permissions open are listed.
 */
export function AdminNav({ permissions }: { permissions: readonly Permission[] }) {
  const { t } = useTranslation();
  const sections = adminSectionsFor({ permissions });
  return (
    <nav
      aria-label={t('admin_menu.sections')}
      className="-mx-4 overflow-x-auto px-4 pb-1 sm:-mx-6 sm:px-6 lg:mx-0 lg:overflow-visible lg:px-0"
    >
      <ul className="flex gap-2 lg:flex-col lg:gap-0.5">
        {sections.map(({ key, to, icon: Icon }) => (
          <li key={key} className="shrink-0">
            <NavLink
              to={to}
              end={to === '/admin'}
              className={({ isActive }) =>
                `flex h-10 items-center gap-2 rounded-full border px-3.5 text-sm whitespace-nowrap lg:h-auto lg:rounded-lg lg:border-transparent lg:px-3 lg:py-2 ${
                  isActive
                    ? 'border-brand bg-brand-soft font-semibold text-ink lg:border-transparent'
                    : 'border-line bg-raised text-ink hover:border-brand lg:bg-transparent lg:hover:bg-sunken'
                }`
              }
            >
              <Icon aria-hidden size={18} className="shrink-0 text-muted" />
              {t(`admin_menu.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
