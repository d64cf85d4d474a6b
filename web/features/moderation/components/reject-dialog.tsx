import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REJECTION_REASON_MAX, REJECTION_REASON_MIN } from '../../../../server/modules/products/ad-rules';
import { ApiError, api } from '../../../lib/api-client';
import { AccountDialog } from '../../account/components/account-dialog';
import { FieldErrors, dangerButton, describedBy, secondaryButton } from '../../account/components/form-controls';

const QUICK_REASONS = ['pictures', 'prohibited', 'category', 'duplicate'] as const;

/** Why the ad is refused: the seller reads this in their showcase and in the mail. Quick reasons fill the box. */
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
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<string[]>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const text = reason.trim();
    if (!text) return setErrors([t('validation.required')]);
    if (text.length < REJECTION_REASON_MIN) return setErrors([t('validation.min_length', { limit: REJECTION_REASON_MIN })]);
    if (text.length > REJECTION_REASON_MAX) return setErrors([t('validation.max_length', { limit: REJECTION_REASON_MAX })]);
    setBusy(true);
    try {
      const reply = await api.rejectProduct(ad!.uuid, text);
      setReason('');
      onRejected(reply.message);
    } catch (error) {
      setErrors(error instanceof ApiError && error.data?.errors?.reason ? error.data.errors.reason : [(error as Error).message]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountDialog
      title={t('moderation.reject_title')}
      isOpen={ad !== null}
      onOpenChange={(open) => {
        if (!open) {
          setErrors(undefined);
          onClose();
        }
      }}
      wide
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="mb-4 text-sm text-muted">{t('moderation.reject_body', { name: ad?.name ?? '' })}</p>
        <p className="mb-2 text-sm font-medium">{t('moderation.quick_reasons')}</p>
        <div className="mb-4 flex flex-wrap gap-2">
          {QUICK_REASONS.map((key) => (
            <button
              key={key}
              type="button"
              className="rounded-full border border-line bg-sunken px-3 py-1.5 text-sm hover:border-brand"
              onClick={() => {
                setReason(t(`moderation.reasons.${key}`));
                setErrors(undefined);
              }}
            >
              {t(`moderation.reasons_short.${key}`)}
            </button>
          ))}
        </div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
          {t('moderation.reason')}
        </label>
        <textarea
          id={id}
          rows={5}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors(undefined);
          }}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={describedBy(`${id}-count`, !!errors?.length && `${id}-errors`)}
          className="w-full rounded-lg border border-line bg-raised px-3 py-2 text-base text-ink outline-none focus:border-brand aria-[invalid=true]:border-danger"
        />
        <p id={`${id}-count`} className="mt-1 text-right text-xs text-muted">
          {reason.trim().length} / {REJECTION_REASON_MAX}
        </p>
        <FieldErrors id={`${id}-errors`} errors={errors} />
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('edit_ad.cancel')}
          </button>
          <button type="submit" className={dangerButton} disabled={busy}>
            {t('moderation.reject')}
          </button>
        </div>
      </form>
    </AccountDialog>
  );
}
