import { Handshake } from 'lucide-react';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { DealItem } from '../../../../server/modules/ratings/ratings.schemas';
import { Avatar } from '../../../components/avatar';
import { Pagination } from '../../../components/pagination';
import { formatDate } from '../../../lib/format';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { RateDialog } from './rate-dialog';
import { RatingDecisionDialog } from './rating-decision-dialog';
import { ReplyForm } from './reply-form';
import { Stars } from './stars';

/** My deals, newest first: what each was, with whom, and where its ratings stand. */
export function DealsList({ deals, page, lastPage }: { deals: DealItem[]; page: number; lastPage: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="deals-title" className="mx-auto max-w-3xl py-2 sm:py-4">
      <h1 id="deals-title" className="text-2xl font-bold">
        {t('ratings.deals.title')}
      </h1>
      <p className="mt-1 text-muted">{t('ratings.deals.intro')}</p>
      {deals.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-line bg-raised px-6 py-12 text-center">
          <Handshake aria-hidden size={32} className="mx-auto mb-3 text-muted" />
          <p className="font-semibold">{t('ratings.deals.empty_title')}</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted">{t('ratings.deals.empty_hint')}</p>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {deals.map((deal) => (
            <li key={deal.id}>
              <DealCard deal={deal} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} lastPage={lastPage} />
    </section>
  );
}

function DealCard({ deal }: { deal: DealItem }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<'rate' | 'decision' | null>(null);
  const other = deal.other?.name ?? t('ratings.deleted_user');
  const done = (message: string) => {
    showToast({ icon: 'success', message });
    void revalidator.revalidate();
  };
  const titleId = `deal-${deal.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-line bg-raised p-4 sm:p-5">
      <header className="flex items-start gap-3">
        <Avatar user={{ name: other, avatar: deal.other?.avatar ?? null }} size={40} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold break-words">
            {deal.ad ? (
              <Link to={`/${deal.ad.uuid}`} className="hover:underline">
                {deal.subject}
              </Link>
            ) : (
              deal.subject
            )}
          </h2>
          <p className="text-sm text-muted">
            {t(`ratings.deals.${deal.role}_${deal.kind}`, { name: other })} ·{' '}
            <time dateTime={deal.created_at}>{formatDate(deal.created_at, i18n.language)}</time>
          </p>
        </div>
      </header>

      <div className="mt-3 space-y-3 border-t border-line pt-3 text-sm">
        {deal.my_rating ? (
          <div>
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{t('ratings.deals.your_rating')}</span>
              <Stars stars={deal.my_rating.stars} size="sm" />
            </p>
            {deal.my_rating.text && <p className="mt-1 break-words whitespace-pre-line">{deal.my_rating.text}</p>}
            {deal.my_rating.reply && (
              <p className="mt-2 rounded-lg bg-sunken p-2 break-words whitespace-pre-line">
                <span className="font-semibold">{t('ratings.deals.their_reply', { name: other })}</span> {deal.my_rating.reply.text}
              </p>
            )}
            {deal.my_rating.hidden && (
              <p className="mt-2 rounded-lg border border-warning/40 bg-warning/10 p-2">
                {t('ratings.deals.hidden')}{' '}
                <button
                  aria-haspopup="dialog"
                  type="button"
                  className="font-semibold text-brand underline"
                  onClick={() => setDialog('decision')}
                >
                  {t('ratings.deals.hidden_why')}
                </button>
              </p>
            )}
          </div>
        ) : deal.may_rate ? (
          <div className="flex flex-wrap items-center gap-3">
            <button
              aria-haspopup="dialog"
              type="button"
              onClick={() => setDialog('rate')}
              className="inline-flex h-10 items-center rounded-lg bg-brand px-4 font-semibold text-brand-ink hover:brightness-110"
            >
              {t('ratings.rate_button', { name: other })}
            </button>
            <span className="text-muted">{t('ratings.deals.rate_until', { date: formatDate(deal.rate_until, i18n.language) })}</span>
          </div>
        ) : (
          <p className="text-muted">{t(deal.other ? 'ratings.deals.rating_closed' : 'ratings.deals.other_gone')}</p>
        )}

        {deal.their_rating ? (
          <div>
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{t('ratings.deals.their_rating', { name: other })}</span>
              <Stars stars={deal.their_rating.stars} size="sm" />
            </p>
            {deal.their_rating.text && <p className="mt-1 break-words whitespace-pre-line">{deal.their_rating.text}</p>}
            {deal.their_rating.reply ? (
              <p className="mt-2 rounded-lg bg-sunken p-2 break-words whitespace-pre-line">
                <span className="font-semibold">{t('ratings.deals.your_reply')}</span> {deal.their_rating.reply.text}
              </p>
            ) : (
              deal.their_rating.may_reply && <ReplyForm ratingId={deal.their_rating.id} onReplied={(_text, message) => done(message)} />
            )}
          </div>
        ) : (
          deal.their_rating_waiting && <p className="text-muted">{t('ratings.deals.their_waiting', { name: other })}</p>
        )}
      </div>

      {dialog === 'rate' && (
        <RateDialog dealId={deal.id} otherName={other} isOpen onOpenChange={(open) => !open && setDialog(null)} onRated={done} />
      )}
      {dialog === 'decision' && deal.my_rating && (
        <RatingDecisionDialog ratingId={deal.my_rating.id} isOpen onOpenChange={(open) => !open && setDialog(null)} onAppealed={done} />
      )}
    </article>
  );
}
