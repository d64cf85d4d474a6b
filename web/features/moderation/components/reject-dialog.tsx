import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { REJECTION_REASON_MAX, REJECTION_REASON_MIN } from '../../../../common/ad-rules';
import { api } from '../../../lib/api-client';
import { FormDialog } from '../../../components/form-dialog';
import { FieldErrors, FormAlert, SubmitButton, describedBy, secondaryButton } from '../../../components/form-controls';
import { refusalFor, useApiSubmit } from '../../../hooks/use-api-submit';
import { addQuickReason, reasonProblem } from '../reject-reason';

export const QUICK_REASONS = ['pictures', 'prohibited', 'category', 'duplicate', 'incomplete'] as const;

/**
 * Why the ad is refused: the seller reads it in their showcase and in the mail. Quick reasons
 * add a ready sentence to the box (several may be combined, and edited). Mount it with a `key`
 * per ad, so a reason typed for one ad never shows up for another.
 */
export function RejectDialog({
  ad,
  onClose,
  onRejected,
}: {
  ad: { uuid: string; name: string } | null;
  onClose: () => void;
  onRejected: (message: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const { busy, errors: refused, formMessage, submit: send, fail, clearErrors } = useApiSubmit({ refusal: refusalFor(['reason']) });
  const errors = refused.reason;
  const length = reason.trim().length;

  const submit = async () => {
    const problem = reasonProblem(reason);
    if (problem) {
      fail({ reason: [t(`validation.${problem}`, { limit: problem === 'min_length' ? REJECTION_REASON_MIN : REJECTION_REASON_MAX })] });
      field.current?.focus();
      return;
    }
    // The call is quiet: its errors are shown here, on the field when they are about the reason.
    const refusal = await send(
      () => api.rejectProduct(ad!.uuid, reason.trim()),
      (reply) => onRejected(reply.message),
    );
    if (refusal?.errors.reason) field.current?.focus();
  };

  return (
    <FormDialog
      title={t('moderation.reject_dialog.title')}
      isOpen={ad !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      wide
    >
      {(close) => (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="mb-4 text-sm text-muted">{t('moderation.reject_dialog.body', { name: ad?.name ?? '' })}</p>
          <fieldset className="mb-4">
            <legend className="mb-2 text-sm font-medium">{t('moderation.reject_dialog.quick')}</legend>
            <div className="flex flex-wrap gap-2">
              {QUICK_REASONS.map((key) => (
                <button
                  key={key}
                  type="button"
                  className="h-10 rounded-full border border-line bg-sunken px-3.5 text-sm hover:border-brand"
                  onClick={() => {
                    setReason((text) => addQuickReason(text, t(`moderation.reasons.${key}`)));
                    clearErrors();
                    field.current?.focus();
                  }}
                >
                  {t(`moderation.reasons_short.${key}`)}
                </button>
              ))}
            </div>
          </fieldset>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
            {t('moderation.reject_dialog.reason')}
          </label>
          <textarea
            ref={field}
            id={id}
            name="reason"
            rows={5}
            required
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              clearErrors();
            }}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={describedBy(`${id}-hint`, !!errors?.length && `${id}-errors`)}
            className="block w-full rounded-lg border border-line bg-raised px-3 py-2 text-base text-ink focus-ring focus:border-brand aria-[invalid=true]:border-danger"
          />
          <div className="mt-1 flex items-start justify-between gap-3 text-xs text-muted">
            <p id={`${id}-hint`}>{t('moderation.reject_dialog.hint', { min: REJECTION_REASON_MIN, max: REJECTION_REASON_MAX })}</p>
            <p aria-hidden className={`shrink-0 tabular-nums ${length > REJECTION_REASON_MAX ? 'font-semibold text-danger' : ''}`}>
              {length} / {REJECTION_REASON_MAX}
            </p>
          </div>
          <FieldErrors id={`${id}-errors`} errors={errors} />
          {formMessage && (
            <div className="mt-3">
              <FormAlert tone="error">{formMessage}</FormAlert>
            </div>
          )}
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButton} onClick={close}>
              {t('moderation.cancel')}
            </button>
            <SubmitButton busy={busy} label={t('moderation.reject_dialog.submit')} busyLabel={t('moderation.working')} variant="danger" />
          </div>
        </form>
      )}
    </FormDialog>
  );
}
