import { Clock, ImageOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AD_STATUSES, type AdStatus } from '../../../../server/db/schema/products';
import type { ManagedAd } from '../../../../server/modules/products/seller.schemas';
import { api } from '../../../lib/api-client';
import type { Locale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toasts';
import { FormAlert, primaryButton, secondaryButton } from '../../account/components/form-controls';
import { Pagination } from '../../search/components/pagination';
import { formatCreated, formatPrice } from '../../search/format';
import { ConfirmDialog } from '../../selling/components/confirm-dialog';

const STATUS_TONE: Record<AdStatus, string> = {
  new: 'border-line bg-sunken',
  moderate: 'border-warning/60 bg-warning/15',
  active: 'border-success/60 bg-success/15',
  sold: 'border-line bg-sunken',
  reserved: 'border-brand/40 bg-brand-soft',
  disabled: 'border-line bg-sunken',
  canceled: 'border-danger/60 bg-danger/10',
};
const PUBLIC: AdStatus[] = ['active', 'sold', 'reserved'];

/**
 * The seller's own ads of every status (spec: my showcase): counts per status, the status each
 * ad may move to next (the server's transition table decides), edit and delete.
 */
export function MyAds({
  status,
  ads: initial,
  counts,
  page,
  lastPage,
}: {
  status: AdStatus | null;
  ads: ManagedAd[];
  counts: Record<string, number>;
  page: number;
  lastPage: number;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [ads, setAds] = useState(initial);
  const [deleting, setDeleting] = useState<ManagedAd | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);

  const changeStatus = async (ad: ManagedAd, next: AdStatus) => {
    setBusy(ad.uuid);
    try {
      const reply = await api.changeProductStatus(ad.id, next);
      // The menu of the next moves follows the new status; the server's list is the truth on reload.
      const fresh = await api.userProducts(status ? { status, page } : { page });
      setAds(fresh.data);
      showToast({ icon: 'success', message: reply.message });
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(null);
    }
  };

  const chip = (key: AdStatus | null, count: number) => (
    <Link
      key={key ?? 'all'}
      to={key ? `?status=${key}` : '?'}
      aria-current={key === status ? 'page' : undefined}
      className={`shrink-0 rounded-full border px-3 py-1.5 text-sm whitespace-nowrap ${
        key === status ? 'border-brand bg-brand font-semibold text-brand-ink' : 'border-line bg-raised hover:border-brand'
      }`}
    >
      {key ? t(`status.${key}`) : t('showcase.all')} <span className="opacity-80">({count})</span>
    </Link>
  );

  return (
    <section aria-labelledby="showcase-title" className="py-2 sm:py-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="showcase-title" className="text-2xl font-bold">
          {t('showcase.title')}
        </h1>
        <Link to="/new-ad" className={primaryButton}>
          <Plus aria-hidden size={18} />
          {t('showcase.new_ad')}
        </Link>
      </div>
      {total > 0 && (
        <nav aria-label={t('moderation.statuses')} className="mt-4 -mx-1 flex gap-1 overflow-x-auto px-1 pb-2">
          {chip(null, total)}
          {AD_STATUSES.filter((s) => (counts[s] ?? 0) > 0 || s === status).map((s) => chip(s, counts[s] ?? 0))}
        </nav>
      )}

      {ads.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-line p-8 text-center">
          <p className="text-muted">{total === 0 ? t('showcase.empty') : t('moderation.none')}</p>
          {total === 0 && (
            <Link to="/new-ad" className={`${primaryButton} mt-4`}>
              {t('showcase.first_ad')}
            </Link>
          )}
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {ads.map((ad) => (
            <li key={ad.uuid}>
              <article aria-labelledby={`mine-${ad.uuid}`} className="rounded-2xl border border-line bg-raised p-3 sm:p-4">
                <div className="flex gap-3 sm:gap-4">
                  {ad.image ? (
                    <img
                      src={ad.image.thumb}
                      alt=""
                      loading="lazy"
                      className="h-20 w-20 shrink-0 rounded-lg object-cover sm:h-24 sm:w-24"
                    />
                  ) : (
                    <span className="flex h-20 w-20 shrink-0 items-center justify-center rounded-lg bg-sunken text-muted sm:h-24 sm:w-24">
                      <ImageOff aria-hidden size={22} />
                    </span>
                  )}
                  <div className="min-w-0 flex-1">
                    <p>
                      <span className={`inline-block rounded border px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[ad.status]}`}>
                        {t(`status.${ad.status}`)}
                      </span>
                    </p>
                    <h2 id={`mine-${ad.uuid}`} className="mt-1 font-semibold break-words">
                      {PUBLIC.includes(ad.status) ? (
                        <Link to={`/${ad.uuid}`} className="hover:underline">
                          {ad.name}
                        </Link>
                      ) : (
                        ad.name
                      )}
                    </h2>
                    <p className="text-sm">
                      <span className="font-semibold text-brand">{ad.price === 0 ? t('search.free') : formatPrice(ad.price, locale)}</span>
                      <span className="text-muted"> · {ad.city.name}</span>
                    </p>
                    <p className="text-xs text-muted">{t('showcase.updated', { date: formatCreated(ad.updated_at, locale) })}</p>
                  </div>
                </div>
                {ad.status === 'canceled' && ad.rejection_reason && (
                  <div className="mt-3">
                    <FormAlert tone="error">
                      <p className="font-semibold">{t('edit_ad.rejected')}</p>
                      <p className="mt-1 whitespace-pre-line">{ad.rejection_reason}</p>
                      <Link to={`/my-showcase/edit/${ad.uuid}`} className="mt-2 inline-block font-semibold text-brand hover:underline">
                        {t('showcase.fix_and_resend')}
                      </Link>
                    </FormAlert>
                  </div>
                )}
                {ad.status === 'moderate' && (
                  <p className="mt-3 flex items-center gap-2 text-sm text-muted">
                    <Clock aria-hidden size={16} />
                    {t('showcase.in_review')}
                  </p>
                )}
                <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-line pt-3">
                  {ad.next_statuses.length > 0 && (
                    <label className="flex items-center gap-2 text-sm">
                      {t('showcase.set_status')}
                      <select
                        className="h-10 rounded-lg border border-line bg-raised px-2"
                        value=""
                        disabled={busy === ad.uuid}
                        onChange={(event) => void changeStatus(ad, event.target.value as AdStatus)}
                      >
                        <option value="" disabled>
                          {t(`status.${ad.status}`)}
                        </option>
                        {ad.next_statuses.map((s) => (
                          <option key={s} value={s}>
                            {t(`showcase.make.${s}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}
                  {['sold', 'reserved', 'disabled'].includes(ad.status) && !ad.approved && (
                    <p className="text-xs text-muted">{t('showcase.needs_review')}</p>
                  )}
                  <span className="flex-1" />
                  <Link to={`/my-showcase/edit/${ad.uuid}`} className={`${secondaryButton} h-10`}>
                    <Pencil aria-hidden size={16} />
                    {t('showcase.edit')}
                  </Link>
                  <button type="button" className={`${secondaryButton} h-10 text-danger`} onClick={() => setDeleting(ad)}>
                    <Trash2 aria-hidden size={16} />
                    {t('edit_ad.delete')}
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} lastPage={lastPage} />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('edit_ad.delete_confirm_title')}
        body={t('edit_ad.delete_confirm_body', { name: deleting?.name ?? '' })}
        confirmLabel={t('edit_ad.delete')}
        onConfirm={() => {
          const ad = deleting!;
          void api.deleteProduct(ad.uuid).then((reply) => {
            setAds((list) => list.filter((a) => a.uuid !== ad.uuid));
            showToast({ icon: 'success', message: reply.message });
          });
        }}
      />
    </section>
  );
}
