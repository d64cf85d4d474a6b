import { useState } from 'react';
import { RATING_TEXT_MAX } from '../../../../common/ratings';
import { DialogActions, FormAlert, TextAreaField } from '../../../components/form-controls';
import { FormDialog } from '../../../components/form-dialog';
import { refusalFor, useApiSubmit } from '../../../hooks/use-api-submit';
import { useTranslation } from '../../../lib/use-translation';
import { ratingsApi } from '../ratings-api';
import { StarInput } from './star-input';

/**
 * Rate the other side of a deal: 1–5 stars (required) and a few words. The rating is kept hidden
 * until both have rated or 14 days have passed, which the dialog says before it is sent.
 */
export function RateDialog({
  dealId,
  otherName,
  isOpen,
  onOpenChange,
  onRated,
}: {
  dealId: number;
  otherName: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onRated: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [stars, setStars] = useState<number | null>(null);
  const [text, setText] = useState('');
  const { busy, errors, formMessage, submit, fail } = useApiSubmit({ refusal: refusalFor({ stars: ['stars'], text: ['text'] }) });

  return (
    <FormDialog title={t('ratings.rate_title', { name: otherName })} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (stars === null) {
              fail({ stars: [t('ratings.choose_stars')] });
              return;
            }
            void submit(
              () => ratingsApi.rate(dealId, stars, text.trim()),
              (reply) => {
                close();
                onRated(reply.message);
              },
            );
          }}
        >
          <p className="text-sm text-muted">{t('ratings.rate_intro')}</p>
          <StarInput legend={t('ratings.stars_legend')} value={stars} onChange={setStars} errors={errors.stars} />
          <TextAreaField
            label={t('ratings.text_label')}
            name="text"
            rows={4}
            maxLength={RATING_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            optionalText={t('ratings.optional')}
            hint={t('ratings.text_hint', { max: RATING_TEXT_MAX })}
            errors={errors.text}
          />
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          <DialogActions close={close} busy={busy} label={t('ratings.rate_submit')} />
        </form>
      )}
    </FormDialog>
  );
}
