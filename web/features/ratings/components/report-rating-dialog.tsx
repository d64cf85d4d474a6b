import { useId, useState } from 'react';
import { RATING_REPORT_REASONS, type RatingReportReason } from '../../../../common/ratings';
import { REPORT_DETAILS_MAX } from '../../../../common/reports';
import { DialogActions, FormAlert, TextAreaField, selectClass } from '../../../components/form-controls';
import { FormDialog } from '../../../components/form-dialog';
import { refusalFor, useApiSubmit } from '../../../hooks/use-api-submit';
import { useTranslation } from '../../../lib/use-translation';
import { ratingsApi } from '../ratings-api';

/** Report a rating to staff: a reason and, if wanted, a few words. */
export function ReportRatingDialog({
  ratingId,
  isOpen,
  onOpenChange,
  onReported,
}: {
  ratingId: number;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onReported: (message: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<RatingReportReason>('offensive');
  const [details, setDetails] = useState('');
  const { busy, errors, formMessage, submit } = useApiSubmit({ refusal: refusalFor(['reason', 'details']) });
  return (
    <FormDialog title={t('ratings.report.title')} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(
              () => ratingsApi.report(ratingId, reason, details.trim() || undefined),
              (reply) => {
                close();
                onReported(reply.message);
              },
            );
          }}
        >
          <p className="text-sm text-muted">{t('ratings.report.intro')}</p>
          <div>
            <label htmlFor={`${id}-reason`} className="mb-1.5 block text-sm font-medium">
              {t('ratings.report.reason')}
            </label>
            <select
              id={`${id}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value as RatingReportReason)}
              className={selectClass}
            >
              {RATING_REPORT_REASONS.map((key) => (
                <option key={key} value={key}>
                  {t(`ratings.report.reasons.${key}`)}
                </option>
              ))}
            </select>
            {errors.reason && <FormAlert tone="error">{errors.reason.join(' ')}</FormAlert>}
          </div>
          <TextAreaField
            label={t('ratings.report.details')}
            optionalText={t('ratings.optional')}
            rows={3}
            maxLength={REPORT_DETAILS_MAX}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            errors={errors.details}
          />
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          <DialogActions close={close} busy={busy} label={t('ratings.report.submit')} />
        </form>
      )}
    </FormDialog>
  );
}
