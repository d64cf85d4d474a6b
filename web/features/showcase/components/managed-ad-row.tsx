import { Clock, ImageOff, Pencil, Scale, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { ManagedAd } from '../../../../server/modules/ads/ads.schemas';
import { AdStatusBadge, StatusMenu } from '../../../components/ad-status';
import type { Locale } from '../../../../common/locales';
import { formatCreated, formatPrice } from '../../../lib/format';
import { wasUpdated } from '../../../lib/ad-dates';
import { missingActiveHint, statusMenuChoices } from '../showcase-state';
import type { AdStatus } from '../../../../common/ad-rules';

// Edit and delete show only their icons on a phone (the accessible name keeps the words), so a row's actions fit on one line.
const actionClass =
  'inline-flex h-10 min-w-10 items-center justify-center gap-2 rounded-lg border border-line bg-raised px-2.5 text-sm font-semibold hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-70 sm:px-3';

/** The element id of an ad's row, for moving the focus to it. */
export const rowId = (uuid: string) => `mine-${uuid}`;

/**
 * One of my ads: cover, title (to the ad page, which its owner sees whatever the status), price,
 * place, dates and status; the statuses it may move to, edit and delete. A rejected ad leads
 * with the moderator's reason; an ad in review says so.
 */
export function ManagedAdRow({
  ad,
  busy,
  onStatus,
  onDelete,
  dealAction,
  validity,
}: {
  ad: ManagedAd;
  busy: boolean;
  onStatus: (status: AdStatus) => void;
  onDelete: () => void;
  /** "Sold to…": marks the ad sold to one of the people who wrote about it. */
  dealAction?: ReactNode;
  /** When the ad ends and its renew button (the lifecycle feature's, issue 27), given by the page. */
  validity?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const id = rowId(ad.uuid);
  const hint = missingActiveHint(ad);
  const choices = statusMenuChoices(ad);
  // The review and rejection notices explain themselves above; the other hints sit under the menu.
  const footHint = hint === 'not_approved' || hint === 'draft' ? hint : null;

  return (
    <article
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-line bg-raised p-3 outline-none focus-visible:ring-3 focus-visible:ring-accent sm:p-4"
    >
      <div className="flex gap-3 sm:gap-4">
        {ad.image ? (
          <img
            src={ad.image.thumb}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            className="h-20 w-20 shrink-0 rounded-lg bg-sunken object-cover sm:h-24 sm:w-24"
          />
        ) : (
          <span
            role="img"
            aria-label={t('showcase.no_picture')}
            className="flex h-20 w-20 shrink-0 items-center justify-center rounded-lg bg-sunken text-muted sm:h-24 sm:w-24"
          >
            <ImageOff aria-hidden size={22} />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <AdStatusBadge status={ad.status} />
          <h2 id={`${id}-title`} className="mt-1.5 leading-snug font-semibold break-words">
            <Link to={`/${ad.uuid}`} className="hover:underline">
              {ad.name}
            </Link>
          </h2>
          <p className="mt-0.5 text-sm">
            <span className="font-semibold text-brand">{ad.price === 0 ? t('showcase.free') : formatPrice(ad.price, locale)}</span>
            <span className="text-muted"> · {ad.city.name}</span>
          </p>
          <p className="mt-0.5 text-xs text-muted">
            {t('showcase.created', { date: formatCreated(ad.created_at, locale) })}
            {wasUpdated(ad) && (
              <>
                <span aria-hidden> · </span>
                <span className="inline-block">{t('showcase.updated', { date: formatCreated(ad.updated_at, locale) })}</span>
              </>
            )}
          </p>
        </div>
      </div>

      {ad.status === 'canceled' && ad.hidden_by_decision && (
        // The same words as the ad's own page (reports/decision-notice): an edit does not bring it back, an appeal may.
        <div className="mt-3 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
          <p className="font-semibold">{t('appeal.title')}</p>
          {ad.rejection_reason && <blockquote className="mt-1 break-words whitespace-pre-line">{ad.rejection_reason}</blockquote>}
          <p className="mt-2 text-muted">{t('appeal.how')}</p>
          <Link to={`/${ad.uuid}`} className="mt-2 inline-flex items-center gap-1.5 font-semibold text-brand hover:underline">
            <Scale aria-hidden size={16} />
            {t('showcase.decision_open')}
          </Link>
        </div>
      )}
      {ad.status === 'canceled' && !ad.hidden_by_decision && (
        <div className="mt-3 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
          <p className="font-semibold">{t('showcase.rejected.title')}</p>
          {ad.rejection_reason && <blockquote className="mt-1 break-words whitespace-pre-line">{ad.rejection_reason}</blockquote>}
          <p className="mt-2 text-muted">{t('showcase.rejected.next')}</p>
          <Link
            to={`/my-showcase/edit/${ad.uuid}`}
            className="mt-2 inline-flex items-center gap-1.5 font-semibold text-brand hover:underline"
          >
            <Pencil aria-hidden size={16} />
            {t('showcase.rejected.resubmit')}
          </Link>
        </div>
      )}
      {ad.status === 'moderate' && (
        <p className="mt-3 flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
          <Clock aria-hidden size={18} className="mt-0.5 shrink-0 text-warning" />
          <span>
            <span className="font-semibold">{t('status.moderate')}.</span> {t('showcase.hint.in_review')}
          </span>
        </p>
      )}

      {validity && <div className="mt-3">{validity}</div>}

      <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-line pt-3">
        <StatusMenu
          choices={choices}
          label={t('showcase.change_status')}
          ariaLabel={t('showcase.change_status_of', { name: ad.name })}
          itemLabel={(status) => t(`showcase.make.${status}`)}
          onChoose={onStatus}
          busy={busy}
          busyLabel={t('showcase.saving')}
          describedBy={footHint ? `${id}-hint` : undefined}
        />
        {dealAction}
        <span className="flex-1" />
        <Link to={`/my-showcase/edit/${ad.uuid}`} className={actionClass} aria-label={t('showcase.edit_of', { name: ad.name })}>
          <Pencil aria-hidden size={16} />
          <span className="hidden sm:inline">{t('showcase.edit')}</span>
        </Link>
        <button
          type="button"
          className={`${actionClass} text-danger`}
          disabled={busy}
          onClick={onDelete}
          aria-label={t('showcase.delete_of', { name: ad.name })}
        >
          <Trash2 aria-hidden size={16} />
          <span className="hidden sm:inline">{t('showcase.delete')}</span>
        </button>
      </div>
      {footHint && (
        <p id={`${id}-hint`} className="mt-2 text-xs text-muted">
          {t(`showcase.hint.${footHint}`)}
        </p>
      )}
    </article>
  );
}
