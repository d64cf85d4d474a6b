import { useId, useState } from 'react';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '../../../../common/chat';
import { FormAlert, SubmitButton, inputClass, secondaryButton } from '../../../components/form-controls';
import { FormDialog } from '../../../components/form-dialog';
import { refusalFor, useApiSubmit } from '../../../hooks/use-api-submit';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';

/** Report a conversation to the moderators: a reason from the list and, if wanted, a few words. */
export function ReportDialog({
  roomId,
  isOpen,
  onOpenChange,
  onReported,
}: {
  roomId: number;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onReported: (message: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  // No field shows errors: every failure goes above the buttons.
  const { busy, formMessage, submit: send } = useApiSubmit({ refusal: refusalFor([]) });

  async function submit(close: () => void) {
    await send(
      () => api.reportRoom(roomId, reason, details.trim() || undefined),
      (reply) => {
        close();
        onReported(reply.message);
        setDetails('');
      },
    );
  }

  return (
    <FormDialog title={t('chat.report.title')} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit(close);
          }}
        >
          <p className="mb-4 text-sm text-muted">{t('chat.report.body')}</p>
          <label htmlFor={`${id}-reason`} className="mb-1.5 block text-sm font-medium">
            {t('chat.report.reason')}
          </label>
          <select
            id={`${id}-reason`}
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.target.value as ReportReason)}
            className={inputClass}
          >
            {REPORT_REASONS.map((key) => (
              <option key={key} value={key}>
                {t(`chat.report.reasons.${key}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-details`} className="mt-4 mb-1.5 block text-sm font-medium">
            {t('chat.report.details')} <span className="font-normal text-muted">({t('chat.report.optional')})</span>
          </label>
          <textarea
            id={`${id}-details`}
            name="details"
            rows={4}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            aria-describedby={`${id}-hint`}
            className="block w-full rounded-lg border border-line bg-raised px-3 py-2 text-base text-ink focus-ring focus:border-brand"
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
            {t('chat.report.hint', { max: REPORT_DETAILS_MAX_LENGTH })}
          </p>
          {formMessage && (
            <div className="mt-3">
              <FormAlert tone="error">{formMessage}</FormAlert>
            </div>
          )}
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButton} onClick={close}>
              {t('chat.cancel')}
            </button>
            <SubmitButton busy={busy} label={t('chat.report.submit')} busyLabel={t('chat.working')} variant="danger" />
          </div>
        </form>
      )}
    </FormDialog>
  );
}
