import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Static } from 'typebox';
import { APPEAL_TEXT_MAX, APPEAL_TEXT_MIN } from '../../../../common/reports';
import type { Decision } from '../../../../server/modules/reports/reports.schemas';
import { DialogActions, FormAlert, TextAreaField, secondaryButton } from '../../../components/form-controls';
import { FormDialog } from '../../../components/form-dialog';
import { refusalFor, refusalText, useApiSubmit } from '../../../hooks/use-api-submit';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { ratingsApi } from '../ratings-api';

/**
 * Why staff hid my rating (the statement of reasons: the facts and the rule), and my one appeal
 * against it, decided by another staff member.
 */
export function RatingDecisionDialog({
  ratingId,
  isOpen,
  onOpenChange,
  onAppealed,
}: {
  ratingId: number;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onAppealed: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [decision, setDecision] = useState<Static<typeof Decision> | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const { busy, errors, formMessage, submit } = useApiSubmit({ refusal: refusalFor(['text']) });

  useEffect(() => {
    let live = true;
    ratingsApi.decision(ratingId).then(
      (reply) => live && setDecision(reply.data),
      (error: unknown) => live && setLoadError(refusalText(error, t('errors.unknown'))),
    );
    return () => {
      live = false;
    };
  }, [ratingId, t]);

  return (
    <FormDialog title={t('ratings.decision.title')} isOpen={isOpen} onOpenChange={onOpenChange} wide>
      {(close) => (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!decision?.may_appeal) return close();
            void submit(
              () => ratingsApi.appeal(ratingId, text.trim()),
              (reply) => {
                close();
                onAppealed(reply.message);
              },
            );
          }}
        >
          {loadError ? (
            <FormAlert tone="error">{loadError}</FormAlert>
          ) : decision === undefined ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted">
              <Loader2 aria-hidden size={18} className="animate-spin" />
              {t('ratings.decision.loading')}
            </p>
          ) : decision === null ? (
            <p>{t('ratings.decision.none')}</p>
          ) : (
            <>
              <p className="text-sm text-muted">
                {t('ratings.decision.made', { date: formatDate(decision.created_at, i18n.language) })} ·{' '}
                {t(`reports.rules.${decision.rule}`)}
              </p>
              <div>
                <h3 className="text-sm font-semibold">{t('ratings.decision.facts')}</h3>
                <p className="whitespace-pre-line">{decision.facts}</p>
              </div>
              {decision.appealed_at ? (
                <FormAlert tone="info">
                  {decision.appeal_outcome ? t(`reports.appeal_outcomes.${decision.appeal_outcome}`) : t('ratings.decision.appeal_waiting')}
                </FormAlert>
              ) : decision.may_appeal ? (
                <TextAreaField
                  label={t('ratings.decision.appeal_label')}
                  rows={4}
                  minLength={APPEAL_TEXT_MIN}
                  maxLength={APPEAL_TEXT_MAX}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  hint={t('ratings.decision.appeal_hint', { min: APPEAL_TEXT_MIN })}
                  errors={errors.text}
                />
              ) : (
                <p className="text-sm text-muted">{t('ratings.decision.appeal_closed')}</p>
              )}
            </>
          )}
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          {decision?.may_appeal ? (
            <DialogActions close={close} busy={busy} label={t('ratings.decision.appeal_submit')} />
          ) : (
            <div className="flex justify-end">
              <button type="button" onClick={close} className={secondaryButton}>
                {t('dialog.close')}
              </button>
            </div>
          )}
        </form>
      )}
    </FormDialog>
  );
}
