import { useId } from 'react';
import { FieldErrors, describedBy, inputClass } from '../../components/form-controls';

/** A labelled choice from a fixed list, with its field errors. */
export function SelectField({
  label,
  name,
  options,
  defaultValue,
  errors,
  onChange,
}: {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
  errors?: string[] | undefined;
  onChange?: (value: string) => void;
}) {
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        onChange={(event) => onChange?.(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(invalid && `${id}-errors`)}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}

/** A labelled multi-line text with a hint (the limit) and its field errors. */
export function TextAreaField({
  label,
  name,
  maxLength,
  hint,
  optionalText,
  errors,
  rows = 4,
  required,
  defaultValue,
}: {
  label: string;
  name: string;
  maxLength: number;
  hint?: string;
  optionalText?: string;
  errors?: string[] | undefined;
  rows?: number;
  required?: boolean;
  defaultValue?: string;
}) {
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label} {optionalText && <span className="font-normal text-muted">({optionalText})</span>}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, invalid && `${id}-errors`)}
        className="block w-full rounded-lg border border-line bg-raised px-3 py-2 text-base text-ink outline-none focus:border-brand aria-[invalid=true]:border-danger"
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}
