import { useId, useState } from 'react';
import { RATING_REPLY_MAX } from '../../../../common/ratings';
import { FieldErrors, SubmitButton } from '../../../components/form-controls';
import { refusalUnder, useApiSubmit } from '../../../hooks/use-api-submit';
import { useTranslation } from '../../../lib/use-translation';
import { ratingsApi } from '../ratings-api';

/** The rated person's one answer to a rating, under it: closed until opened, then a text and a button. */
export function ReplyForm({ ratingId, onReplied }: { ratingId: number; onReplied: (text: string, message: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const { busy, errors, submit, fail } = useApiSubmit({ refusal: refusalUnder('text', t('errors.unknown')) });

  if (!open) {
    return (
      <button type="button" className="mt-2 text-sm font-semibold text-brand hover:underline" onClick={() => setOpen(true)}>
        {t('ratings.reply_open')}
      </button>
    );
  }
  return (
    <form
      noValidate
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        const value = text.trim();
        if (!value) return fail({ text: [t('ratings.reply_required')] });
        void submit(
          () => ratingsApi.reply(ratingId, value),
          (reply) => onReplied(value, reply.message),
        );
      }}
    >
      <label htmlFor={`${id}-text`} className="block text-sm font-medium">
        {t('ratings.reply_label')}
      </label>
      <textarea
        id={`${id}-text`}
        rows={3}
        maxLength={RATING_REPLY_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={errors.text ? true : undefined}
        aria-describedby={`${id}-hint${errors.text ? ` ${id}-errors` : ''}`}
        className="block w-full rounded-lg border border-line bg-raised px-3 py-2 text-base text-ink focus-ring focus:border-brand aria-[invalid=true]:border-danger"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('ratings.reply_hint', { max: RATING_REPLY_MAX })}
      </p>
      <FieldErrors id={`${id}-errors`} errors={errors.text} />
      <div className="flex gap-2">
        <SubmitButton busy={busy} label={t('ratings.reply_submit')} busyLabel={t('ratings.working')} />
        <button
          type="button"
          className="inline-flex h-11 items-center rounded-lg px-3 font-semibold text-muted hover:text-ink"
          onClick={() => setOpen(false)}
        >
          {t('ratings.cancel')}
        </button>
      </div>
    </form>
  );
}
