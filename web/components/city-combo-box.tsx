import { ChevronDown } from 'lucide-react';
import { type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, useFilter } from 'react-aria-components';
import { useTranslation } from '../lib/use-translation';
import { inputClass } from './form-controls';

export interface CityOption {
  id: number;
  /** In the reader's language. */
  name: string;
  name_fi: string;
  name_sv: string;
}

/** The name a reader may also know the place by: Finnish beside a translation, else Swedish. */
function otherName(city: CityOption): string | undefined {
  if (city.name !== city.name_fi) return city.name_fi;
  return city.name_sv !== city.name_fi ? city.name_sv : undefined;
}

/**
 * The municipality picker: type to filter by the Finnish, Swedish or shown name (accents and case
 * ignored), pick with arrows and Enter. Submits the city's id as `city_id`; an empty field clears it.
 */
export function CityComboBox({
  cities,
  defaultCityId,
  errors,
  required = false,
  onCityChange,
}: {
  cities: CityOption[];
  defaultCityId: number | null;
  errors: string[] | undefined;
  /** Required fields say so instead of "(optional)". */
  required?: boolean;
  /** Told of every choice (and of clearing), for forms that keep their own state. */
  onCityChange?: (cityId: number | null) => void;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const { contains } = useFilter({ sensitivity: 'base' });
  const byId = useMemo(() => new Map(cities.map((city) => [city.id, city])), [cities]);
  const [cityId, setCityId] = useState<number | null>(defaultCityId !== null && byId.has(defaultCityId) ? defaultCityId : null);
  const [input, setInput] = useState(cityId !== null ? (byId.get(cityId)?.name ?? '') : '');

  // The chosen city's own name in the field means "show them all" (opened with the button).
  const chosen = cityId !== null ? byId.get(cityId) : undefined;
  const query = chosen && input === chosen.name ? '' : input.trim();
  const items = useMemo(
    () => (query ? cities.filter((c) => contains(c.name, query) || contains(c.name_fi, query) || contains(c.name_sv, query)) : cities),
    [cities, contains, query],
  );
  const invalid = !!errors?.length;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useUnfocusableWhileHidden(open, root);

  return (
    <ComboBox
      ref={root}
      onOpenChange={setOpen}
      name="city_id"
      formValue="key"
      items={items}
      value={cityId}
      onChange={(key) => {
        const id = key === null ? null : Number(key);
        setCityId(id);
        setInput(id !== null ? (byId.get(id)?.name ?? '') : '');
        onCityChange?.(id);
      }}
      inputValue={input}
      onInputChange={(value) => {
        setInput(value);
        if (value === '') {
          setCityId(null);
          onCityChange?.(null);
        }
      }}
      allowsEmptyCollection
      isInvalid={invalid}
      isRequired={required}
      className="group"
    >
      <Label className="mb-1.5 block text-sm font-medium">
        {t('account.fields.city')}
        {!required && <span className="font-normal text-muted"> ({t('account.fields.optional')})</span>}
      </Label>
      <div className="relative">
        <Input placeholder={t('account.profile.city_placeholder')} className={`${inputClass} pr-11`} />
        <Button
          aria-label={t('account.profile.city_show_all')}
          className="absolute top-1/2 right-1 inline-flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:bg-sunken hover:text-ink"
        >
          <ChevronDown aria-hidden size={18} />
        </Button>
      </div>
      {invalid && (
        <Text slot="errorMessage" id={errorId} className="mt-1.5 block text-sm text-danger">
          {errors.join(' ')}
        </Text>
      )}
      {/* The list itself scrolls: it is the popup the field controls, so keys move through it (axe: scrollable-region-focusable). */}
      <Popover className="flex w-[var(--trigger-width)] flex-col rounded-lg border border-line bg-raised text-ink shadow-lg outline-none">
        <ListBox
          className="max-h-72 min-h-0 overflow-y-auto p-1 outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-sm text-muted">{t('validation.city_not_found')}</p>}
        >
          {(city: CityOption) => (
            <ListBoxItem
              id={city.id}
              textValue={city.name}
              className="flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 text-sm outline-none data-[focused]:bg-sunken data-[selected]:font-semibold data-[selected]:text-brand"
            >
              <span>{city.name}</span>
              {otherName(city) && <span className="text-xs text-muted">{otherName(city)}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable="true"]';

/**
 * While the list is open React Aria hides the rest of the page from screen readers (aria-hidden on
 * everything but the field and its list), yet those parts stayed focusable, which axe reports
 * (aria-hidden-focus) and a screen reader could Tab into unseen. So the hidden parts that hold
 * something focusable are also made inert until the list closes, as React Aria's own modal
 * overlays do. Runs after React Aria's effect (a parent's effects run after its children's).
 */
function useUnfocusableWhileHidden(open: boolean, root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    // The field's own button (show all, out of the tab order) still closes the list by mouse.
    const made = [...document.querySelectorAll<HTMLElement>('[aria-hidden="true"]:not([inert])')].filter(
      (element) => !root.current?.contains(element) && (element.matches(FOCUSABLE) || element.querySelector(FOCUSABLE) !== null),
    );
    for (const element of made) element.setAttribute('inert', '');
    return () => {
      for (const element of made) element.removeAttribute('inert');
    };
  }, [open, root]);
}
