import { useId, useState, useSyncExternalStore } from 'react';
import type { AttributeFilter, AttributeFilters, Facets, PublicAttribute } from '../../../../common/attributes';
import { type Locale } from '../../../../common/locales';
import { ATTRIBUTE_PARAM_PREFIX as A } from '../../../../common/search-url';
import { useTranslation } from '../../../lib/use-translation';
import { boundText, tidyBound } from '../attribute-numbers';

const controlClass = 'h-11 w-full min-w-0 rounded-lg border border-line bg-raised px-3 text-sm focus-ring focus:border-brand';
/** A choice list longer than this shows its first (most found) options and "Show all" for the rest. */
const SHORT_LIST = 8;

const noSubscription = () => () => {};
/** False on the server and while hydrating: controls that need scripts appear only once they work. */
const useInBrowser = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * The category's filter fields under the general filters, named as the URL names them (`a.<key>`,
 * `a.<key>.min`, `a.<key>.max`) for the search's GET form: ranges as two inputs, choices as
 * checkboxes with the counts of the current results, yes/no as one checkbox. Uncontrolled, like
 * the other filter fields: each starts from the URL and the form reads them on submit.
 */
export function AttributeFilters({
  fields,
  values,
  facets,
  facetsCapped = false,
  loading = false,
}: {
  fields: readonly PublicAttribute[];
  values: AttributeFilters;
  /** Counts for the search on screen; none while another catalog is being chosen. */
  facets: Facets;
  /** The counts are of the first few thousand ads found (a broad search): each is shown as "at least". */
  facetsCapped?: boolean;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <p role="status" className="col-span-full text-sm text-muted">
        {t('search.attributes.loading')}
      </p>
    );
  }
  if (fields.length === 0) return null;
  return (
    <fieldset className="col-span-full border-t border-line pt-3" data-testid="attribute-filters">
      <legend className="float-left mb-2 w-full text-sm font-semibold">{t('search.attributes.legend')}</legend>
      <div className="clear-both grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {fields.map((field) => (
          <AttributeFilterField key={field.key} field={field} value={values[field.key]} facets={facets[field.key]} capped={facetsCapped} />
        ))}
      </div>
    </fieldset>
  );
}

function AttributeFilterField({
  field,
  value,
  facets,
  capped,
}: {
  field: PublicAttribute;
  value: AttributeFilter | undefined;
  facets: Facets[string] | undefined;
  capped: boolean;
}) {
  switch (field.type) {
    case 'number':
    case 'date':
      return <RangeFilter field={field} value={value && !Array.isArray(value) && typeof value === 'object' ? value : {}} />;
    case 'choice':
    case 'choices':
      return <ChoiceFilter field={field} checked={Array.isArray(value) ? value : []} facets={facets} capped={capped} />;
    case 'boolean':
      return <YesFilter field={field} checked={value === true} count={facets?.find((f) => f.value === 'true')?.count} />;
    case 'text':
      return null;
  }
}

/** From and to; numbers show their thousands separators once the person leaves the input. */
function RangeFilter({ field, value }: { field: PublicAttribute; value: { min?: number | string; max?: number | string } }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const locale = i18n.language as Locale;
  const unit = field.unit ? t(`attributes.unit.${field.unit}`) : '';
  const isDate = field.type === 'date';
  const input = (bound: 'min' | 'max') => {
    const label = t(bound === 'min' ? 'search.attributes.from' : 'search.attributes.to', { name: field.label });
    const common = {
      id: `${id}-${bound}`,
      name: `${A}${field.key}.${bound}`,
      autoComplete: 'off',
      'aria-label': label,
      className: controlClass,
    };
    if (isDate) {
      return (
        <input
          {...common}
          type="date"
          defaultValue={typeof value[bound] === 'string' ? value[bound] : ''}
          {...(field.min !== undefined ? { min: `${field.min}-01-01` } : {})}
          {...(field.max !== undefined ? { max: `${field.max}-12-31` } : {})}
        />
      );
    }
    return (
      <input
        {...common}
        inputMode={field.decimals > 0 ? 'decimal' : 'numeric'}
        placeholder={t(bound === 'min' ? 'search.price_min' : 'search.price_max')}
        defaultValue={boundText(field, value[bound], locale)}
        onBlur={(event) => {
          const typed = event.currentTarget.value;
          event.currentTarget.value = boundText(field, tidyBound(typed, locale), locale, { grouped: true, fallback: typed });
        }}
      />
    );
  };
  return (
    <fieldset className="text-sm">
      <legend className="mb-1 block text-muted">
        {field.label}
        {unit && ` (${unit})`}
      </legend>
      <div className="flex items-center gap-2">
        {input('min')}
        <span aria-hidden className="text-muted">
          –
        </span>
        {input('max')}
      </div>
    </fieldset>
  );
}

/** The options to show before "Show all": the most found ones (in the list's order without counts), and every ticked one. */
export function firstOptions(
  options: readonly { value: string }[],
  checked: readonly string[],
  facets: Facets[string] | undefined,
): Set<string> {
  if (options.length <= SHORT_LIST + 2) return new Set(options.map((o) => o.value));
  const count = new Map(facets?.map((f) => [f.value, f.count]));
  const ranked = facets ? [...options].sort((a, b) => (count.get(b.value) ?? 0) - (count.get(a.value) ?? 0)) : options;
  return new Set([...ranked.slice(0, SHORT_LIST).map((o) => o.value), ...checked]);
}

/** Checkboxes with the number of results each would give; a long list (makes) opens in full with a search of its own. */
function ChoiceFilter({
  field,
  checked,
  facets,
  capped,
}: {
  field: PublicAttribute;
  checked: string[];
  facets: Facets[string] | undefined;
  capped: boolean;
}) {
  const { t } = useTranslation();
  const inBrowser = useInBrowser();
  const [typed, setTyped] = useState('');
  const options = field.options ?? [];
  const first = firstOptions(options, checked, facets);
  const count = facets ? new Map(facets.map((f) => [f.value, f.count])) : undefined;
  const wanted = typed.trim().toLocaleLowerCase();
  const box = (option: { value: string; label: string }, hidden = false) => (
    <li key={option.value} hidden={hidden}>
      <label className="flex min-h-9 cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          name={`${A}${field.key}`}
          value={option.value}
          defaultChecked={checked.includes(option.value)}
          className="h-5 w-5 shrink-0 accent-[var(--brand)]"
        />
        <span className="min-w-0 flex-1 truncate">{option.label}</span>
        {count && <FacetCount count={count.get(option.value) ?? 0} capped={capped} />}
      </label>
    </li>
  );
  const rest = options.filter((o) => !first.has(o.value));
  const matching = rest.filter((o) => !wanted || o.label.toLocaleLowerCase().includes(wanted));
  return (
    <fieldset className="text-sm">
      <legend className="mb-1 block text-muted">{field.label}</legend>
      <ul>{options.filter((o) => first.has(o.value)).map((o) => box(o))}</ul>
      {rest.length > 0 && (
        // A disclosure that works before scripts load; the boxes inside are sent whether it is open or not.
        <details className="mt-1">
          <summary className="min-h-9 cursor-pointer py-2 font-semibold text-brand">
            {t('search.attributes.show_all', { count: options.length })}
          </summary>
          {inBrowser && (
            <input
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-label={t('search.attributes.find_option', { name: field.label })}
              placeholder={t('search.attributes.find_option', { name: field.label })}
              autoComplete="off"
              className={`${controlClass} my-2`}
            />
          )}
          <ul className="max-h-72 overflow-y-auto">{rest.map((o) => box(o, !matching.includes(o)))}</ul>
          {matching.length === 0 && <p className="py-2 text-muted">{t('search.attributes.no_match')}</p>}
        </details>
      )}
    </fieldset>
  );
}

/** "Only flats with a sauna": ticked, the search keeps the ads that have it. */
function YesFilter({ field, checked, count }: { field: PublicAttribute; checked: boolean; count: number | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 self-end rounded-lg px-1 text-sm">
      <input type="checkbox" name={`${A}${field.key}`} value="1" defaultChecked={checked} className="h-5 w-5 accent-[var(--brand)]" />
      <span className="flex-1">{t('search.attributes.only_with', { name: field.label.toLocaleLowerCase(i18n.language) })}</span>
      {count !== undefined && <span className="text-xs text-muted tabular-nums">{count}</span>}
    </label>
  );
}

/**
 * How many results a choice gives. Counted over the first few thousand ads of a broad search
 * (`capped`), a count is a lower bound ("1 200+"), and a value not met among them says nothing.
 */
function FacetCount({ count, capped }: { count: number; capped: boolean }) {
  const { t } = useTranslation();
  if (capped && count === 0) return null;
  return <span className="text-xs text-muted tabular-nums">{capped ? t('search.attributes.count_at_least', { count }) : count}</span>;
}
