import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, useFilter } from 'react-aria-components';
import { ATTRIBUTE_TEXT_MAX, type PublicAttribute } from '../../../../common/attributes';
import { isLocale } from '../../../../common/locales';
import { FieldErrors, SelectField, TextField, describedBy, inputClass } from '../../../components/form-controls';
import { useTranslation } from '../../../lib/use-translation';
import { type AttributeInputs, groupDigits } from '../attribute-inputs';

/** A choice of more options than this is a searchable combo box (makes), fewer a plain select. */
export const COMBO_BOX_FROM = 9;

interface FieldProps {
  field: PublicAttribute;
  value: string | string[] | undefined;
  errors: string[] | undefined;
  onChange: (value: string | string[]) => void;
}

const optionalText = (field: PublicAttribute, t: (key: string) => string) => (field.required ? undefined : t('account.fields.optional'));

/** Year and km as text with the reader's thousands separators (put in when the seller leaves the input), the unit beside. */
function NumberInput({ field, value, errors, onChange }: FieldProps) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'fi';
  const text = typeof value === 'string' ? value : '';
  const unit = field.unit ? t(`attributes.unit.${field.unit}`) : undefined;
  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1 sm:max-w-56">
        <TextField
          label={field.label}
          optionalText={optionalText(field, t)}
          name={`attributes.${field.key}`}
          inputMode={field.decimals > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={text}
          required={field.required}
          onChange={(event) => onChange(event.target.value)}
          // Leaving the input only regroups the digits: an unchanged value keeps its problem on screen.
          onBlur={() => {
            const grouped = groupDigits(field, text, locale);
            if (grouped !== text) onChange(grouped);
          }}
          errors={errors}
          {...(unit ? { 'aria-label': `${field.label} (${unit})` } : {})}
        />
      </div>
      {unit && (
        <span aria-hidden className={`pb-2.5 text-muted ${errors?.length ? 'self-center' : ''}`}>
          {unit}
        </span>
      )}
    </div>
  );
}

/** Many options (car makes): type to filter, arrows and Enter to pick, Escape to close (ARIA 1.2 combo box). */
function SearchableChoice({ field, value, errors, onChange }: FieldProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const { contains } = useFilter({ sensitivity: 'base' });
  const options = useMemo(() => field.options ?? [], [field.options]);
  const chosen = options.find((o) => o.value === value);
  const [input, setInput] = useState(chosen?.label ?? '');
  const query = chosen && input === chosen.label ? '' : input.trim();
  const items = useMemo(() => (query ? options.filter((o) => contains(o.label, query)) : options), [options, contains, query]);
  const invalid = !!errors?.length;
  return (
    <ComboBox
      name={`attributes.${field.key}`}
      items={items}
      value={chosen?.value ?? null}
      onChange={(key) => {
        const picked = options.find((o) => o.value === key);
        setInput(picked?.label ?? '');
        onChange(picked?.value ?? '');
      }}
      inputValue={input}
      onInputChange={(text) => {
        setInput(text);
        if (text === '') onChange('');
      }}
      allowsEmptyCollection
      isInvalid={invalid}
      isRequired={field.required}
    >
      <Label className="mb-1.5 block text-sm font-medium">
        {field.label}
        {!field.required && <span className="font-normal text-muted"> ({t('account.fields.optional')})</span>}
      </Label>
      <div className="relative sm:max-w-sm">
        <Input placeholder={t('selling.attributes.search_placeholder')} className={`${inputClass} pr-11`} />
        <Button
          aria-label={t('selling.attributes.show_all', { field: field.label })}
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
          renderEmptyState={() => <p className="px-3 py-2 text-sm text-muted">{t('selling.attributes.no_match')}</p>}
        >
          {(option: { value: string; label: string }) => (
            <ListBoxItem
              id={option.value}
              textValue={option.label}
              className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[focused]:bg-sunken data-[selected]:font-semibold data-[selected]:text-brand"
            >
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

const choiceLabel =
  'flex cursor-pointer items-center gap-2 rounded-lg border border-line bg-raised px-3 py-2.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:checked]:font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand';

/** Radio buttons or checkboxes side by side, in a fieldset named by the field. */
function OptionGroup({
  field,
  errors,
  kind,
  options,
  checked,
  onToggle,
}: {
  field: PublicAttribute;
  errors: string[] | undefined;
  kind: 'radio' | 'checkbox';
  options: { value: string; label: string }[];
  checked: (value: string) => boolean;
  onToggle: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <fieldset aria-describedby={describedBy(invalid && `${id}-errors`)} aria-required={field.required || undefined}>
      <legend className="mb-1.5 block text-sm font-medium">
        {field.label}
        {!field.required && <span className="font-normal text-muted"> ({t('account.fields.optional')})</span>}
      </legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option.value} className={choiceLabel}>
            <input
              type={kind}
              name={`attributes.${field.key}`}
              value={option.value}
              checked={checked(option.value)}
              onChange={() => onToggle(option.value)}
              aria-invalid={invalid || undefined}
              className="accent-[var(--brand)]"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </fieldset>
  );
}

function AttributeField(props: FieldProps) {
  const { field, value, errors, onChange } = props;
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  const options = field.options ?? [];
  switch (field.type) {
    case 'number':
      return <NumberInput {...props} />;
    case 'choice':
      if (options.length >= COMBO_BOX_FROM) return <SearchableChoice {...props} />;
      return (
        <div className="sm:max-w-sm">
          <SelectField
            label={field.label}
            optionalText={optionalText(field, t)}
            name={`attributes.${field.key}`}
            value={text}
            required={field.required}
            onChange={(event) => onChange(event.target.value)}
            errors={errors}
            options={[{ value: '', label: t('selling.attributes.choose') }, ...options]}
          />
        </div>
      );
    case 'choices': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <OptionGroup
          field={field}
          errors={errors}
          kind="checkbox"
          options={options}
          checked={(v) => chosen.includes(v)}
          onToggle={(v) => onChange(chosen.includes(v) ? chosen.filter((c) => c !== v) : [...chosen, v])}
        />
      );
    }
    case 'boolean':
      return (
        <OptionGroup
          field={field}
          errors={errors}
          kind="radio"
          options={[
            { value: 'true', label: t('attributes.yes') },
            { value: 'false', label: t('attributes.no') },
            ...(field.required ? [] : [{ value: '', label: t('selling.attributes.not_told') }]),
          ]}
          checked={(v) => text === v}
          onToggle={onChange}
        />
      );
    case 'date':
      return (
        <div className="sm:max-w-56">
          <TextField
            label={field.label}
            optionalText={optionalText(field, t)}
            name={`attributes.${field.key}`}
            type="date"
            value={text}
            required={field.required}
            onChange={(event) => onChange(event.target.value)}
            errors={errors}
          />
        </div>
      );
    case 'text':
      return (
        <TextField
          label={field.label}
          optionalText={optionalText(field, t)}
          name={`attributes.${field.key}`}
          value={text}
          maxLength={ATTRIBUTE_TEXT_MAX + 20}
          autoComplete="off"
          required={field.required}
          onChange={(event) => onChange(event.target.value)}
          errors={errors}
        />
      );
  }
}

/**
 * The chosen category's fields (issue 26), each with the widget its type asks for, its problems
 * (the browser's check or the server's 422, keyed `attributes.<key>`) under it.
 */
export function AttributeFields({
  fields,
  inputs,
  errors,
  onChange,
}: {
  fields: PublicAttribute[];
  inputs: AttributeInputs;
  errors: Partial<Record<string, string[]>>;
  onChange: (key: string, value: string | string[]) => void;
}) {
  const { t } = useTranslation();
  if (!fields.length) return null;
  return (
    <section aria-labelledby="attribute-fields" className="space-y-4">
      <h2 id="attribute-fields" className="text-lg font-semibold">
        {t('selling.attributes.title')}
      </h2>
      <FieldErrors id="attribute-fields-errors" errors={errors.attributes} />
      {fields.map((field) => (
        <AttributeField
          key={field.key}
          field={field}
          value={inputs[field.key]}
          errors={errors[`attributes.${field.key}`]}
          onChange={(value) => onChange(field.key, value)}
        />
      ))}
    </section>
  );
}
