import { Trash2 } from 'lucide-react';
import { Button, DialogTrigger } from 'react-aria-components';
import { useTranslation } from '../../../lib/use-translation';
import { useFetcher } from 'react-router';
import { clearLocalAuthState } from '../../../lib/auth-state';
import type { FormFailure } from '../../../lib/forms.server';
import { showToast } from '../../../lib/toasts';
import { useFormAnswer } from '../../../hooks/use-form-answer';
import { FormDialog } from '../../../components/form-dialog';
import { FormAlert, SubmitButton, TextField, dangerButton, secondaryButton } from '../../../components/form-controls';
import { PasswordField } from './password-field';

/**
 * "Delete account" and its confirmation: the password, or the e-mail address for an account that
 * signs in only through a provider. The page action deletes, clears the cookie and goes home.
 */
export function DeleteAccountDialog({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FormFailure>();
  const { formRef, failure } = useFormAnswer(fetcher.data);
  const field = hasPassword ? 'password' : 'email';
  const fieldErrors = failure?.errors[field];

  return (
    <DialogTrigger>
      <Button aria-haspopup="dialog" className={dangerButton}>
        <Trash2 aria-hidden size={18} />
        {t('account.delete.button')}
      </Button>
      <FormDialog title={t('account.delete.title')} role="alertdialog">
        {(close) => (
          <fetcher.Form
            method="post"
            noValidate
            ref={formRef}
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              clearLocalAuthState({ theme: true });
              void fetcher.submit(event.currentTarget).then(() => {
                // Deleted: the action went home, and this form went with the settings page.
                if (!formRef.current?.isConnected) showToast({ icon: 'success', message: t('auth.account_deleted') });
              });
            }}
          >
            <input type="hidden" name="intent" value="delete_account" />
            {/* For password managers: which account the password belongs to. */}
            {hasPassword && <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />}
            <p className="text-sm">{t('account.delete.warning')}</p>
            {failure && !fieldErrors && <FormAlert tone="error">{failure.message}</FormAlert>}
            {hasPassword ? (
              <PasswordField
                label={t('account.delete.confirm_password')}
                name="password"
                autoComplete="current-password"
                autoFocus
                errors={fieldErrors}
              />
            ) : (
              <TextField
                label={t('account.delete.confirm_email')}
                name="email"
                type="email"
                autoComplete="off"
                required
                autoFocus
                errors={fieldErrors}
              />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" onClick={close} className={secondaryButton}>
                {t('account.common.cancel')}
              </button>
              <SubmitButton
                busy={fetcher.state !== 'idle'}
                label={t('account.delete.submit')}
                busyLabel={t('account.delete.submitting')}
                variant="danger"
              />
            </div>
          </fetcher.Form>
        )}
      </FormDialog>
    </DialogTrigger>
  );
}
