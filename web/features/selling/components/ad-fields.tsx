import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CityComboBox, type CityOption } from '../../../components/city-combo-box';
import { FieldErrors, TextField, describedBy } from '../../../components/form-controls';
import { AD_DESCRIPTION_MAX, AD_NAME_MAX } from '../../../../common/ad-rules';
import type { AdDraft, DraftErrors } from '../ad-draft';

type Change = (patch: Partial<AdDraft>) => void;

/** "12 / 120": how much room is left, announced politely while typing. */
function Counter({ id, used, max }: { id: string; used: number; max: number }) {
  return (
    <p id={id} className={`mt-1 text-right text-xs ${used > max ? 'font-semibold text-danger' : 'text-muted'}`}>
      {used} / {max}
    </p>
  );
}

export function NameField({ draft, errors, onChange }: { draft: AdDraft; errors: DraftErrors; onChange: Change }) {
  const { t } = useTranslation();
  return (
    <div>
      <TextField
        label={t('new_ad.fields.name')}
        name="name"
        value={draft.name}
        onChange={(event) => onChange({ name: event.target.value })}
        maxLength={AD_NAME_MAX + 20}
        autoComplete="off"
        required
        hint={t('new_ad.fields.name_hint')}
        errors={errors.name}
      />
      <Counter id="name-counter" used={draft.name.trim().length} max={AD_NAME_MAX} />
    </div>
  );
}

export function PlaceFields({
  draft,
  errors,
  cities,
  onChange,
}: {
  draft: AdDraft;
  errors: DraftErrors;
  cities: CityOption[];
  onChange: Change;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <CityComboBox
        cities={cities}
        defaultCityId={draft.cityId}
        errors={errors.city_id}
        required
        onCityChange={(cityId) => onChange({ cityId })}
      />
      <TextField
        label={t('new_ad.fields.address')}
        optionalText={t('account.fields.optional')}
        name="address"
        value={draft.address}
        onChange={(event) => onChange({ address: event.target.value })}
        autoComplete="street-address"
        hint={t('new_ad.fields.address_hint')}
        errors={errors.address}
      />
    </div>
  );
}

export function DetailsFields({ draft, errors, onChange }: { draft: AdDraft; errors: DraftErrors; onChange: Change }) {
  const { t } = useTranslation();
  const id = useId();
  const invalid = !!errors.description?.length;
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
          {t('new_ad.fields.description')}
        </label>
        <textarea
          id={id}
          name="description"
          rows={8}
          required
          value={draft.description}
          onChange={(event) => onChange({ description: event.target.value })}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(`${id}-hint`, `${id}-counter`, invalid && `${id}-errors`)}
          className="w-full rounded-lg border border-line bg-raised px-3 py-2 text-base text-ink outline-none placeholder:text-muted focus:border-brand aria-[invalid=true]:border-danger"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {t('new_ad.fields.description_hint')}
        </p>
        <Counter id={`${id}-counter`} used={draft.description.trim().length} max={AD_DESCRIPTION_MAX} />
        <FieldErrors id={`${id}-errors`} errors={errors.description} />
      </div>
      <TextField
        label={t('new_ad.fields.price')}
        name="price"
        inputMode="decimal"
        autoComplete="off"
        value={draft.price}
        onChange={(event) => onChange({ price: event.target.value })}
        required
        hint={t('new_ad.fields.price_hint')}
        errors={errors.price}
        inputClassName="max-w-48"
      />
    </div>
  );
}
