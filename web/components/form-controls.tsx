import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { useTranslation } from '../lib/use-translation';

export const inputClass =
  'h-11 w-full rounded-lg border border-line bg-raised px-3 text-base text-ink focus-ring placeholder:text-muted focus:border-brand aria-[invalid=true]:border-danger read-only:bg-sunken read-only:text-muted';
export const primaryButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-brand px-5 font-semibold text-brand-ink hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-70 focus-ring';
export const secondaryButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-line bg-raised px-4 font-semibold text-ink hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-70 focus-ring';
export const dangerButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-danger px-5 font-semibold text-white hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-70 dark:text-surface focus-ring';

/** The ids an input points at with aria-describedby: its hint first, then its errors. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

/** Field errors under an input; the id is what the input's aria-describedby names. */
export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-sm text-danger">
      {errors.map((error) => (
        <li key={error} className="flex items-start gap-1.5">
          <AlertCircle aria-hidden size={16} className="mt-0.5 shrink-0" />
          <span>{error}</span>
        </li>
      ))}
    </ul>
  );
}

/** A select's look: inputClass without its read-only greying (a select always matches `:read-only`). */
export const selectClass =
  'h-11 w-full cursor-pointer rounded-lg border border-line bg-raised px-3 text-base text-ink focus-ring focus:border-brand aria-[invalid=true]:border-danger';
const textAreaClass =
  'block w-full rounded-lg border border-line bg-raised px-3 py-2 text-base text-ink focus-ring placeholder:text-muted focus:border-brand aria-[invalid=true]:border-danger';

/** What a control needs to be linked to its label, hint and errors. */
interface ControlLinks {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface LabelledProps {
  label: string;
  errors?: string[] | undefined;
  hint?: ReactNode;
  optionalText?: string | undefined;
}

/**
 * The frame of every labelled field: the label (with "optional"), the control, its hint and its
 * field errors, linked for screen readers (aria-invalid, aria-describedby).
 */
function LabelledField({ label, errors, hint, optionalText, control }: LabelledProps & { control: (links: ControlLinks) => ReactNode }) {
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
        {optionalText && <span className="font-normal text-muted"> ({optionalText})</span>}
      </label>
      {control({
        id,
        'aria-invalid': invalid || undefined,
        'aria-describedby': describedBy(hint ? `${id}-hint` : undefined, invalid && `${id}-errors`),
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'children'>;

/** A labelled text input with an optional hint and its field errors. Uncontrolled unless given a value. */
export function TextField({
  label,
  errors,
  hint,
  optionalText,
  inputClassName = '',
  ...input
}: InputProps & LabelledProps & { name: string; inputClassName?: string }) {
  return (
    <LabelledField
      label={label}
      errors={errors}
      hint={hint}
      optionalText={optionalText}
      control={(links) => <input {...links} className={`${inputClass} ${inputClassName}`} {...input} />}
    />
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>;

/** A labelled choice: its options given as a list or as children, with a hint and its field errors. */
export function SelectField({
  label,
  errors,
  hint,
  optionalText,
  options,
  children,
  ...select
}: SelectProps & LabelledProps & { options?: { value: string; label: string }[] }) {
  return (
    <LabelledField
      label={label}
      errors={errors}
      hint={hint}
      optionalText={optionalText}
      control={(links) => (
        <select {...links} className={selectClass} {...select}>
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
      )}
    />
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'children'>;

/** A labelled multi-line text with a hint (say the limit there) and its field errors. */
export function TextAreaField({ label, errors, hint, optionalText, rows = 4, ...textarea }: TextAreaProps & LabelledProps) {
  return (
    <LabelledField
      label={label}
      errors={errors}
      hint={hint}
      optionalText={optionalText}
      control={(links) => <textarea {...links} rows={rows} className={textAreaClass} {...textarea} />}
    />
  );
}

/** A six-digit code from an authenticator app: numeric keyboard, one-time-code autofill, spaced digits. */
export function OneTimeCodeField({
  label,
  errors,
  autoFocus = false,
  fullWidth = false,
}: {
  label: string;
  errors?: string[] | undefined;
  autoFocus?: boolean;
  fullWidth?: boolean;
}) {
  return (
    <TextField
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="\d{6}"
      maxLength={6}
      required
      autoFocus={autoFocus}
      errors={errors}
      inputClassName={`${fullWidth ? '' : 'max-w-48 '}font-mono tracking-[0.3em]`}
    />
  );
}

/** Cancel and confirm at the foot of a dialog form: stacked on a phone (confirm on top), side by side above. */
export function DialogActions({
  close,
  busy,
  label,
  variant = 'primary',
}: {
  close: () => void;
  busy: boolean;
  label: string;
  variant?: 'primary' | 'danger';
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button type="button" onClick={close} className={secondaryButton}>
        {t('account.common.cancel')}
      </button>
      <SubmitButton busy={busy} label={label} busyLabel={t('account.common.working')} variant={variant} />
    </div>
  );
}

/** The e-mail field of the account forms: one label, type and keyboard everywhere. */
export function EmailField({
  autoComplete,
  defaultValue,
  errors,
  readOnly,
}: {
  autoComplete: 'username' | 'email';
  defaultValue?: string | undefined;
  errors?: string[] | undefined;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('account.fields.email')}
      name="email"
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      required
      readOnly={readOnly}
      defaultValue={defaultValue}
      errors={errors}
    />
  );
}

export function CheckboxField({
  name,
  label,
  errors,
  defaultChecked,
}: {
  name: string;
  label: ReactNode;
  errors?: string[] | undefined;
  defaultChecked?: boolean;
}) {
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-errors` : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--brand)]"
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}

/** A message for the whole form: an error (role alert) or a success (role status). */
export function FormAlert({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const Icon = tone === 'success' ? CheckCircle2 : AlertCircle;
  const colours =
    tone === 'error'
      ? 'border-danger/40 bg-danger/10 text-ink'
      : tone === 'success'
        ? 'border-success/40 bg-success/10 text-ink'
        : 'border-brand/30 bg-brand-soft text-ink';
  const iconColour = tone === 'error' ? 'text-danger' : tone === 'success' ? 'text-success' : 'text-brand';
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-lg border p-3 text-left text-sm ${colours}`}
    >
      <Icon aria-hidden size={20} className={`shrink-0 ${iconColour}`} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

const BUTTONS = { primary: primaryButton, secondary: secondaryButton, danger: dangerButton } as const;

/** A submit button that says it is working while the form is on its way (and cannot be pressed twice). */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  variant = 'primary',
  className = '',
  name,
  value,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  variant?: keyof typeof BUTTONS;
  className?: string;
  name?: string;
  value?: string;
}) {
  return (
    <button type="submit" name={name} value={value} disabled={busy} className={`${BUTTONS[variant]} ${className}`}>
      {busy && <Loader2 aria-hidden size={18} className="animate-spin" />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** The narrow card the log-in, registration and password screens sit in. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md py-4 sm:py-8">
      <div className="rounded-2xl border border-line bg-raised p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-2xl font-bold">{title}</h1>
        {children}
      </div>
      {footer && <div className="mt-4 text-center text-sm text-muted">{footer}</div>}
    </section>
  );
}

/** A titled block of a settings tab. */
export function SettingsCard({
  title,
  description,
  children,
  tone = 'normal',
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'normal' | 'danger';
  id?: string;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-raised p-5 sm:p-6 ${tone === 'danger' ? 'border-danger/50' : 'border-line'}`}
    >
      <h2 id={headingId} className={`text-lg font-semibold ${tone === 'danger' ? 'text-danger' : ''}`}>
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-muted">{description}</div>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
