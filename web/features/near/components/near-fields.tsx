import { LocateFixed, X } from 'lucide-react';
import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { RADIUS_KM } from '../../../../common/attributes';
import { DEFAULT_RADIUS_KM } from '../../../../common/place';
import { NEAR_CITY_PARAM, NEAR_PARAM, POSTAL_CODE_PATTERN, RADIUS_PARAM } from '../../../../common/search-url';
import { useTranslation } from '../../../lib/use-translation';
import { type NearMeState, type NearbyCity, useNearMe } from '../use-near-me';

const controlClass = 'h-11 w-full rounded-lg border bg-raised px-3 text-sm focus-ring focus:border-brand';

const noSubscription = () => () => {};
/** Only where the browser can tell its position, and only once scripts run: the server never renders a dead button. */
const useCanLocate = () =>
  useSyncExternalStore(
    noSubscription,
    () => typeof navigator !== 'undefined' && !!navigator.geolocation,
    () => false,
  );

/** What the live region says about "near me". */
function nearMeMessage(state: NearMeState, t: (key: string, params?: Record<string, string>) => string): string {
  switch (state.status) {
    case 'idle':
      return '';
    case 'busy':
      return t('search.near.locating');
    case 'found':
      return t('search.near.found', { name: state.city.name });
    case 'denied':
    case 'unavailable':
    case 'outside':
      return t(`search.near.${state.status}`);
  }
}

/**
 * "Location": a postal code (checked here: five digits, with the message under the input) or the
 * municipality "near me" found, and the radius, named as the URL names them (`near`,
 * `near_city`, `radius`) for the search's GET form. The default radius is sent as nothing, so an
 * address without `radius` means 25 km and a form sent without a place adds nothing to the URL.
 */
export function NearFields({
  near,
  nearCity,
  radius,
  cities,
}: {
  near: string | null;
  nearCity: number | null;
  radius: number | null;
  /** The municipalities' names (the page has them), for the one in the URL. */
  cities: readonly NearbyCity[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const canLocate = useCanLocate();
  const postalInput = useRef<HTMLInputElement>(null);
  const [postal, setPostal] = useState(near ?? '');
  const [city, setCity] = useState<NearbyCity | null>(() => cities.find((c) => c.id === nearCity) ?? null);
  const [invalid, setInvalid] = useState(false);
  const { state, locate } = useNearMe((found) => {
    // The municipality replaces a typed postal code: one place at a time.
    setCity(found);
    setPostal('');
    setInvalid(false);
  });
  const busy = state.status === 'busy';
  const message = nearMeMessage(state, t);
  const check = (value: string) => setInvalid(value !== '' && !POSTAL_CODE_PATTERN.test(value));

  return (
    <fieldset className="col-span-full border-t border-line pt-3" data-testid="near-fields">
      <legend className="float-left mb-2 w-full text-sm font-semibold">{t('search.near.legend')}</legend>
      <div className="clear-both grid gap-3 sm:grid-cols-3">
        <div className="text-sm">
          <label htmlFor={`${id}-postal`} className="mb-1 block text-muted">
            {t('search.near.postal_code')}
          </label>
          <input
            ref={postalInput}
            id={`${id}-postal`}
            name={NEAR_PARAM}
            value={postal}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            // Also checked by the browser before scripts load.
            pattern="[0-9]{5}"
            placeholder={t('search.near.postal_code_placeholder')}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-postal-error` : undefined}
            onChange={(event) => {
              const value = event.target.value.trim();
              setPostal(value);
              if (value) setCity(null);
              // Said as soon as it is right again; a wrong code is said when the person leaves the field.
              if (invalid) check(value);
            }}
            onBlur={(event) => check(event.target.value.trim())}
            onInvalid={(event) => {
              // Our message under the input instead of the browser's bubble.
              event.preventDefault();
              setInvalid(true);
              event.currentTarget.focus();
            }}
            className={`${controlClass} ${invalid ? 'border-danger' : 'border-line'}`}
          />
          {invalid && (
            <p id={`${id}-postal-error`} className="mt-1 text-danger">
              {t('search.near.postal_code_invalid')}
            </p>
          )}
        </div>
        <label className="text-sm">
          <span className="mb-1 block text-muted">{t('search.near.radius')}</span>
          <select
            name={RADIUS_PARAM}
            defaultValue={radius && radius !== DEFAULT_RADIUS_KM ? radius : ''}
            className={`${controlClass} border-line`}
          >
            {RADIUS_KM.map((km) => (
              <option key={km} value={km === DEFAULT_RADIUS_KM ? '' : km}>
                {t('search.near.km', { km })}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-col justify-end gap-1 text-sm">
          {city && (
            <p className="flex min-h-11 items-center gap-2">
              <input type="hidden" name={NEAR_CITY_PARAM} value={city.id} />
              <span>{t('search.near.near_city', { name: city.name })}</span>
              <button
                type="button"
                onClick={() => setCity(null)}
                aria-label={t('search.near.clear_city', { name: city.name })}
                className="inline-flex h-9 w-9 items-center justify-center rounded-lg hover:bg-sunken"
              >
                <X aria-hidden size={16} />
              </button>
            </p>
          )}
          {canLocate && (
            <button
              type="button"
              onClick={() => void locate()}
              aria-disabled={busy || undefined}
              aria-busy={busy || undefined}
              className="inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-line bg-raised px-4 font-semibold hover:bg-sunken aria-disabled:opacity-60"
            >
              <LocateFixed aria-hidden size={16} className={busy ? 'animate-pulse' : ''} />
              {t('search.near.near_me')}
            </button>
          )}
        </div>
      </div>
      <p aria-live="polite" className={`mt-2 text-sm ${state.status === 'found' || busy ? 'text-muted' : 'text-danger'}`}>
        {message}
      </p>
      {canLocate && <p className="mt-1 text-xs text-muted">{t('search.near.privacy')}</p>}
    </fieldset>
  );
}
