import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';

export interface PlaceOption {
  id: number;
  /** In the reader's language. */
  name: string;
  name_fi: string;
  name_sv: string;
}

interface Choice {
  kind: 'region' | 'city';
  place: PlaceOption;
}

/** The other name a place is known by: Finnish beside a translation, else Swedish ("Espoo · Esbo"). */
function otherName(place: PlaceOption): string | undefined {
  if (place.name !== place.name_fi) return place.name_fi;
  return place.name_sv !== place.name_fi ? place.name_sv : undefined;
}

/** Case and accents do not matter: "jyvaskyla" finds Jyväskylä. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The place filter: one field for the 19 regions and 308 municipalities, found as one types by the
 * shown, Finnish or Swedish name ("Esbo" finds Espoo), in the ARIA combobox pattern (arrows move,
 * Enter picks, Escape closes). A choice goes into the search form as `region` or `city`; text that
 * names no choice goes as `place`, which the page's loader looks up by the same names, so the field
 * also works before scripts load. Written by hand like the search box, not with React Aria, so the
 * search pages' first load stays small.
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
  /** A place typed earlier that matched nothing: shown so it can be corrected. */
  place: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState<Choice | null>(() => {
    const found = city ? cities.find((c) => c.id === city) : region ? regions.find((r) => r.id === region) : undefined;
    return found ? { kind: city ? 'city' : 'region', place: found } : null;
  });
  const [text, setText] = useState(selected?.place.name ?? place);
  const [open, setOpen] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [active, setActive] = useState(-1);

  const query = showAll || (selected && text === selected.place.name) ? '' : fold(text.trim());
  const options = useMemo(() => {
    const matches = (p: PlaceOption) => !query || [p.name, p.name_fi, p.name_sv].some((name) => fold(name).includes(query));
    return [
      ...regions.filter(matches).map((p): Choice => ({ kind: 'region', place: p })),
      ...cities.filter(matches).map((p): Choice => ({ kind: 'city', place: p })),
    ];
  }, [regions, cities, query]);

  function choose(choice: Choice) {
    setSelected(choice);
    setText(choice.place.name);
    setOpen(false);
    setActive(-1);
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  const group = (kind: Choice['kind'], heading: string) => {
    const members = options.map((choice, index) => ({ choice, index })).filter(({ choice }) => choice.kind === kind);
    if (!members.length) return null;
    return (
      <div role="group" aria-labelledby={`${id}-${kind}`}>
        <div id={`${id}-${kind}`} role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
          {heading}
        </div>
        {members.map(({ choice, index }) => (
          <div
            key={`${kind}-${choice.place.id}`}
            id={optionId(index)}
            role="option"
            aria-selected={selected?.kind === kind && selected.place.id === choice.place.id}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(choice)}
            className={`flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 text-sm aria-selected:font-semibold aria-selected:text-brand ${index === active ? 'bg-sunken' : ''}`}
          >
            <span>{choice.place.name}</span>
            {otherName(choice.place) && <span className="text-xs text-muted">{otherName(choice.place)}</span>}
          </div>
        ))}
      </div>
    );
  };

  return (
    <div className="relative text-sm">
      <label htmlFor={`${id}-input`} className="mb-1 block text-muted">
        {t('search.place')}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={`${id}-input`}
          // A choice is sent as its id (below); typed text that is not a choice as a name.
          name={selected || !text.trim() ? undefined : 'place'}
          value={text}
          autoComplete="off"
          placeholder={t('search.place_placeholder')}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            setShowAll(false);
            setActive(-1);
            setOpen(true);
            if (selected && value !== selected.place.name) setSelected(null);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              if (!open) setOpen(true);
              const step = event.key === 'ArrowDown' ? 1 : -1;
              setActive((i) => (options.length ? (i + step + options.length) % options.length : -1));
            } else if (event.key === 'Escape' && open) {
              event.preventDefault();
              setOpen(false);
            } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
              event.preventDefault();
              choose(options[active]);
            }
          }}
          className="h-11 w-full rounded-lg border border-line bg-raised pr-10 pl-3 text-sm focus-ring focus:border-brand"
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={t('search.place_show_all')}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setShowAll(true);
            setOpen((wasOpen) => !wasOpen);
            input.current?.focus();
          }}
          className="absolute top-1/2 right-1 inline-flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:bg-sunken hover:text-ink"
        >
          <ChevronDown aria-hidden size={18} />
        </button>
      </div>
      {selected && <input type="hidden" name={selected.kind} value={selected.place.id} />}
      {open && (
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={t('search.place')}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-line bg-raised p-1 text-ink shadow-lg"
        >
          {options.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted">{t('search.place_not_found')}</p>
          ) : (
            <>
              {group('region', t('search.region'))}
              {group('city', t('search.city'))}
            </>
          )}
        </div>
      )}
    </div>
  );
}
