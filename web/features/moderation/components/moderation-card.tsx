import { Check, ChevronRight, Copy, Loader2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { AdStatus } from '../../../../common/ad-rules';
import type { ModerationItem } from '../../../../server/modules/ads/ads.schemas';
import { AdStatusBadge, StatusMenu } from '../../../components/ad-status';
import type { Locale } from '../../../../common/locales';
import { primaryButton } from '../../../components/form-controls';
import { formatCreated, formatPrice } from '../../../lib/format';
import { wasUpdated } from '../../../lib/ad-dates';
import { descriptionPreview, staffChoices } from '../moderation-state';
import { PictureStrip } from './picture-strip';

/** The element id of an item's card, for moving the focus to it. */
export const cardId = (uuid: string) => `moderation-${uuid}`;

function Description({ text }: { text: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const preview = descriptionPreview(text);
  return (
    <div className="text-sm">
      <p id={id} className="break-words whitespace-pre-line">
        {preview && !open ? preview : text}
      </p>
      {preview && (
        <button
          type="button"
          className="mt-1 font-semibold text-brand hover:underline"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls={id}
        >
          {open ? t('moderation.show_less') : t('moderation.show_more')}
        </button>
      )}
    </div>
  );
}

/**
 * Why the ad waits besides the setting (issue 25): another seller's ad shows the same picture,
 * with a link to it so the moderator can compare the two.
 */
function Flags({ flags }: { flags: ModerationItem['flags'] }) {
  const { t } = useTranslation();
  if (!flags.length) return null;
  return (
    <ul aria-label={t('moderation.flags')} className="space-y-2">
      {flags.map((flag, index) => (
        <li
          key={`${flag.kind}-${flag.product_id ?? index}`}
          className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
        >
          <Copy aria-hidden size={16} className="shrink-0 text-warning" />
          <span className="font-semibold">{t(`moderation.flag_${flag.kind}`)}</span>
          {flag.product ? (
            <Link to={`/${flag.product.uuid}`} className="font-semibold break-words text-brand hover:underline">
              {flag.product.name}
            </Link>
          ) : (
            flag.product_id !== undefined && <span className="text-muted">({t('moderation.flag_other_ad_gone')})</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * One ad in front of the moderator: pictures, what the buyer would read, who sells it and when.
 * In the queue the verdict; elsewhere the status menu (staff may set any status).
 */
export function ModerationCard({
  item,
  inQueue,
  busy,
  onApprove,
  onReject,
  onStatus,
}: {
  item: ModerationItem;
  inQueue: boolean;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onStatus: (status: AdStatus) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const id = cardId(item.uuid);
  const place = [item.address, item.city.name].filter(Boolean).join(', ');
  return (
    <article
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-line bg-raised p-4 outline-none focus-visible:ring-3 focus-visible:ring-focus sm:p-5"
    >
      <div className="flex flex-col gap-4 md:flex-row">
        <div className="md:w-64 md:shrink-0">
          <PictureStrip pictures={item.images} title={item.name} />
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          {!inQueue && <AdStatusBadge status={item.status} />}
          <Flags flags={item.flags} />
          <h3 id={`${id}-title`} className="text-lg leading-snug font-semibold break-words">
            {item.name}
          </h3>
          <p className="text-xl font-bold text-brand">{item.price === 0 ? t('moderation.free') : formatPrice(item.price, locale)}</p>
          <Description text={item.description} />
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 pt-2 text-sm">
            <dt className="text-muted">{t('moderation.category')}</dt>
            <dd>{item.catalog.path.map((c) => c.name).join(' › ')}</dd>
            <dt className="text-muted">{t('moderation.location')}</dt>
            <dd>{place}</dd>
            <dt className="text-muted">{t('moderation.seller')}</dt>
            <dd className="break-words">
              {item.seller.name}
              <br />
              <a href={`mailto:${item.seller.email}`} className="break-all text-brand hover:underline">
                {item.seller.email}
              </a>
            </dd>
            <dt className="text-muted">{t('moderation.created')}</dt>
            <dd>{formatCreated(item.created_at, locale)}</dd>
            {wasUpdated(item) && (
              <>
                <dt className="text-muted">{t('moderation.updated')}</dt>
                <dd>{formatCreated(item.updated_at, locale)}</dd>
              </>
            )}
          </dl>
          {item.rejection_reason && (
            <div className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
              <p className="font-semibold">{t('moderation.rejection_reason')}</p>
              <p className="mt-1 break-words whitespace-pre-line">{item.rejection_reason}</p>
            </div>
          )}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-line pt-4">
        {inQueue ? (
          <>
            <button type="button" className={`${primaryButton} flex-1 sm:flex-none`} disabled={busy} onClick={onApprove}>
              {busy ? <Loader2 aria-hidden size={18} className="animate-spin" /> : <Check aria-hidden size={18} />}
              {t('moderation.approve')}
            </button>
            <button
              type="button"
              className="inline-flex h-11 flex-1 items-center justify-center gap-2 rounded-lg border border-danger/60 bg-raised px-5 font-semibold text-danger hover:bg-danger/10 disabled:cursor-not-allowed disabled:opacity-70 sm:flex-none"
              disabled={busy}
              onClick={onReject}
            >
              <X aria-hidden size={18} />
              {t('moderation.reject')}
            </button>
          </>
        ) : (
          <StatusMenu
            choices={staffChoices(item.status)}
            label={t('moderation.set_status')}
            ariaLabel={t('moderation.set_status_of', { name: item.name })}
            itemLabel={(status) => t(`status.${status}`)}
            onChoose={onStatus}
            busy={busy}
            busyLabel={t('moderation.working')}
          />
        )}
        <Link to={`/${item.uuid}`} className="ms-auto inline-flex items-center gap-1.5 text-sm font-semibold text-brand hover:underline">
          {t('moderation.view_ad')}
          <ChevronRight aria-hidden size={16} />
        </Link>
      </div>
    </article>
  );
}
