import { ChevronDown } from 'lucide-react';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { Button, ComboBox, Header, Input, Label, ListBox, ListBoxItem, ListBoxSection, Popover, useFilter } from 'react-aria-components';
import { useTranslation } from '../../../lib/use-translation';

export interface PlaceOption {
  id: number;
  /** In the reader's language. */
  name: string;
  name_fi: string;
  name_sv: string;
}

type PlaceKey = `region-${number}` | `city-${number}`;

/** The other name a place is known by: Finnish beside a translation, else Swedish ("Espoo · Esbo"). */
function otherName(place: PlaceOption): string | undefined {
  if (place.name !== place.name_fi) return place.name_fi;
  return place.name_sv !== place.name_fi ? place.name_sv : undefined;
}

const noSubscription = () => () => {};

/**
 * The place filter: one field for the 19 regions and 308 municipalities, found as one types by the
 * shown, Finnish or Swedish name ("Esbo" finds Espoo; accents and case do not matter). The choice
 * goes into the search form as `region` or `city`. Before scripts load the field is a plain text
 * input named `place`, which the page's loader looks up by the same names.
 */
export function PlaceComboBox({
  regions,
  cities,
  region,
  city,
  place,
}: {
  regions: PlaceOption[];
  cities: PlaceOption[];
  region: number | null;
  city: number | null;
  /** A place typed before scripts loaded that matched nothing: shown so it can be corrected. */
  place: string;
}) {
  const { t } = useTranslation();
  const { contains } = useFilter({ sensitivity: 'base' });
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const byKey = useMemo(() => {
    const map = new Map<PlaceKey, PlaceOption>();
    for (const r of regions) map.set(`region-${r.id}`, r);
    for (const c of cities) map.set(`city-${c.id}`, c);
    return map;
  }, [regions, cities]);
  const initial: PlaceKey | null = city ? `city-${city}` : region ? `region-${region}` : null;
  const [selected, setSelected] = useState<PlaceKey | null>(initial && byKey.has(initial) ? initial : null);
  const [input, setInput] = useState(selected ? (byKey.get(selected)?.name ?? '') : place);

  const chosen = selected ? byKey.get(selected) : undefined;
  // The chosen place's own name in the field means "show them all" (opened with the button).
  const query = chosen && input === chosen.name ? '' : input.trim();
  const matches = (p: PlaceOption) => !query || contains(p.name, query) || contains(p.name_fi, query) || contains(p.name_sv, query);
  const shownRegions = regions.filter(matches);
  const shownCities = cities.filter(matches);
  const [kind, id] = selected ? (selected.split('-') as ['region' | 'city', string]) : [null, null];

  const item = (key: PlaceKey, p: PlaceOption) => (
    <ListBoxItem
      key={key}
      id={key}
      textValue={p.name}
      className="flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 text-sm outline-none data-[focused]:bg-sunken data-[selected]:font-semibold data-[selected]:text-brand"
    >
      <span>{p.name}</span>
      {otherName(p) && <span className="text-xs text-muted">{otherName(p)}</span>}
    </ListBoxItem>
  );

  return (
    <ComboBox
      selectedKey={selected}
      onSelectionChange={(key) => {
        const next = key === null ? null : (String(key) as PlaceKey);
        setSelected(next);
        setInput(next ? (byKey.get(next)?.name ?? '') : '');
      }}
      inputValue={input}
      onInputChange={(value) => {
        setInput(value);
        if (value === '') setSelected(null);
      }}
      // The sections below are already filtered by every name a place has; the combo box's own
      // filter would look at the shown name only and drop "Esbo".
      defaultFilter={() => true}
      allowsEmptyCollection
      menuTrigger="focus"
      className="text-sm"
    >
      <Label className="mb-1 block text-muted">{t('search.place')}</Label>
      <div className="relative">
        <Input
          // Before scripts load, the typed text is the filter; afterwards the chosen id is.
          name={inBrowser ? undefined : 'place'}
          placeholder={t('search.place_placeholder')}
          className="h-11 w-full rounded-lg border border-line bg-raised pr-10 pl-3 text-sm outline-none focus:border-brand"
        />
        <Button
          aria-label={t('search.place_show_all')}
          className="absolute top-1/2 right-1 inline-flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:bg-sunken hover:text-ink"
        >
          <ChevronDown aria-hidden size={18} />
        </Button>
      </div>
      {kind && <input type="hidden" name={kind} value={id!} />}
      <Popover className="max-h-72 w-[var(--trigger-width)] overflow-y-auto rounded-lg border border-line bg-raised text-ink shadow-lg outline-none">
        <ListBox
          className="p-1 outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-sm text-muted">{t('search.place_not_found')}</p>}
        >
          {shownRegions.length > 0 && (
            <ListBoxSection>
              <Header className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t('search.region')}</Header>
              {shownRegions.map((r) => item(`region-${r.id}`, r))}
            </ListBoxSection>
          )}
          {shownCities.length > 0 && (
            <ListBoxSection>
              <Header className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t('search.city')}</Header>
              {shownCities.map((c) => item(`city-${c.id}`, c))}
            </ListBoxSection>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
