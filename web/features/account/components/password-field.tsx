import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { FieldErrors, describedBy, inputClass } from '../../../components/form-controls';
import { PasswordRules } from './password-rules';

/**
 * A password input with a show/hide toggle and, for a new password, the live rule checklist.
 * The toggle is a plain button, so the field itself still works before JavaScript loads.
 */
export function PasswordField({
  label,
  name,
  errors,
  autoComplete,
  showRules = false,
  required = true,
  autoFocus,
}: {
  label: string;
  name: string;
  errors?: string[] | undefined;
  autoComplete: 'current-password' | 'new-password';
  showRules?: boolean;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const [value, setValue] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const invalid = !!errors?.length;

  // A form reset empties the input without a change event: follow it, so the checklist does too.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const onReset = () => {
      setValue('');
      setVisible(false);
    };
    form.addEventListener('reset', onReset);
    return () => form.removeEventListener('reset', onReset);
  }, []);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          required={required}
          autoFocus={autoFocus}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(showRules && `${id}-rules`, invalid && `${id}-errors`)}
          className={`${inputClass} pr-12`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={t(visible ? 'account.fields.hide_password' : 'account.fields.show_password')}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute top-1/2 right-1 inline-flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:bg-sunken hover:text-ink"
        >
          {visible ? <EyeOff aria-hidden size={18} /> : <Eye aria-hidden size={18} />}
        </button>
      </div>
      <FieldErrors id={`${id}-errors`} errors={errors} />
      {showRules && <PasswordRules id={`${id}-rules`} password={value} />}
    </div>
  );
}

/** A new password with its rule checklist, and its confirmation (registration, reset, change). */
export function NewPasswordFields({
  label,
  errors,
  autoFocus,
}: {
  label: string;
  errors: Partial<Record<string, string[]>>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField label={label} name="password" autoComplete="new-password" showRules autoFocus={autoFocus} errors={errors.password} />
      <PasswordField
        label={t('account.fields.password_confirmation')}
        name="password_confirmation"
        autoComplete="new-password"
        errors={errors.password_confirmation}
      />
    </>
  );
}
