import { Flag } from 'lucide-react';
import { useState } from 'react';
import { AD_REPORT_REASONS, type AdReportReason, REPORT_DETAILS_MAX, REPORTER_NAME_MAX } from '../../../../common/reports';
import { DialogActions, EmailField, FormAlert, TextField } from '../../../components/form-controls';
import { LazyFormDialog as FormDialog } from '../../../components/lazy-dialogs';
import { api } from '../../../lib/api-client';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { useApiSubmit } from '../../../hooks/use-api-submit';
import { SelectField, TextAreaField } from '../../../components/form-controls';

/**
 * "Report this ad" (EU DSA notice): a reason from the list, what is wrong, and for a visitor the
 * address the receipt and the outcome go to. Shown to everyone but the ad's seller.
 */
export function ReportAdButton({ uuid, signedIn }: { uuid: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { busy, errors, formMessage, submit: send } = useApiSubmit();

  function submit(form: HTMLFormElement, close: () => void) {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    return send(
      () =>
        api.reportAd(uuid, {
          reason: text('reason') as AdReportReason,
          ...(text('details') ? { details: text('details') } : {}),
          ...(signedIn ? {} : { email: text('email'), ...(text('name') ? { name: text('name') } : {}) }),
        }),
      (reply) => {
        close();
        showToast({ icon: 'success', message: reply.message });
      },
    );
  }

  return (
    <>
      <button
        aria-haspopup="dialog"
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-2 self-start text-sm font-medium text-muted underline hover:text-danger"
      >
        <Flag aria-hidden size={16} />
        {t('report_ad.open')}
      </button>
      <FormDialog title={t('report_ad.title')} isOpen={open} onOpenChange={setOpen}>
        {(close) => (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit(event.currentTarget, close);
            }}
          >
            <p className="text-sm text-muted">{t('report_ad.intro')}</p>
            <SelectField
              label={t('report_ad.reason')}
              name="reason"
              defaultValue="scam"
              errors={errors.reason}
              options={AD_REPORT_REASONS.map((reason) => ({ value: reason, label: t(`reports.ad_reasons.${reason}`) }))}
            />
            <TextAreaField
              label={t('report_ad.details')}
              name="details"
              maxLength={REPORT_DETAILS_MAX}
              optionalText={t('report_ad.optional')}
              hint={t('report_ad.details_hint', { max: REPORT_DETAILS_MAX })}
              errors={errors.details}
            />
            {!signedIn && (
              <>
                <EmailField autoComplete="email" errors={errors.email} />
                <TextField
                  label={t('report_ad.name')}
                  name="name"
                  autoComplete="name"
                  maxLength={REPORTER_NAME_MAX}
                  optionalText={t('report_ad.optional')}
                  errors={errors.name}
                />
                <p className="text-xs text-muted">{t('report_ad.visitor_note')}</p>
              </>
            )}
            {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
            <DialogActions close={close} busy={busy} label={t('report_ad.submit')} variant="danger" />
          </form>
        )}
      </FormDialog>
    </>
  );
}
