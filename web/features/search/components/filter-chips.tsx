import { X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { Locale } from '../../../../common/locales';
import { formatPrice } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { DEFAULT_RADIUS_KM } from '../../../../common/place';
import { NEAR_CITY_PARAM, NEAR_PARAM } from '../../../../common/search-url';
import { type FilterParam, activeFilters, attributeParamNames, searchWithout, searchWithoutFilters } from '../listing-params';
import { attributeChipLabel } from '../attribute-chips';
import type { FilterData } from './filter-fields';

interface Chip {
  label: string;
  /** The URL parameters the chip stands for; removing it removes them all. */
  keys: FilterParam[];
}

/** The filters that are on, each as a chip that removes it, and "clear all". Links: they work before scripts load. */
export function FilterChips({ data, fixedCatalog }: { data: FilterData; fixedCatalog?: boolean }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const { params } = data;
  const on = new Set(activeFilters(params, fixedCatalog));
  if (on.size === 0) return null;
  const price = (euros: number) => formatPrice(euros, i18n.language as Locale);

  const chips: Chip[] = [];
  const region = data.regions.find((r) => r.id === params.region);
  const city = data.cities.find((c) => c.id === params.city);
  if (on.has('region') && region) chips.push({ label: region.name, keys: ['region', 'city'] });
  if (on.has('city') && city) chips.push({ label: city.name, keys: ['city'] });
  if (on.has('place')) chips.push({ label: params.place, keys: ['place'] });
  if (on.has('catalog')) {
    const all = data.catalogs.flatMap((parent) => [parent, ...parent.children]);
    const catalog = all.find((c) => c.id === params.catalog);
    if (catalog) chips.push({ label: catalog.name, keys: ['catalog'] });
  }
  if (params.kind) chips.push({ label: t(`ad_kinds.${params.kind}`), keys: ['kind'] });
  if (params.priceFrom !== null && params.priceTo !== null) {
    chips.push({
      label: t('search.chip_price_range', { from: price(params.priceFrom), to: price(params.priceTo) }),
      keys: ['price_from', 'price_to'],
    });
  } else if (params.priceFrom !== null) {
    chips.push({ label: t('search.chip_price_from', { price: price(params.priceFrom) }), keys: ['price_from'] });
  } else if (params.priceTo !== null) {
    chips.push({ label: t('search.chip_price_to', { price: price(params.priceTo) }), keys: ['price_to'] });
  }
  if (params.posted) chips.push({ label: t(`search.posted.${params.posted}`), keys: ['posted'] });
  if (params.images) chips.push({ label: t('search.with_images'), keys: ['images'] });
  const km = params.radius ?? DEFAULT_RADIUS_KM;
  if (params.near) chips.push({ label: t('search.near.chip', { place: params.near, km }), keys: [NEAR_PARAM] });
  const nearCity = params.nearCity && data.cities.find((c) => c.id === params.nearCity);
  if (nearCity) chips.push({ label: t('search.near.chip', { place: nearCity.name, km }), keys: [NEAR_CITY_PARAM] });
  for (const field of data.filterFields) {
    const filter = params.attributes[field.key];
    if (filter !== undefined) {
      chips.push({
        label: attributeChipLabel(field, filter, t, i18n.language as Locale),
        keys: attributeParamNames(field.key) as FilterParam[],
      });
    }
  }

  return (
    <section aria-label={t('search.applied')} className="flex flex-wrap items-center gap-2" data-testid="filter-chips">
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.keys.join()}>
            <Link
              to={`${pathname}${searchWithout(search, chip.keys)}`}
              aria-label={t('search.remove_filter', { name: chip.label })}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-brand/50 bg-brand-soft py-1 pr-2 pl-3 text-sm hover:border-brand"
            >
              {chip.label}
              <X aria-hidden size={14} />
            </Link>
          </li>
        ))}
      </ul>
      <Link to={`${pathname}${searchWithoutFilters(search)}`} className="px-2 py-1 text-sm font-semibold text-brand hover:underline">
        {t('search.clear_all')}
      </Link>
    </section>
  );
}
