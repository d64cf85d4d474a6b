import { LayoutGrid, List, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Form, Link, useLocation } from 'react-router';
import { SORT_KEYS } from '../../../../common/ad-rules';
import { storeViewMode } from '../../../lib/preferences';
import type { ListingData, ViewMode } from '../listing.server';
import { SearchBox } from './search-box';

const selectClass = 'h-11 w-full rounded-lg border border-line bg-raised px-3 text-sm outline-none focus:border-brand';

/**
 * The search: text, region, city, category, sort. A GET form, so the whole state lands in the URL
 * (bookmarkable, shareable, the back button works) and it works before JavaScript loads.
 */
export function SearchPanel({
  data,
  fixedCatalog,
}: {
  data: Pick<ListingData, 'params' | 'regions' | 'cities' | 'catalogs'>;
  fixedCatalog?: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { params } = data;
  const [region, setRegion] = useState(params.region ?? 0);
  const cities = region ? data.cities.filter((c) => c.regionId === region) : data.cities;

  return (
    <Form method="get" action={pathname} className="mb-4 space-y-3" role="search">
      <div className="flex gap-2">
        <SearchBox defaultValue={params.q} />
        <button type="submit" className="h-12 rounded-xl bg-brand px-5 font-semibold text-brand-ink hover:brightness-110">
          {t('search.submit')}
        </button>
      </div>
      <details className="group rounded-xl border border-line bg-raised" open={!!(params.region || params.city || params.catalog)}>
        <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-semibold">
          <SlidersHorizontal aria-hidden size={16} />
          {t('search.filters')}
        </summary>
        <div className="grid gap-3 border-t border-line p-4 sm:grid-cols-3">
          <label className="text-sm">
            <span className="mb-1 block text-muted">{t('search.region')}</span>
            <select name="region" value={region || ''} onChange={(e) => setRegion(Number(e.target.value) || 0)} className={selectClass}>
              <option value="">{t('search.all_regions')}</option>
              {data.regions.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="mb-1 block text-muted">{t('search.city')}</span>
            <select name="city" defaultValue={params.city ?? ''} key={region} className={selectClass}>
              <option value="">{t('search.all_cities')}</option>
              {cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          {!fixedCatalog && (
            <label className="text-sm">
              <span className="mb-1 block text-muted">{t('search.category')}</span>
              <select name="catalog" defaultValue={params.catalog ?? ''} className={selectClass}>
                <option value="">{t('search.all_categories')}</option>
                {data.catalogs.map((parent) => (
                  <optgroup key={parent.id} label={parent.name}>
                    <option value={parent.id}>{t('search.all_in', { name: parent.name })}</option>
                    {parent.children.map((child) => (
                      <option key={child.id} value={child.id}>
                        {child.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </label>
          )}
          <div className="flex items-end gap-2 sm:col-span-3">
            <button type="submit" className="h-11 rounded-lg bg-brand px-4 text-sm font-semibold text-brand-ink hover:brightness-110">
              {t('search.apply')}
            </button>
            <Link
              to={pathname}
              className="inline-flex h-11 items-center rounded-lg border border-line px-4 text-sm font-semibold hover:bg-sunken"
            >
              {t('search.reset')}
            </Link>
          </div>
        </div>
      </details>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">{t('search.sort_label')}</span>
          <select
            name="sort"
            defaultValue={params.sort ?? ''}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
            className="h-10 rounded-lg border border-line bg-raised px-2 text-sm outline-none focus:border-brand"
          >
            <option value="">{t(params.q ? 'search.sort.relevance' : 'search.sort.created_at_desc')}</option>
            {SORT_KEYS.filter((key) => params.q || key !== 'created_at_desc').map((key) => (
              <option key={key} value={key}>
                {t(`search.sort.${key}`)}
              </option>
            ))}
          </select>
        </label>
        <ViewToggle view={params.view} />
      </div>
      {params.view === 'list' && <input type="hidden" name="view" value="list" />}
    </Form>
  );
}

/** Card or list; the choice is remembered in a cookie so the next page renders the same way on the server. */
function ViewToggle({ view }: { view: ViewMode }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const href = (mode: ViewMode) => {
    const params = new URLSearchParams(search);
    params.set('view', mode);
    return `?${params.toString()}`;
  };
  const button = (mode: ViewMode, label: string, Icon: typeof List) => (
    <Link
      to={href(mode)}
      onClick={() => storeViewMode(mode)}
      aria-label={label}
      aria-current={view === mode ? 'true' : undefined}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-lg border ${view === mode ? 'border-brand bg-brand-soft' : 'border-line bg-raised hover:bg-sunken'}`}
    >
      <Icon aria-hidden size={18} />
    </Link>
  );
  return (
    <div className="flex gap-1">
      {button('card', t('search.view_card'), LayoutGrid)}
      {button('list', t('search.view_list'), List)}
    </div>
  );
}
