import { type ReactNode, Suspense, lazy, useId, useState } from 'react';
import { AD_KINDS } from '../../../../common/ad-rules';
import { POSTED_WITHIN } from '../../../../common/listing-filters';
import { useTranslation } from '../../../lib/use-translation';
import type { ListingData } from '../listing.server';
import { useCatalogFilterFields } from '../use-catalog-filter-fields';
import { PlaceComboBox } from './place-combo-box';

// The category's fields are their own chunk, fetched where a catalog has them: the server renders
// them in full (a page without scripts works), and the browser hydrates them once it has the chunk.
const AttributeFilters = lazy(() => import('./attribute-filters').then((m) => ({ default: m.AttributeFilters })));

const controlClass = 'h-11 w-full rounded-lg border border-line bg-raised px-3 text-sm focus-ring focus:border-brand';

/** A price as the URL and the filter chips write it: "1200", "12,5" — what a person would type. */
function priceValue(euros: number | null): string {
  return euros === null ? '' : String(euros).replace('.', ',');
}

export type FilterData = Pick<ListingData, 'params' | 'regions' | 'cities' | 'catalogs' | 'filterFields' | 'facets'> &
  Partial<Pick<ListingData, 'facetsCapped'>>;

/**
 * The filter controls, named as the URL names them, for the search's GET form: place, category,
 * kind of ad, price range, age and "only with pictures", then the distance from a place
 * (`nearFields`, from the near feature) and the chosen category's own fields. Uncontrolled: each
 * field starts from the URL and the form reads them on submit (the panel and the phone's sheet
 * each hold their own copy).
 */
export function FilterFields({
  data,
  fixedCatalog,
  columns,
  nearFields,
}: {
  data: FilterData;
  fixedCatalog?: boolean;
  columns: string;
  nearFields?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { params } = data;
  // A catalog page's own catalog, else the one picked in the form (its fields show before the form is sent).
  const [chosenCatalog, setChosenCatalog] = useState(params.catalog);
  const catalogFields = useCatalogFilterFields(fixedCatalog ? params.catalog : chosenCatalog, {
    catalog: params.catalog,
    fields: data.filterFields,
  });
  return (
    <div className={`grid gap-3 ${columns}`}>
      <PlaceComboBox regions={data.regions} cities={data.cities} region={params.region} city={params.city} place={params.place} />
      {!fixedCatalog && (
        <label className="text-sm">
          <span className="mb-1 block text-muted">{t('search.category')}</span>
          <select
            name="catalog"
            defaultValue={params.catalog ?? ''}
            onChange={(event) => setChosenCatalog(Number(event.target.value) || null)}
            className={controlClass}
          >
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
      <label className="text-sm">
        <span className="mb-1 block text-muted">{t('search.kind')}</span>
        <select name="kind" defaultValue={params.kind ?? ''} className={controlClass}>
          <option value="">{t('search.all_kinds')}</option>
          {AD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`ad_kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="text-sm">
        <legend className="mb-1 block text-muted">{t('search.price')}</legend>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-from`} className="sr-only">
            {t('search.price_from')}
          </label>
          <input
            id={`${id}-from`}
            name="price_from"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('search.price_min')}
            defaultValue={priceValue(params.priceFrom)}
            className={controlClass}
          />
          <span aria-hidden className="text-muted">
            –
          </span>
          <label htmlFor={`${id}-to`} className="sr-only">
            {t('search.price_to')}
          </label>
          <input
            id={`${id}-to`}
            name="price_to"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('search.price_max')}
            defaultValue={priceValue(params.priceTo)}
            className={controlClass}
          />
        </div>
      </fieldset>
      <label className="text-sm">
        <span className="mb-1 block text-muted">{t('search.posted_within')}</span>
        <select name="posted" defaultValue={params.posted ?? ''} className={controlClass}>
          <option value="">{t('search.posted_any')}</option>
          {POSTED_WITHIN.map((within) => (
            <option key={within} value={within}>
              {t(`search.posted.${within}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-h-11 cursor-pointer items-center gap-2 self-end rounded-lg px-1 text-sm">
        <input type="checkbox" name="images" value="1" defaultChecked={params.images} className="h-5 w-5 accent-[var(--brand)]" />
        {t('search.with_images')}
      </label>
      {nearFields}
      {(catalogFields.loading || catalogFields.fields.length > 0) && (
        <Suspense fallback={null}>
          <AttributeFilters
            fields={catalogFields.fields}
            values={catalogFields.own ? params.attributes : {}}
            facets={catalogFields.own ? data.facets : {}}
            facetsCapped={catalogFields.own && (data.facetsCapped ?? false)}
            loading={catalogFields.loading}
          />
        </Suspense>
      )}
    </div>
  );
}
