import { useId } from 'react';
import { FieldErrors, describedBy, inputClass } from '../../../components/form-controls';
import { useTranslation } from '../../../lib/use-translation';

/** The post's text. A plain HTML box until the shared rich-text editor lands; same value (HTML) either way. */
export function BodyField({ value, onChange, errors }: { value: string; onChange: (html: string) => void; errors: string[] | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {t('admin_blog.form.body')}
      </label>
      <textarea
        id={id}
        value={value}
        rows={16}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(invalid && `${id}-errors`)}
        className={`${inputClass} h-auto py-2 font-mono text-sm`}
      />
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}
