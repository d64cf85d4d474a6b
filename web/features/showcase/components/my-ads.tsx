import { Plus, Store } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import type { AdStatus } from '../../../../common/ad-rules';
import type { ManagedAd } from '../../../../server/modules/ads/ads.schemas';
import { AdStatusBadge } from '../../../components/ad-status';
import { api } from '../../../lib/api-client';
import { focusAfterRemoval, focusSoon } from '../../../lib/list-focus';
import { showToast } from '../../../lib/toasts';
import { primaryButton } from '../../../components/form-controls';
import { Pagination } from '../../../components/pagination';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type ShowcaseState, groupByValidity, replaceAd, restoreAd, statusChips, withStatus, withoutAd } from '../showcase-state';
import { ManagedAdRow, rowId } from './managed-ad-row';

const HEADING_ID = 'showcase-title';

/**
 * My showcase (spec: my ads): the seller's ads of every status with a chip per status, the moves
 * the transition table allows, edit and delete. Changes show at once and are undone if the
 * server says no (its message is shown by the API client).
 */
export function MyAds({
  status,
  ads,
  counts,
  page,
  lastPage,
  dealAction,
  validity,
}: {
  status: AdStatus | null;
  ads: ManagedAd[];
  counts: Record<AdStatus, number>;
  page: number;
  lastPage: number;
  /** A row's "sold to…" (the ratings feature's), given by the page. */
  dealAction?: (ad: ManagedAd) => ReactNode;
  /** A row's end and renew button (the lifecycle feature's, issue 27), given by the page. */
  validity?: (ad: ManagedAd) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const [state, setState] = useState<ShowcaseState>({ ads, counts });
  // A revalidation brings the server's list: it replaces what was shown.
  const [source, setSource] = useState(ads);
  if (source !== ads) {
    setSource(ads);
    setState({ ads, counts });
  }
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<ManagedAd | null>(null);
  const chips = statusChips(state.counts, status);
  const total = chips[0]!.count;

  const setBusyFor = (uuid: string, on: boolean) =>
    setBusy((set) => {
      const next = new Set(set);
      if (on) next.add(uuid);
      else next.delete(uuid);
      return next;
    });

  const changeStatus = async (ad: ManagedAd, next: AdStatus) => {
    setBusyFor(ad.uuid, true);
    setState((s) => replaceAd(s, withStatus(ad, next)));
    try {
      const reply = await api.changeProductStatus(ad.id, next);
      if (reply.data.status !== next) setState((s) => replaceAd(s, withStatus(ad, reply.data.status)));
      showToast({ icon: 'success', message: reply.message });
    } catch {
      // The API client has shown why; the ad goes back to what it was.
      setState((s) => replaceAd(s, ad));
    } finally {
      setBusyFor(ad.uuid, false);
    }
  };

  const remove = async (ad: ManagedAd) => {
    const target = focusAfterRemoval(
      state.ads.map((a) => a.uuid),
      ad.uuid,
    );
    const removed = withoutAd(state, ad.uuid);
    setState(removed.state);
    focusSoon(target ? rowId(target) : HEADING_ID);
    try {
      const reply = await api.deleteProduct(ad.uuid);
      showToast({ icon: 'success', message: reply.message });
      if (removed.state.ads.length === 0 && page > 1) {
        // The page is empty: go to the one before it.
        const params = new URLSearchParams(searchParams);
        if (page - 1 <= 1) params.delete('page');
        else params.set('page', String(page - 1));
        void navigate(`?${params}`, { replace: true });
      } else if (removed.state.ads.length === 0 && lastPage > 1) {
        void revalidator.revalidate();
      }
    } catch {
      setState((s) => restoreAd(s, ad, removed.index));
      focusSoon(rowId(ad.uuid));
    }
  };

  return (
    <section aria-labelledby={HEADING_ID} className="py-2 sm:py-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={HEADING_ID} tabIndex={-1} className="text-2xl font-bold outline-none">
          {t('showcase.title')}
        </h1>
        {total > 0 && (
          <Link to="/new-ad" className={`${primaryButton} h-10 px-4`}>
            <Plus aria-hidden size={18} />
            {t('showcase.new_ad')}
          </Link>
        )}
      </div>

      {total > 0 && (
        <nav aria-label={t('showcase.filters')} className="-mx-4 mt-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <ul className="flex gap-2 sm:flex-wrap">
            {chips.map((chip) => {
              const current = chip.status === status;
              return (
                <li key={chip.status ?? 'all'} className="shrink-0">
                  <Link
                    to={chip.status ? `?status=${chip.status}` : '?'}
                    aria-current={current ? 'page' : undefined}
                    className={`inline-flex h-10 items-center gap-2 rounded-full border px-3.5 text-sm whitespace-nowrap ${
                      current ? 'border-brand bg-brand font-semibold text-brand-ink' : 'border-line bg-raised hover:border-brand'
                    }`}
                  >
                    {chip.status ? t(`status.${chip.status}`) : t('showcase.all')}
                    <span className={`rounded-full px-1.5 text-xs font-semibold ${current ? 'bg-brand-ink/20' : 'bg-sunken text-muted'}`}>
                      {chip.count}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}

      {total === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-line bg-raised px-6 py-10 text-center">
          <Store aria-hidden size={40} className="mx-auto text-muted" />
          <h2 className="mt-3 text-lg font-semibold">{t('showcase.empty.title')}</h2>
          <p className="mx-auto mt-1 max-w-md text-muted">{t('showcase.empty.body')}</p>
          <Link to="/new-ad" className={`${primaryButton} mt-5`}>
            <Plus aria-hidden size={18} />
            {t('showcase.empty.create')}
          </Link>
        </div>
      ) : state.ads.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-line p-8 text-center">
          <p className="text-muted">
            {status ? (
              <>
                {t('showcase.none_with_status')} <AdStatusBadge status={status} />
              </>
            ) : (
              t('showcase.none_on_page')
            )}
          </p>
          <Link to="?" className="mt-3 inline-block font-semibold text-brand hover:underline">
            {t('showcase.show_all')}
          </Link>
        </div>
      ) : (
        // Grouped by where each ad stands (issue 27): active, ending soon, ended, sold, the rest.
        groupByValidity(state.ads, new Date()).map(({ group, ads: grouped }) => (
          <section key={group} aria-labelledby={`showcase-group-${group}`} className="mt-5">
            <h2 id={`showcase-group-${group}`} className="text-lg font-semibold">
              {t(`showcase.groups.${group}`)} <span className="text-sm font-normal text-muted">({grouped.length})</span>
            </h2>
            <ul aria-label={t(`showcase.groups.${group}`)} className="mt-2 space-y-3">
              {grouped.map((ad) => (
                <li key={ad.uuid}>
                  <ManagedAdRow
                    ad={ad}
                    busy={busy.has(ad.uuid)}
                    onStatus={(next) => void changeStatus(ad, next)}
                    onDelete={() => setDeleting(ad)}
                    dealAction={dealAction?.(ad)}
                    validity={validity?.(ad)}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}

      <Pagination page={page} lastPage={lastPage} />

      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('showcase.delete_confirm.title')}
        body={t('showcase.delete_confirm.body', { name: deleting?.name ?? '' })}
        confirmLabel={t('showcase.delete')}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </section>
  );
}
