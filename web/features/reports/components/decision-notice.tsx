import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Static } from 'typebox';
import { APPEAL_TEXT_MAX, APPEAL_TEXT_MIN } from '../../../../common/reports';
import type { Decision } from '../../../../server/modules/reports/reports.schemas';
import { DialogActions, FormAlert, primaryButton } from '../../../components/form-controls';
import { LazyFormDialog as FormDialog } from '../../../components/lazy-dialogs';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { useApiSubmit } from '../../../hooks/use-api-submit';
import { TextAreaField } from '../../../components/form-controls';

/**
 * What the seller of a hidden ad sees on its page: the statement of reasons (what, why, which rule)
 * and their one appeal — its form, or where it stands.
 */
export function DecisionNotice({ uuid, decision }: { uuid: string; decision: Static<typeof Decision> }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const { busy, errors, formMessage, submit: send } = useApiSubmit();

  function submit(form: HTMLFormElement, close: () => void) {
    return send(
      () => api.appeal(uuid, String(new FormData(form).get('text') ?? '').trim()),
      (reply) => {
        close();
        showToast({ icon: 'success', message: reply.message });
        void revalidator.revalidate();
      },
    );
  }

  const appealState = decision.appeal_outcome
    ? t(`appeal.outcome_${decision.appeal_outcome}`)
    : decision.appealed_at
      ? t('appeal.pending', { date: formatDateTime(decision.appealed_at, locale) })
      : null;

  return (
    <section aria-labelledby="decision-title" className="mb-6 rounded-xl border border-danger/40 bg-danger/5 p-4 sm:p-5">
      <h2 id="decision-title" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldAlert aria-hidden size={20} className="text-danger" />
        {t('appeal.title')}
      </h2>
      <p className="mt-2 text-sm">{t('appeal.what', { date: formatDateTime(decision.created_at, locale) })}</p>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="font-semibold">{t('appeal.rule')}</dt>
          <dd>{t(`reports.rules.${decision.rule}`)}</dd>
        </div>
        <div>
          <dt className="font-semibold">{t('appeal.facts')}</dt>
          <dd className="whitespace-pre-line">{decision.facts}</dd>
        </div>
        {decision.appeal_note && (
          <div>
            <dt className="font-semibold">{t('appeal.staff_note')}</dt>
            <dd className="whitespace-pre-line">{decision.appeal_note}</dd>
          </div>
        )}
      </dl>
      {appealState && <p className="mt-3 text-sm font-medium">{appealState}</p>}
      {decision.may_appeal && (
        <>
          <p className="mt-3 text-sm text-muted">{t('appeal.how')}</p>
          <button aria-haspopup="dialog" type="button" className={`${primaryButton} mt-3`} onClick={() => setOpen(true)}>
            {t('appeal.open')}
          </button>
          <FormDialog title={t('appeal.dialog_title')} isOpen={open} onOpenChange={setOpen}>
            {(close) => (
              <form
                noValidate
                className="space-y-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  void submit(event.currentTarget, close);
                }}
              >
                <p className="text-sm text-muted">{t('appeal.once')}</p>
                <TextAreaField
                  label={t('appeal.text')}
                  name="text"
                  rows={6}
                  required
                  maxLength={APPEAL_TEXT_MAX}
                  hint={t('appeal.text_hint', { min: APPEAL_TEXT_MIN, max: APPEAL_TEXT_MAX })}
                  errors={errors.text}
                />
                {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
                <DialogActions close={close} busy={busy} label={t('appeal.submit')} />
              </form>
            )}
          </FormDialog>
        </>
      )}
    </section>
  );
}
