import { Flag, Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { RatingItem, RatingListReply } from '../../../../server/modules/ratings/ratings.schemas';
import { Avatar } from '../../../components/avatar';
import { RatingSummary } from '../../../components/rating-summary';
import { formatDate } from '../../../lib/format';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { ratingsApi } from '../ratings-api';
import { ReplyForm } from './reply-form';
import { ReportRatingDialog } from './report-rating-dialog';
import { Stars } from './stars';

/**
 * A person's public ratings on their page, newest first, a page at a time (read from the API as
 * the reader moves on): stars, words, who rated and as what, the deal, the date, and the rated
 * person's answer. The rated person answers here; anyone signed in may report a rating.
 */
export function RatingsList({ userId, name, initial }: { userId: number; name: string; initial: RatingListReply }) {
  const { t } = useTranslation();
  const [list, setList] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [reporting, setReporting] = useState<number | null>(null);
  const { current_page: page, last_page: lastPage } = list.meta;

  const go = (next: number) => {
    setLoading(true);
    ratingsApi.ratingsOf(userId, next).then(
      (reply) => {
        setList(reply);
        setLoading(false);
        document.getElementById('ratings-title')?.focus();
      },
      () => {
        setLoading(false);
        showToast({ icon: 'error', message: t('ratings.load_failed') });
      },
    );
  };
  const replied = (id: number, text: string, message: string) => {
    showToast({ icon: 'success', message });
    setList((previous) => ({
      ...previous,
      data: previous.data.map((item) =>
        item.id === id ? { ...item, may_reply: false, reply: { text, created_at: new Date().toISOString() } } : item,
      ),
    }));
  };

  return (
    <section aria-labelledby="ratings-title" aria-busy={loading} className="mt-8">
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3">
        <h2 id="ratings-title" tabIndex={-1} className="text-xl font-semibold outline-none">
          {t('ratings.list_title', { name })}
        </h2>
        <RatingSummary rating={list.summary} />
      </div>
      {list.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-raised px-6 py-8 text-center text-muted">{t('ratings.none_yet')}</p>
      ) : (
        <ol className="space-y-3">
          {list.data.map((item) => (
            <li key={item.id}>
              <RatingCard item={item} onReply={replied} onReport={() => setReporting(item.id)} />
            </li>
          ))}
        </ol>
      )}
      {lastPage > 1 && (
        <nav aria-label={t('ratings.pages')} className="mt-4 flex items-center justify-center gap-3">
          <button
            type="button"
            disabled={page <= 1 || loading}
            onClick={() => go(page - 1)}
            className="inline-flex h-10 items-center rounded-lg border border-line px-3 text-sm font-semibold hover:bg-sunken disabled:opacity-50"
          >
            {t('ratings.newer')}
          </button>
          <span className="text-sm text-muted">
            {loading ? <Loader2 aria-hidden size={16} className="animate-spin" /> : t('ratings.page_of', { page, last: lastPage })}
          </span>
          <button
            type="button"
            disabled={page >= lastPage || loading}
            onClick={() => go(page + 1)}
            className="inline-flex h-10 items-center rounded-lg border border-line px-3 text-sm font-semibold hover:bg-sunken disabled:opacity-50"
          >
            {t('ratings.older')}
          </button>
        </nav>
      )}
      {reporting !== null && (
        <ReportRatingDialog
          ratingId={reporting}
          isOpen
          onOpenChange={(open) => !open && setReporting(null)}
          onReported={(message) => showToast({ icon: 'success', message })}
        />
      )}
    </section>
  );
}

function RatingCard({
  item,
  onReply,
  onReport,
}: {
  item: RatingItem;
  onReply: (id: number, text: string, message: string) => void;
  onReport: () => void;
}) {
  const { t, i18n } = useTranslation();
  const rater = item.rater?.name ?? t('ratings.deleted_user');
  return (
    <article className="rounded-xl border border-line bg-raised p-4">
      <header className="flex items-start gap-3">
        <Avatar user={{ name: rater, avatar: item.rater?.avatar ?? null }} size={36} />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2">
            <span className="font-semibold">{rater}</span>
            <Stars stars={item.stars} size="sm" />
          </p>
          <p className="text-xs text-muted">
            {t(`ratings.rated_as_${item.role}`)} · {t('ratings.deal_subject', { subject: item.subject })} ·{' '}
            <time dateTime={item.created_at}>{formatDate(item.created_at, i18n.language)}</time>
          </p>
        </div>
        {item.may_report && (
          <button
            type="button"
            onClick={onReport}
            aria-label={t('ratings.report.open_of', { name: rater })}
            className="inline-flex h-9 items-center gap-1 rounded-lg px-2 text-xs text-muted hover:text-ink"
          >
            <Flag aria-hidden size={14} />
            <span className="hidden sm:inline">{t('ratings.report.open')}</span>
          </button>
        )}
      </header>
      {item.text && <p className="mt-2 break-words whitespace-pre-line">{item.text}</p>}
      {item.reply && (
        <div className="mt-3 rounded-lg bg-sunken p-3 text-sm">
          <p className="font-semibold">{t('ratings.reply_heading')}</p>
          <p className="mt-0.5 break-words whitespace-pre-line">{item.reply.text}</p>
        </div>
      )}
      {item.may_reply && <ReplyForm ratingId={item.id} onReplied={(text, message) => onReply(item.id, text, message)} />}
    </article>
  );
}
