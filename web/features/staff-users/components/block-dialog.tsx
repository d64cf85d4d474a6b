import { type FormEvent, useId, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { DialogActions, FieldErrors, describedBy } from '../../../components/form-controls';
import { refusalFor, useApiSubmit } from '../../../hooks/use-api-submit';
import { api } from '../../../lib/api-client';
import type { DialogProps } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { type StaffUser, fullName } from '../user-rules';

/** As the server allows (BLOCK_REASON_MAX). */
export const BLOCK_REASON_LIMIT = 500;

/**
 * Blocking an account from signing in, with an optional reason for the staff (the person is only
 * told to contact customer support). The person's sessions end at once.
 */
export function BlockDialog({
  user,
  onBlocked,
  close,
  isOpen = true,
}: { user: StaffUser; onBlocked: () => void } & DialogProps & { isOpen?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const { busy, errors: refused, submit: send, fail, clearErrors } = useApiSubmit({ refusal: refusalFor(['reason']) });
  const errors = refused.reason;
  const name = fullName(user);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reason.trim().length > BLOCK_REASON_LIMIT) return fail({ reason: [t('validation.max_length', { limit: BLOCK_REASON_LIMIT })] });
    const refusal = await send(
      () => api.toggleBlock(user.id, true, reason.trim() || undefined),
      (reply) => {
        showToast({ icon: 'success', message: reply.message });
        close();
        onBlocked();
      },
    );
    // A failure the reason's errors do not explain is a toast: the dialog has no alert.
    if (refusal?.message) showToast({ icon: 'error', message: refusal.message, timer: 5000 });
  }

  return (
    <FormDialog title={t('admin_users.block.title', { name })} isOpen={isOpen} onOpenChange={(open) => !open && close()} role="alertdialog">
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <p className="text-sm text-muted">{t('admin_users.block.body', { name, email: user.email })}</p>
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
            {t('admin_users.block.reason')} <span className="font-normal text-muted">({t('admin_users.fields.optional')})</span>
          </label>
          <textarea
            id={id}
            name="reason"
            rows={3}
            value={reason}
            autoFocus
            onChange={(event) => {
              setReason(event.target.value);
              clearErrors();
            }}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={describedBy(`${id}-hint`, !!errors?.length && `${id}-errors`)}
            className="block w-full rounded-lg border border-line bg-raised px-3 py-2 text-base text-ink focus-ring focus:border-brand aria-[invalid=true]:border-danger"
          />
          <div className="mt-1 flex items-start justify-between gap-3 text-xs text-muted">
            <p id={`${id}-hint`}>{t('admin_users.block.reason_hint')}</p>
            <p
              aria-hidden
              className={`shrink-0 tabular-nums ${reason.trim().length > BLOCK_REASON_LIMIT ? 'font-semibold text-danger' : ''}`}
            >
              {reason.trim().length} / {BLOCK_REASON_LIMIT}
            </p>
          </div>
          <FieldErrors id={`${id}-errors`} errors={errors} />
        </div>
        <DialogActions close={close} busy={busy} label={t('admin_users.block.submit')} variant="danger" />
      </form>
    </FormDialog>
  );
}
