import { LayoutGrid, List, SlidersHorizontal } from 'lucide-react';
import { type FormEvent, type ReactNode, Suspense, lazy, useState } from 'react';
import { Form, Link, useLocation, useSubmit } from 'react-router';
import type { Locale } from '../../../../common/locales';
import { storeViewMode } from '../../../lib/preferences';
import { useTranslation } from '../../../lib/use-translation';
import { sortKeysOffered } from '../field-filters';
import { activeFilters, searchWithoutFilters, tidySearch } from '../listing-params';
import type { ListingData, ViewMode } from '../listing.server';
import { FilterChips } from './filter-chips';
import { type FilterData, FilterFields } from './filter-fields';
import { SearchBox } from './search-box';

// The phone's sheet (and the dialog code it brings) loads on the first press of its button.
const FilterSheet = lazy(() => import('./filter-sheet').then((m) => ({ default: m.FilterSheet })));

export const applyButton = 'h-11 rounded-lg bg-brand px-4 text-sm font-semibold text-brand-ink hover:brightness-110';

/** Submits a search form as a GET without its empty fields, so the URL says only what was chosen. */
export function useCleanSubmit(action: string) {
  const submit = useSubmit();
  const { i18n } = useTranslation();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter)) {
      if (typeof value === 'string' && value.trim() !== '') values.append(key, value);
    }
    void submit(tidySearch(values, i18n.language as Locale), { method: 'get', action });
  };
}

/**
 * The search: text, then the filters (place, category, kind, price, age, pictures), the chips of
 * those that are on, the sort and the view. A GET form, so the whole state lands in the URL
 * (bookmarkable, shareable, the back button works) and it works before JavaScript loads. On a
 * phone the filters open in a sheet from the bottom; before scripts load, the same button jumps to
 * the filter panel, which `:target` then shows.
 */
export function SearchPanel({
  data,
  fixedCatalog,
  collapsed = false,
  nearFields,
}: {
  data: FilterData & Pick<ListingData, 'problems'>;
  fixedCatalog?: boolean;
  /** The filters behind their button on every screen (the front page before a search: the ads come first). */
  collapsed?: boolean;
  /** The "Location" section (the near feature's), rendered in the panel and in the sheet alike. */
  nearFields?: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { params } = data;
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetWanted, setSheetWanted] = useState(false);
  const onSubmit = useCleanSubmit(pathname);
  const count = activeFilters(params, fixedCatalog).length;
  // The sort picked stays shown (and focused) while its results load; a new search shows its own.
  const [pickedSort, setPickedSort] = useState({ search, sort: params.sort ?? '' });
  const sort = pickedSort.search === search ? pickedSort.sort : (params.sort ?? '');

  return (
    <>
      <Form method="get" action={pathname} className="mb-4 space-y-3" role="search" onSubmit={onSubmit}>
        <div className="flex gap-2">
          <SearchBox defaultValue={params.q} />
          <button type="submit" className="h-12 rounded-xl bg-brand px-5 font-semibold text-brand-ink hover:brightness-110">
            {t('search.submit')}
          </button>
        </div>
        <a
          href="#search-filters"
          aria-haspopup="dialog"
          onClick={(event) => {
            event.preventDefault();
            setSheetWanted(true);
            setSheetOpen(true);
          }}
          className={`inline-flex h-11 items-center gap-2 rounded-lg border border-line bg-raised px-4 text-sm font-semibold hover:bg-sunken ${collapsed ? '' : 'sm:hidden'}`}
        >
          <SlidersHorizontal aria-hidden size={16} />
          {count ? t('search.filters_count', { count }) : t('search.filters_open')}
        </a>
        <section
          id="search-filters"
          aria-label={t('search.filters')}
          className={`hidden rounded-xl border border-line bg-raised p-4 target:block ${collapsed ? '' : 'sm:block'}`}
        >
          {/* Keyed by the search: a new search (a chip, the sheet, back) starts the fields from the URL
              again, while the apply button (outside the key) keeps the focus it was pressed with. */}
          <FilterFields
            key={search}
            data={data}
            fixedCatalog={fixedCatalog}
            columns="sm:grid-cols-2 lg:grid-cols-3"
            nearFields={nearFields}
          />
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button type="submit" className={applyButton}>
              {t('search.apply')}
            </button>
            {count > 0 && (
              <Link to={`${pathname}${searchWithoutFilters(search)}`} className="text-sm font-semibold text-brand hover:underline">
                {t('search.clear_all')}
              </Link>
            )}
          </div>
        </section>
        <FilterChips data={data} fixedCatalog={fixedCatalog} />
        {data.problems.length > 0 && (
          <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 px-3 py-2 text-sm">
            {t('search.filter_problem', { message: data.problems.join(' ') })}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm">
            <span className="text-muted">{t('search.sort_label')}</span>
            <select
              name="sort"
              value={sort}
              onChange={(e) => {
                setPickedSort({ search, sort: e.currentTarget.value });
                e.currentTarget.form?.requestSubmit();
              }}
              className="h-10 rounded-lg border border-line bg-raised px-2 text-sm focus-ring focus:border-brand"
            >
              <option value="">{t(params.q ? 'search.sort.relevance' : 'search.sort.created_at_desc')}</option>
              {sortKeysOffered(params, data.filterFields).map((key) => (
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
      {sheetWanted && (
        <Suspense fallback={null}>
          <FilterSheet isOpen={sheetOpen} onOpenChange={setSheetOpen} data={data} fixedCatalog={fixedCatalog} nearFields={nearFields} />
        </Suspense>
      )}
    </>
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
