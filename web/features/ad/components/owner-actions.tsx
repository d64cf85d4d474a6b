import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { AD_STATUSES, type AdStatus } from '../../../../common/ad-rules';
import { StatusMenu } from '../../../components/ad-status';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { api } from '../../../lib/api-client';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';

export interface OwnedAd {
  id: number;
  uuid: string;
  name: string;
  next_statuses: AdStatus[];
}

const actionClass =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-line bg-raised px-3 text-sm font-semibold hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-70';

/**
 * What my showcase lets a seller do with an ad, on the ad's own page: the statuses the transition
 * table allows, and deleting it. The same calls as the showcase; a chunk of its own, fetched only
 * when the owner looks at their ad (react-aria's menu is not on anyone else's first load).
 */
export default function OwnerActions({ ad }: { ad: OwnedAd }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const changeStatus = async (status: AdStatus) => {
    setBusy(true);
    try {
      const reply = await api.changeProductStatus(ad.id, status);
      showToast({ icon: 'success', message: reply.message });
      await revalidator.revalidate();
    } catch {
      // The API client has said why.
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      const reply = await api.deleteProduct(ad.uuid);
      showToast({ icon: 'success', message: reply.message });
      await navigate('/my-showcase', { replace: true });
    } catch {
      setBusy(false);
    }
  };

  return (
    <>
      <StatusMenu
        choices={AD_STATUSES.filter((status) => ad.next_statuses.includes(status))}
        label={t('showcase.change_status')}
        ariaLabel={t('showcase.change_status_of', { name: ad.name })}
        itemLabel={(status) => t(`showcase.make.${status}`)}
        onChoose={(status) => void changeStatus(status)}
        busy={busy}
        busyLabel={t('showcase.saving')}
      />
      <button type="button" className={`${actionClass} text-danger`} disabled={busy} onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden size={16} />
        {t('showcase.delete')}
      </button>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t('showcase.delete_confirm.title')}
        body={t('showcase.delete_confirm.body', { name: ad.name })}
        confirmLabel={t('showcase.delete')}
        onConfirm={() => void remove()}
      />
    </>
  );
}
