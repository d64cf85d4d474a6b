import type { ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import { Form, Link, useLocation } from 'react-router';
import { CloseButton } from '../../../components/close-button';
import { DrawerPanel } from '../../../components/drawer-panel';
import { useTranslation } from '../../../lib/use-translation';
import { searchWithoutFilters } from '../listing-params';
import { type FilterData, FilterFields } from './filter-fields';
import { applyButton, useCleanSubmit } from './search-panel';

/**
 * The filters in a dialog with its own form, which keeps the words, sort and view: a sheet from the
 * bottom on a phone, a side panel of reading width on a wider screen (never a full-width sheet there).
 */
export function FilterSheet({
  isOpen,
  onOpenChange,
  data,
  fixedCatalog,
  nearFields,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  data: FilterData;
  fixedCatalog?: boolean;
  nearFields?: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const cleanSubmit = useCleanSubmit(pathname);
  const { params } = data;
  const close = () => onOpenChange(false);
  return (
    <DrawerPanel
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      side="sheet"
      label={t('search.filters')}
      className="flex min-h-0 flex-col sm:h-full"
    >
      <Form
        method="get"
        action={pathname}
        className="flex min-h-0 flex-col sm:h-full"
        onSubmit={(event) => {
          cleanSubmit(event);
          close();
        }}
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-2">
          <Heading slot="title" className="text-lg font-semibold">
            {t('search.filters')}
          </Heading>
          <CloseButton onClose={close} label={t('search.filters_close')} />
        </div>
        <div className="overflow-y-auto p-4 sm:flex-1">
          {params.q && <input type="hidden" name="q" value={params.q} />}
          {params.sort && <input type="hidden" name="sort" value={params.sort} />}
          {params.view === 'list' && <input type="hidden" name="view" value="list" />}
          <FilterFields data={data} fixedCatalog={fixedCatalog} columns="grid-cols-1" nearFields={nearFields} />
        </div>
        <div className="flex items-center justify-between gap-3 border-t border-line px-4 py-3">
          <Link
            to={`${pathname}${searchWithoutFilters(search)}`}
            onClick={close}
            className="text-sm font-semibold text-brand hover:underline"
          >
            {t('search.clear_all')}
          </Link>
          <button type="submit" className={applyButton}>
            {t('search.show_results')}
          </button>
        </div>
      </Form>
    </DrawerPanel>
  );
}
