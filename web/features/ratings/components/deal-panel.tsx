import { Handshake } from 'lucide-react';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { DealItem } from '../../../../server/modules/ratings/ratings.schemas';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { MarkSoldDialog } from './mark-sold-dialog';
import { RateDialog } from './rate-dialog';
import { Stars } from './stars';

/** What the chat room knows of itself that the panel needs. */
export interface DealRoom {
  role: 'seller' | 'buyer';
  other: { id: number | null; label: string; deleted: boolean };
  product: { uuid: string | null; name: string; status: string };
}

/** Statuses from which a seller may mark the ad sold (common/ad-rules.ts: ownerMayMove, and an ad sold already). */
const SELLABLE = new Set(['active', 'reserved', 'disabled', 'sold']);

const panelClass = 'flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-line bg-brand-soft/60 px-3 py-2 text-sm';
const actionClass =
  'inline-flex h-9 items-center justify-center rounded-lg bg-brand px-3 text-sm font-semibold text-brand-ink hover:brightness-110';

/**
 * The deal in a chat room: the seller marks the ad sold to the person of the room; once the deal
 * is made, each side is asked to rate the other (or sees the rating they gave). Nothing when there
 * is nothing to do (a buyer before any deal, an ad gone).
 */
export function DealPanel({ room, deal }: { room: DealRoom; deal: DealItem | null }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<'sell' | 'rate' | null>(null);
  const name = room.other.label;
  const done = (message: string) => {
    showToast({ icon: 'success', message });
    void revalidator.revalidate();
  };

  if (deal) {
    const other = deal.other?.name ?? name;
    return (
      <div className={panelClass}>
        <Handshake aria-hidden size={18} className="shrink-0 text-brand" />
        <p className="min-w-0 flex-1">
          {t(`ratings.panel.done_${deal.role}_${deal.kind}`, { name: other })}
          {deal.my_rating && (
            <>
              {' '}
              <span className="whitespace-nowrap">
                {t('ratings.panel.you_rated')} <Stars stars={deal.my_rating.stars} size="sm" />
              </span>
            </>
          )}
        </p>
        {deal.may_rate ? (
          <button aria-haspopup="dialog" type="button" className={actionClass} onClick={() => setDialog('rate')}>
            {t('ratings.rate_button', { name: other })}
          </button>
        ) : (
          <Link to="/deals" className="font-semibold text-brand hover:underline">
            {t('ratings.panel.to_deals')}
          </Link>
        )}
        {dialog === 'rate' && (
          <RateDialog dealId={deal.id} otherName={other} isOpen onOpenChange={(open) => !open && setDialog(null)} onRated={done} />
        )}
      </div>
    );
  }

  const product = room.product;
  if (room.role !== 'seller' || !product.uuid || room.other.deleted || room.other.id === null || !SELLABLE.has(product.status)) return null;
  return (
    <div className={panelClass}>
      <Handshake aria-hidden size={18} className="shrink-0 text-brand" />
      <p className="min-w-0 flex-1">{t('ratings.panel.sold_question', { name })}</p>
      <button aria-haspopup="dialog" type="button" className={actionClass} onClick={() => setDialog('sell')}>
        {t('ratings.panel.mark_sold', { name })}
      </button>
      {dialog === 'sell' && (
        <MarkSoldDialog
          ad={{ uuid: product.uuid, name: product.name }}
          buyerId={room.other.id}
          isOpen
          onOpenChange={(open) => !open && setDialog(null)}
          onSold={done}
        />
      )}
    </div>
  );
}
