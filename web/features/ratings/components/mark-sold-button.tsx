import { Handshake } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { MarkSoldDialog } from './mark-sold-dialog';

/** Statuses from which the owner may mark an ad sold (common/ad-rules.ts ownerMayMove), and sold itself (naming the buyer). */
const SELLABLE = new Set(['active', 'reserved', 'disabled', 'sold']);

const actionClass =
  'inline-flex h-10 min-w-10 items-center justify-center gap-2 rounded-lg border border-line bg-raised px-2.5 text-sm font-semibold hover:bg-sunken sm:px-3';

/** "Sold to…" on a row of my showcase: opens the choice of the people who wrote about the ad. */
export function MarkSoldButton({ ad }: { ad: { uuid: string; name: string; kind: string; status: string } }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  if (!SELLABLE.has(ad.status)) return null;
  return (
    <>
      <button
        aria-haspopup="dialog"
        type="button"
        className={actionClass}
        onClick={() => setOpen(true)}
        aria-label={t('ratings.mark_sold.open_of', { name: ad.name })}
      >
        <Handshake aria-hidden size={16} />
        <span className="hidden sm:inline">{t('ratings.mark_sold.open')}</span>
      </button>
      {open && (
        <MarkSoldDialog
          ad={ad}
          isOpen
          onOpenChange={setOpen}
          onSold={(message) => {
            showToast({ icon: 'success', message });
            void revalidator.revalidate();
          }}
        />
      )}
    </>
  );
}
