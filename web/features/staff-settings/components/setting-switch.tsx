import type { ReactNode } from 'react';
import { useId } from 'react';
import { Switch } from 'react-aria-components';
import { FieldErrors } from '../../../components/form-controls';

/** An on/off setting: a switch with its label, a hint under it and its field errors (react-aria's Switch, keyboard and screen-reader ready). */
export function SettingSwitch({
  label,
  isSelected,
  onChange,
  isDisabled = false,
  hint,
  errors,
}: {
  label: ReactNode;
  isSelected: boolean;
  onChange: (on: boolean) => void;
  isDisabled?: boolean;
  hint?: ReactNode;
  errors?: string[] | undefined;
}) {
  const id = useId();
  const invalid = !!errors?.length;
  const described = [hint ? `${id}-hint` : '', invalid ? `${id}-errors` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <Switch
        isSelected={isSelected}
        onChange={onChange}
        isDisabled={isDisabled}
        aria-describedby={described}
        className="group inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium data-[disabled]:cursor-not-allowed data-[disabled]:text-muted"
      >
        <span
          aria-hidden
          className="flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-sunken px-0.5 transition-colors group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-brand group-data-[selected]:border-brand group-data-[selected]:bg-brand group-data-[disabled]:opacity-60"
        >
          <span className="h-5 w-5 rounded-full bg-raised shadow-sm transition-transform group-data-[selected]:translate-x-5 motion-reduce:transition-none" />
        </span>
        <span>{label}</span>
      </Switch>
      {hint && (
        <p id={`${id}-hint`} className="ms-14 text-sm text-muted">
          {hint}
        </p>
      )}
      <div className="ms-14">
        <FieldErrors id={`${id}-errors`} errors={errors} />
      </div>
    </div>
  );
}
