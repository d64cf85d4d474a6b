import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CityComboBox, type CityOption } from '../../../components/city-combo-box';
import { FieldErrors, TextField, describedBy } from '../../../components/form-controls';
import { AD_DESCRIPTION_MAX, AD_KINDS, AD_NAME_MAX, type AdKind } from '../../../../common/ad-rules';
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

/** For sale, wanted, giving away, for rent: four radio buttons side by side (two rows on a phone). */
export function KindField({ kind, errors, onChange }: { kind: AdKind; errors: string[] | undefined; onChange: (kind: AdKind) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <fieldset aria-describedby={invalid ? `${id}-errors` : undefined}>
      <legend className="mb-1.5 block text-sm font-medium">{t('new_ad.fields.kind')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {AD_KINDS.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-line bg-raised px-3 py-2.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:checked]:font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand"
          >
            <input
              type="radio"
              name="kind"
              value={value}
              checked={kind === value}
              onChange={() => onChange(value)}
              className="accent-[var(--brand)]"
            />
            {t(`ad_kinds.${value}`)}
          </label>
        ))}
      </div>
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </fieldset>
  );
}

const PRICE_LABEL: Record<Exclude<AdKind, 'give'>, string> = {
  sell: 'new_ad.fields.price',
  wanted: 'new_ad.fields.price_wanted',
  rent: 'new_ad.fields.price_rent',
};

export function DetailsFields({ draft, errors, onChange }: { draft: AdDraft; errors: DraftErrors; onChange: Change }) {
  const { t } = useTranslation();
  const id = useId();
  const invalid = !!errors.description?.length;
  return (
    <div className="space-y-4">
      <KindField
        kind={draft.kind}
        errors={errors.kind}
        onChange={(kind) => onChange({ kind, price: kind === 'give' ? '0' : draft.kind === 'give' ? '' : draft.price })}
      />
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
          className="w-full rounded-lg border border-line bg-raised px-3 py-2 text-base text-ink focus-ring placeholder:text-muted focus:border-brand aria-[invalid=true]:border-danger"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {t('new_ad.fields.description_hint')}
        </p>
        <Counter id={`${id}-counter`} used={draft.description.trim().length} max={AD_DESCRIPTION_MAX} />
        <FieldErrors id={`${id}-errors`} errors={errors.description} />
      </div>
      {draft.kind === 'give' ? (
        <p className="rounded-lg bg-sunken p-3 text-sm text-muted">{t('new_ad.fields.give_price')}</p>
      ) : (
        <TextField
          label={t(PRICE_LABEL[draft.kind])}
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
      )}
    </div>
  );
}
