import { type FormEvent, useId, useState } from 'react';
import { ATTRIBUTE_CARD_SLOTS, ATTRIBUTE_TYPES, ATTRIBUTE_UNITS, type AttributeType, labelOf } from '../../../../common/attributes';
import type { Locale } from '../../../../common/locales';
import type { AdminAttribute } from '../../../../server/modules/attributes/attributes.schemas';
import { FormDialog } from '../../../components/form-dialog';
import { DialogActions, FieldErrors, FormAlert, SelectField, TextField } from '../../../components/form-controls';
import { type Refusal, useApiSubmit } from '../../../hooks/use-api-submit';
import { ApiError, api } from '../../../lib/api-client';
import type { DialogProps } from '../../../lib/dialogs';
import { useTranslation } from '../../../lib/use-translation';
import { languageLabel } from '../../../lib/language-label';
import { type FieldDraft, bodyOf, draftOf, newOption, partsOf } from '../field-draft';
import { OptionsEditor } from './options-editor';
import { LOCALES, REQUIRED_NAME_LOCALES } from '../../../../common/locales';

const LANGUAGES = LOCALES;
/** The server's field names this form shows under its inputs; any other refusal goes in the alert. */
const OWN_FIELDS = ['key', 'type', 'unit', 'min', 'max', 'decimals', 'options', 'required', 'filter', 'card'];
const shownHere = (field: string) => OWN_FIELDS.includes(field) || field.startsWith('labels.') || field.startsWith('options.');

function refusalOf(error: unknown, fallback: string): Refusal {
  if (!(error instanceof ApiError)) return { errors: {}, message: fallback };
  const named = error.data?.errors ?? {};
  const errors = Object.fromEntries(Object.entries(named).filter(([field]) => shownHere(field)));
  const other = Object.entries(named)
    .filter(([field]) => !shownHere(field))
    .flatMap(([, messages]) => messages);
  if (other.length) return { errors, message: other.join(' ') };
  return { errors, message: Object.keys(errors).length ? undefined : (error.data?.message ?? error.message) };
}

export interface FieldFormProps {
  /** The category the new field goes to (its subcategories inherit it). */
  catalogId: number;
  catalogName: string;
  /** The field to change; without it a new one is added. */
  field?: AdminAttribute;
  onDone: (message: string) => void;
}

/** Adds a field to a category or changes one: its type, names, unit and bounds, options and flags. */
export function FieldFormDialog({
  catalogId,
  catalogName,
  field,
  onDone,
  close,
  isOpen = true,
}: FieldFormProps & DialogProps & { isOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<FieldDraft>(() => draftOf(field));
  const { busy, errors, formMessage, submit, fail } = useApiSubmit({ refusal: (error) => refusalOf(error, t('errors.unknown')) });
  const editing = field !== undefined;
  const parts = partsOf(draft.type);
  const change = (next: Partial<FieldDraft>) => setDraft((current) => ({ ...current, ...next }));

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { body, bad } = bodyOf(draft);
    if (bad.length) return fail(Object.fromEntries(bad.map((name) => [name, [t('attributes.not_a_number')]])));
    const done = (reply: { message: string }) => {
      close();
      onDone(reply.message);
    };
    if (editing) await submit(() => api.updateAttribute(field.id, body), done);
    else await submit(() => api.createAttribute(catalogId, { ...body, key: draft.key.trim() }), done);
  }

  const setType = (type: AttributeType) =>
    change({ type, ...(partsOf(type).options && draft.options.length === 0 ? { options: [newOption()] } : {}) });
  const label = editing ? labelOf(field.labels, i18n.language as Locale) : '';
  return (
    <FormDialog
      title={editing ? t('staff_attributes.form.edit_title', { label }) : t('staff_attributes.form.create_title', { name: catalogName })}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      wide
    >
      <form noValidate onSubmit={(event) => void send(event)} className="space-y-4">
        <SelectField
          label={t('staff_attributes.form.type')}
          name="type"
          value={draft.type}
          onChange={(event) => setType(event.target.value as AttributeType)}
          options={ATTRIBUTE_TYPES.map((type) => ({ value: type, label: t(`staff_attributes.types.${type}`) }))}
          hint={editing ? t('staff_attributes.form.type_hint_edit') : undefined}
          errors={errors.type}
          autoFocus
        />
        <TextField
          label={t('staff_attributes.form.key')}
          name="key"
          value={draft.key}
          onChange={(event) => change({ key: event.target.value })}
          readOnly={editing}
          required
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          inputClassName="font-mono"
          hint={editing ? t('staff_attributes.form.key_hint_edit') : t('staff_attributes.form.key_hint')}
          errors={errors.key}
        />
        <fieldset className="space-y-3">
          <legend className="mb-1.5 text-sm font-medium">{t('staff_attributes.form.labels')}</legend>
          {LANGUAGES.map((language) => (
            <TextField
              key={language}
              label={languageLabel(i18n, 'staff_attributes.form.label', language)}
              name={`label_${language}`}
              lang={language}
              value={draft.labels[language]}
              onChange={(event) => change({ labels: { ...draft.labels, [language]: event.target.value } })}
              maxLength={60}
              {...(REQUIRED_NAME_LOCALES.includes(language) ? { required: true } : { optionalText: t('staff_attributes.form.optional') })}
              errors={errors[`labels.${language}`]}
            />
          ))}
        </fieldset>
        {parts.unit && (
          <SelectField
            label={t('staff_attributes.form.unit')}
            name="unit"
            value={draft.unit}
            onChange={(event) => change({ unit: event.target.value as FieldDraft['unit'] })}
            errors={errors.unit}
          >
            <option value="">{t('staff_attributes.form.no_unit')}</option>
            {ATTRIBUTE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {t(`attributes.unit.${unit}`)}
              </option>
            ))}
          </SelectField>
        )}
        {parts.bounds && (
          <div className="grid gap-3 sm:grid-cols-2">
            {(['min', 'max'] as const).map((side) => (
              <TextField
                key={side}
                label={t(`staff_attributes.form.${draft.type === 'date' ? `${side}_year` : side}`)}
                name={side}
                inputMode={draft.type === 'date' ? 'numeric' : 'decimal'}
                value={draft[side]}
                onChange={(event) => change({ [side]: event.target.value })}
                optionalText={t('staff_attributes.form.optional')}
                errors={errors[side]}
              />
            ))}
          </div>
        )}
        {parts.decimals && (
          <SelectField
            label={t('staff_attributes.form.decimals')}
            name="decimals"
            value={String(draft.decimals)}
            onChange={(event) => change({ decimals: Number(event.target.value) })}
            options={[0, 1, 2, 3].map((n) => ({ value: String(n), label: String(n) }))}
            errors={errors.decimals}
          />
        )}
        {parts.options && <OptionsEditor options={draft.options} onChange={(options) => change({ options })} errors={errors} />}
        <fieldset className="space-y-3">
          <legend className="mb-1.5 text-sm font-medium">{t('staff_attributes.form.use')}</legend>
          <Checkbox
            label={t('staff_attributes.form.required')}
            checked={draft.required}
            onChange={(required) => change({ required })}
            errors={errors.required}
          />
          {parts.filter && (
            <Checkbox
              label={t('staff_attributes.form.filter')}
              checked={draft.filter}
              onChange={(filter) => change({ filter })}
              errors={errors.filter}
            />
          )}
          <SelectField
            label={t('staff_attributes.form.card')}
            name="card"
            value={String(draft.card)}
            onChange={(event) => change({ card: Number(event.target.value) as FieldDraft['card'] })}
            hint={t('staff_attributes.form.card_hint')}
            errors={errors.card}
          >
            <option value="0">{t('staff_attributes.form.card_none')}</option>
            {ATTRIBUTE_CARD_SLOTS.map((slot) => (
              <option key={slot} value={String(slot)}>
                {t('staff_attributes.form.card_slot', { slot })}
              </option>
            ))}
          </SelectField>
        </fieldset>
        {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
        <DialogActions close={close} busy={busy} label={editing ? t('staff_attributes.form.save') : t('staff_attributes.form.create')} />
      </form>
    </FormDialog>
  );
}

/** A controlled checkbox with its errors (the shared CheckboxField is uncontrolled). */
function Checkbox({
  label,
  checked,
  onChange,
  errors,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors: string[] | undefined;
}) {
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <div>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-errors` : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--brand)]"
        />
        <span>{label}</span>
      </label>
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}
