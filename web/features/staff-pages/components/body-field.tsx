import { useId } from 'react';
import { FieldErrors, describedBy } from '../../../components/form-controls';

/**
 * The page's text as HTML. Stands in for the shared rich-text editor (same props) until it lands;
 * what is typed is sanitized by the server on preview and save either way.
 */
export function BodyField({
  label,
  value,
  onChange,
  errors,
  id,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  uploadImage?: (file: File) => Promise<{ url: string; width: number; height: number }>;
  errors?: string[] | undefined;
  id?: string;
}) {
  const generated = useId();
  const fieldId = id ?? generated;
  const invalid = !!errors?.length;
  return (
    <div>
      <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={fieldId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={20}
        spellCheck
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(invalid && `${fieldId}-errors`)}
        className="w-full rounded-lg border border-line bg-raised p-3 font-mono text-sm text-ink outline-none focus:border-brand aria-[invalid=true]:border-danger"
      />
      <FieldErrors id={`${fieldId}-errors`} errors={errors} />
    </div>
  );
}
