import { Check, ImageOff, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AD_STATUSES, type AdStatus } from '../../../../server/db/schema/products';
import type { ModerationItem } from '../../../../server/modules/products/seller.schemas';
import { api } from '../../../lib/api-client';
import type { Locale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toasts';
import { dangerButton, primaryButton } from '../../account/components/form-controls';
import { Pagination } from '../../search/components/pagination';
import { formatCreated, formatPrice } from '../../search/format';
import { RejectDialog } from './reject-dialog';

const DESCRIPTION_PREVIEW = 300;

function Description({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const long = text.length > DESCRIPTION_PREVIEW;
  return (
    <div className="text-sm">
      <p className="break-words whitespace-pre-line">{long && !open ? `${text.slice(0, DESCRIPTION_PREVIEW).trimEnd()}…` : text}</p>
      {long && (
        <button type="button" className="mt-1 font-semibold text-brand hover:underline" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? t('ad.show_less') : t('ad.show_more')}
        </button>
      )}
    </div>
  );
}

/**
 * The moderator's list for one status: each ad with its pictures and seller. In the queue
 * (`moderate`) the verdict buttons; elsewhere a status select (staff may set any status).
 */
export function ModerationList({
  status,
  items: initial,
  total,
  page,
  lastPage,
}: {
  status: AdStatus;
  items: ModerationItem[];
  total: number;
  page: number;
  lastPage: number;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [items, setItems] = useState(initial);
  const [rejecting, setRejecting] = useState<ModerationItem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const gone = initial.length - items.length;

  const leave = (uuid: string, message: string) => {
    setItems((list) => list.filter((item) => item.uuid !== uuid));
    showToast({ icon: 'success', message });
    // Focus goes to the list heading, so the keyboard does not fall back to the top of the page.
    requestAnimationFrame(() => document.getElementById('moderation-heading')?.focus());
  };

  const act = async (uuid: string, call: () => Promise<{ message: string }>) => {
    setBusy(uuid);
    try {
      leave(uuid, (await call()).message);
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="moderation-heading">
      <h1 className="text-2xl font-bold">{t('moderation.title')}</h1>
      <nav aria-label={t('moderation.statuses')} className="mt-4 -mx-1 flex gap-1 overflow-x-auto pb-2">
        {AD_STATUSES.map((s) => (
          <Link
            key={s}
            to={s === 'moderate' ? '?' : `?status=${s}`}
            aria-current={s === status ? 'page' : undefined}
            className={`shrink-0 rounded-full border px-3 py-1.5 text-sm whitespace-nowrap ${
              s === status ? 'border-brand bg-brand font-semibold text-brand-ink' : 'border-line bg-raised hover:border-brand'
            }`}
          >
            {t(`status.${s}`)}
          </Link>
        ))}
      </nav>
      <h2 id="moderation-heading" tabIndex={-1} className="mt-4 mb-3 text-lg font-semibold outline-none">
        {t('moderation.count', { status: t(`status.${status}`), count: Math.max(0, total - gone) })}
      </h2>

      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-muted">
          {status === 'moderate' ? t('moderation.queue_empty') : t('moderation.none')}
        </p>
      ) : (
        <ul className="space-y-4">
          {items.map((item) => (
            <li key={item.uuid}>
              <article aria-labelledby={`ad-${item.uuid}`} className="rounded-2xl border border-line bg-raised p-4 sm:p-5">
                <div className="flex flex-col gap-4 md:flex-row">
                  <div className="md:w-64 md:shrink-0">
                    {item.images.length ? (
                      <ul className="grid grid-cols-3 gap-1.5">
                        {item.images.map((image, index) => (
                          <li key={image.uuid} className={index === 0 ? 'col-span-3' : ''}>
                            <a href={image.full} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg">
                              <img
                                src={index === 0 ? image.card : image.thumb}
                                alt={t('new_ad.photos.picture', { n: index + 1 })}
                                loading="lazy"
                                className={`w-full object-cover ${index === 0 ? 'aspect-[4/3]' : 'aspect-square'}`}
                              />
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="flex aspect-[4/3] items-center justify-center gap-2 rounded-lg bg-sunken text-sm text-muted">
                        <ImageOff aria-hidden size={18} />
                        {t('search.no_image')}
                      </p>
                    )}
                  </div>
                  <div className="min-w-0 flex-1 space-y-2">
                    <h3 id={`ad-${item.uuid}`} className="text-lg font-semibold break-words">
                      {item.name}
                    </h3>
                    <p className="text-xl font-bold text-brand">{item.price === 0 ? t('search.free') : formatPrice(item.price, locale)}</p>
                    <p className="text-sm text-muted">{item.catalog.path.map((c) => c.name).join(' › ')}</p>
                    <p className="text-sm text-muted">{[item.address, item.city.name].filter(Boolean).join(', ')}</p>
                    <Description text={item.description} />
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 pt-2 text-sm">
                      <dt className="text-muted">{t('moderation.seller')}</dt>
                      <dd className="break-all">
                        {item.seller.name} · <a href={`mailto:${item.seller.email}`}>{item.seller.email}</a>
                      </dd>
                      <dt className="text-muted">{t('moderation.created')}</dt>
                      <dd>{formatCreated(item.created_at, locale)}</dd>
                      <dt className="text-muted">{t('moderation.updated')}</dt>
                      <dd>{formatCreated(item.updated_at, locale)}</dd>
                    </dl>
                    {item.rejection_reason && (
                      <p className="rounded-lg bg-sunken p-2 text-sm">
                        <span className="font-semibold">{t('moderation.reason')}:</span> {item.rejection_reason}
                      </p>
                    )}
                  </div>
                </div>
                <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-line pt-4">
                  {status === 'moderate' ? (
                    <>
                      <button
                        type="button"
                        className={primaryButton}
                        disabled={busy === item.uuid}
                        onClick={() => void act(item.uuid, () => api.approveProduct(item.uuid))}
                      >
                        <Check aria-hidden size={18} />
                        {t('moderation.approve')}
                      </button>
                      <button type="button" className={dangerButton} disabled={busy === item.uuid} onClick={() => setRejecting(item)}>
                        <X aria-hidden size={18} />
                        {t('moderation.reject')}
                      </button>
                    </>
                  ) : (
                    <label className="flex items-center gap-2 text-sm">
                      {t('moderation.set_status')}
                      <select
                        className="h-10 rounded-lg border border-line bg-raised px-2"
                        value={item.status}
                        disabled={busy === item.uuid}
                        onChange={(event) => {
                          const next = event.target.value as AdStatus;
                          if (next === 'canceled') setRejecting(item);
                          else void act(item.uuid, () => api.changeProductStatus(item.uuid, next));
                        }}
                      >
                        {AD_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {t(`status.${s}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}
                  {['active', 'sold', 'reserved'].includes(item.status) && (
                    <Link to={`/${item.uuid}`} className="text-sm font-semibold text-brand hover:underline">
                      {t('edit_ad.view')}
                    </Link>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} lastPage={lastPage} />
      <RejectDialog
        ad={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={(message) => {
          const uuid = rejecting!.uuid;
          setRejecting(null);
          leave(uuid, message);
        }}
      />
    </section>
  );
}
