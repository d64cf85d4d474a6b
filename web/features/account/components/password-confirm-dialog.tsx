import { refusalUnder, useApiSubmit } from '../../../hooks/use-api-submit';
import { useTranslation } from '../../../lib/use-translation';
import type { Identity } from '../../../lib/api-client';
import type { DialogProps } from '../../../lib/dialogs';
import { FormDialog } from '../../../components/form-dialog';
import { DialogActions, OneTimeCodeField } from '../../../components/form-controls';
import { PasswordField } from './password-field';

export interface PasswordConfirmProps {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  /** Accounts without a password (provider sign-in only) prove themselves with a current code instead. */
  hasPassword: boolean;
  /** Does the work; a refusal (ApiError) is shown under the field and keeps the dialog open. */
  onConfirm: (identity: Identity) => Promise<void>;
}

/** "Enter your password to confirm" (or a code): for turning two-factor off and for new recovery codes. */
export function PasswordConfirmDialog({
  title,
  text,
  confirmLabel,
  danger = false,
  hasPassword,
  onConfirm,
  close,
  isOpen = true,
}: PasswordConfirmProps & DialogProps & { isOpen?: boolean }) {
  const { t } = useTranslation();
  // The dialog has one field: every refusal shows under it.
  const { busy, errors, submit: send, fail } = useApiSubmit({ refusal: refusalUnder('identity', t('errors.unknown')) });

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get(hasPassword ? 'password' : 'code') ?? '').trim();
    if (!value) return fail({ identity: [t('validation.required')] });
    if (!hasPassword && !/^\d{6}$/.test(value)) return fail({ identity: [t('account.mfa.code_format')] });
    await send(() => onConfirm(hasPassword ? { password: value } : { code: value }), close);
  }

  return (
    <FormDialog title={title} isOpen={isOpen} onOpenChange={(open) => !open && close()} role={danger ? 'alertdialog' : 'dialog'}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <p className="text-sm">{text}</p>
        {hasPassword ? (
          <PasswordField
            label={t('account.fields.password')}
            name="password"
            autoComplete="current-password"
            autoFocus
            errors={errors.identity}
          />
        ) : (
          <OneTimeCodeField label={t('account.two_factor.identity_code')} autoFocus errors={errors.identity} />
        )}
        <DialogActions close={close} busy={busy} label={confirmLabel} variant={danger ? 'danger' : 'primary'} />
      </form>
    </FormDialog>
  );
}
