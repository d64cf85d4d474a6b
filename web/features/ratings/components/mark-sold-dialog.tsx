import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Static } from 'typebox';
import type { CandidatesReply } from '../../../../server/modules/ratings/ratings.schemas';
import { Avatar } from '../../../components/avatar';
import { DialogActions, FieldErrors, FormAlert, secondaryButton } from '../../../components/form-controls';
import { FormDialog } from '../../../components/form-dialog';
import { refusalFor, refusalText, useApiSubmit } from '../../../hooks/use-api-submit';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { ratingsApi } from '../ratings-api';

type Candidates = Static<typeof CandidatesReply>;

/**
 * "Sold to…": the seller picks, among the people who wrote to them about the ad, the one it was
 * sold (or given) to; the ad becomes sold and both are asked to rate the deal. `buyerId` chooses
 * someone at the start (the chat room's other person). Says so when the ad has its deal already,
 * when nobody has written yet, or when the ad's status does not allow it.
 */
export function MarkSoldDialog({
  ad,
  buyerId,
  isOpen,
  onOpenChange,
  onSold,
}: {
  ad: { uuid: string; name: string; kind?: string };
  buyerId?: number | undefined;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSold: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [candidates, setCandidates] = useState<Candidates | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(buyerId ?? null);
  const { busy, errors, formMessage, submit, fail } = useApiSubmit({ refusal: refusalFor({ buyer_id: ['buyer_id'] }) });

  useEffect(() => {
    let live = true;
    ratingsApi.candidates(ad.uuid).then(
      (reply) => {
        if (!live) return;
        setCandidates(reply);
        if (reply.data.length === 1) setChosen((previous) => previous ?? reply.data[0]!.id);
      },
      (error: unknown) => live && setLoadError(refusalText(error, t('errors.unknown'))),
    );
    return () => {
      live = false;
    };
  }, [ad.uuid, t]);

  const people = candidates?.data ?? [];
  const ready = !!candidates && !candidates.deal && candidates.may_mark_sold && people.length > 0;

  return (
    <FormDialog title={t('ratings.mark_sold.title')} isOpen={isOpen} onOpenChange={onOpenChange} wide>
      {(close) => (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!ready) return close();
            if (chosen === null) return fail({ buyer_id: [t('ratings.mark_sold.choose')] });
            void submit(
              () => ratingsApi.makeDeal(ad.uuid, chosen),
              (reply) => {
                close();
                onSold(reply.message);
              },
            );
          }}
        >
          <p className="text-sm text-muted">
            {t(ad.kind === 'give' ? 'ratings.mark_sold.intro_give' : 'ratings.mark_sold.intro', { name: ad.name })}
          </p>
          {loadError ? (
            <FormAlert tone="error">{loadError}</FormAlert>
          ) : !candidates ? (
            <p className="flex items-center gap-2 text-sm text-muted" role="status">
              <Loader2 aria-hidden size={18} className="animate-spin" />
              {t('ratings.mark_sold.loading')}
            </p>
          ) : candidates.deal ? (
            <FormAlert tone="info">
              {candidates.deal.buyer
                ? t('ratings.mark_sold.already_to', { name: candidates.deal.buyer.name })
                : t('ratings.mark_sold.already')}
            </FormAlert>
          ) : !candidates.may_mark_sold ? (
            <FormAlert tone="info">{t('ratings.mark_sold.not_now')}</FormAlert>
          ) : people.length === 0 ? (
            <FormAlert tone="info">{t('ratings.mark_sold.nobody')}</FormAlert>
          ) : (
            <div>
              <p id="mark-sold-legend" className="mb-2 text-sm font-medium">
                {t('ratings.mark_sold.who')}
              </p>
              <div
                role="radiogroup"
                aria-labelledby="mark-sold-legend"
                aria-describedby={errors.buyer_id ? 'mark-sold-errors' : undefined}
                className="space-y-2"
              >
                {people.map((person) => (
                  <label
                    key={person.id}
                    className="flex cursor-pointer items-center gap-3 rounded-lg border border-line p-3 has-[:checked]:border-brand has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-focus"
                  >
                    <input
                      type="radio"
                      name="buyer"
                      value={person.id}
                      checked={chosen === person.id}
                      onChange={() => setChosen(person.id)}
                      className="h-4 w-4 accent-[var(--brand)]"
                    />
                    <Avatar user={{ name: person.name, avatar: person.avatar }} size={32} />
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{person.name}</span>
                      <span className="block text-xs text-muted">
                        {t('ratings.mark_sold.last_message', { date: formatDateTime(person.last_message_at, i18n.language) })}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              <FieldErrors id="mark-sold-errors" errors={errors.buyer_id} />
              <p className="mt-3 text-sm text-muted">{t('ratings.mark_sold.after')}</p>
            </div>
          )}
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          {ready ? (
            <DialogActions
              close={close}
              busy={busy}
              label={t(ad.kind === 'give' ? 'ratings.mark_sold.submit_give' : 'ratings.mark_sold.submit')}
            />
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
