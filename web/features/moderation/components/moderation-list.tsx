import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useRevalidator } from 'react-router';
import type { AdStatus } from '../../../../common/ad-rules';
import type { ModerationItem } from '../../../../server/modules/ads/ads.schemas';
import { StatusIcon } from '../../../components/ad-status';
import { ApiError, api } from '../../../lib/api-client';
import { focusAfterRemoval, focusSoon } from '../../../lib/list-focus';
import { showToast } from '../../../lib/toasts';
import { Pagination } from '../../../components/pagination';
import { MODERATION_TABS, remaining, staffAction } from '../moderation-state';
import { ModerationCard, cardId } from './moderation-card';
import { RejectDialog } from './reject-dialog';

const HEADING_ID = 'moderation-heading';

/**
 * The moderator's list for one status. In the queue (`moderate`, oldest first) each ad gets a
 * verdict; in the other tabs staff may move it to any status. Either way the ad leaves the list,
 * the focus goes to the next ad, and an emptied page brings the next batch.
 */
export function ModerationList({
  status,
  items,
  total,
  queueCount,
  page,
  lastPage,
}: {
  status: AdStatus;
  items: ModerationItem[];
  total: number;
  queueCount: number;
  page: number;
  lastPage: number;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [shown, setShown] = useState(items);
  const [gone, setGone] = useState(0);
  // A revalidation brings the server's list: it replaces what was shown.
  const [source, setSource] = useState(items);
  if (source !== items) {
    setSource(items);
    setShown(items);
    setGone(0);
  }
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ModerationItem | null>(null);
  const inQueue = status === 'moderate';
  const left = remaining(total, gone);

  const leave = (uuid: string, message: string | null) => {
    const target = focusAfterRemoval(
      shown.map((item) => item.uuid),
      uuid,
    );
    const rest = shown.filter((item) => item.uuid !== uuid);
    setShown(rest);
    setGone((n) => n + 1);
    if (message) showToast({ icon: 'success', message });
    focusSoon(target ? cardId(target) : HEADING_ID);
    // The page ran dry but more wait: fetch the next batch (the queue's oldest first again).
    if (rest.length === 0 && remaining(total, gone + 1) > 0) void revalidator.revalidate();
  };

  const act = async (uuid: string, call: () => Promise<{ message: string }>) => {
    setBusy(uuid);
    try {
      leave(uuid, (await call()).message);
    } catch (error) {
      // The API client has said why. An ad that is gone (deleted, or another moderator was faster) leaves too.
      if (error instanceof ApiError && error.status === 404) leave(uuid, null);
    } finally {
      setBusy(null);
    }
  };

  const setStatus = (item: ModerationItem, next: AdStatus) => {
    switch (staffAction(next)) {
      case 'reject':
        setRejecting(item);
        return;
      case 'approve':
        void act(item.uuid, () => api.approveProduct(item.uuid));
        return;
      case 'set':
        void act(item.uuid, () => api.changeProductStatus(item.uuid, next));
        return;
    }
  };

  return (
    <section aria-labelledby="moderation-title" className="py-2 sm:py-4">
      <h1 id="moderation-title" className="text-2xl font-bold">
        {t('moderation.title')}
      </h1>
      <nav aria-label={t('moderation.tabs')} className="-mx-4 mt-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 sm:flex-wrap">
          {MODERATION_TABS.map((tab) => {
            const current = tab === status;
            const count = tab === 'moderate' ? (inQueue ? left : queueCount) : null;
            return (
              <li key={tab} className="shrink-0">
                <Link
                  to={tab === 'moderate' ? '?' : `?status=${tab}`}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex h-10 items-center gap-2 rounded-full border px-3.5 text-sm whitespace-nowrap ${
                    current ? 'border-brand bg-brand font-semibold text-brand-ink' : 'border-line bg-raised hover:border-brand'
                  }`}
                >
                  {!current && <StatusIcon status={tab} />}
                  {t(`status.${tab}`)}
                  {count !== null && (
                    <span
                      className={`rounded-full px-1.5 text-xs font-semibold ${
                        current ? 'bg-brand-ink/20' : count > 0 ? 'bg-warning/20 text-ink' : 'bg-sunken text-muted'
                      }`}
                    >
                      {count}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <h2 id={HEADING_ID} tabIndex={-1} className="mt-5 text-lg font-semibold outline-none">
        {t('moderation.count', { status: t(`status.${status}`), count: left })}
      </h2>
      {inQueue && <p className="mt-1 text-sm text-muted">{t('moderation.queue_hint')}</p>}

      {shown.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-line p-8 text-center text-muted">
          {left > 0 ? t('moderation.loading_next') : inQueue ? t('moderation.queue_empty') : t('moderation.none')}
        </p>
      ) : (
        <ul aria-label={t('moderation.list', { status: t(`status.${status}`) })} className="mt-4 space-y-4">
          {shown.map((item) => (
            <li key={item.uuid}>
              <ModerationCard
                item={item}
                inQueue={inQueue}
                busy={busy === item.uuid}
                onApprove={() => void act(item.uuid, () => api.approveProduct(item.uuid))}
                onReject={() => setRejecting(item)}
                onStatus={(next) => setStatus(item, next)}
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} lastPage={lastPage} />
      <RejectDialog
        key={rejecting?.uuid ?? 'none'}
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
