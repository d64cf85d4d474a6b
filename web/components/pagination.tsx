import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';
import { Link, useLocation } from 'react-router';

function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/** Previous / numbered / next links; every page is a real link, so it works without JavaScript and for crawlers. */
export function Pagination({ page, lastPage }: { page: number; lastPage: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (lastPage <= 1) return null;
  const pages = [...new Set([1, page - 1, page, page + 1, lastPage])].filter((p) => p >= 1 && p <= lastPage).sort((a, b) => a - b);
  // The current page has its own colours, never stacked on the links' (two background utilities on
  // one element: whichever Tailwind emits last wins, which made the number white on white).
  const shape = 'inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm';
  const item = `${shape} border-line bg-raised hover:border-brand`;
  return (
    <nav aria-label={t('search.pagination')} className="mt-6 flex flex-wrap items-center justify-center gap-1">
      {page > 1 && (
        <Link to={pageHref(search, page - 1)} className={item} rel="prev">
          <ChevronLeft aria-hidden size={16} />
          <span className="sr-only sm:not-sr-only">{t('search.previous')}</span>
        </Link>
      )}
      {pages.map((p, i) => (
        <span key={p} className="flex items-center gap-1">
          {i > 0 && p - pages[i - 1]! > 1 && <span aria-hidden>…</span>}
          {p === page ? (
            <span aria-current="page" className={`${shape} border-brand bg-brand font-semibold text-brand-ink`}>
              {p}
            </span>
          ) : (
            <Link to={pageHref(search, p)} className={item} aria-label={t('search.page_n', { page: p })}>
              {p}
            </Link>
          )}
        </span>
      ))}
      {page < lastPage && (
        <Link to={pageHref(search, page + 1)} className={item} rel="next">
          <span className="sr-only sm:not-sr-only">{t('search.next')}</span>
          <ChevronRight aria-hidden size={16} />
        </Link>
      )}
    </nav>
  );
}
