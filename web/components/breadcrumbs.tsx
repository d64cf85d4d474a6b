import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/use-translation';

export interface Crumb {
  name: string;
  href: string;
}

/**
 * Home › catalog › … as a navigation landmark. With `lastIsCurrent`, the last crumb is the page
 * itself (marked as the current page, not a link).
 */
export function Breadcrumbs({ crumbs, lastIsCurrent = false }: { crumbs: Crumb[]; lastIsCurrent?: boolean }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.breadcrumb')} className="mb-4 text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:underline">
            {t('nav.home')}
          </Link>
        </li>
        {crumbs.map((crumb, i) => (
          <li key={crumb.href} className="flex items-center gap-1">
            <ChevronRight aria-hidden size={14} />
            {lastIsCurrent && i === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={crumb.href} className="hover:underline">
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
