import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { lifecycleApi } from '../lifecycle-api';

const buttonClass =
  'inline-flex h-10 min-w-10 items-center justify-center gap-2 rounded-lg border border-brand bg-raised px-3 text-sm font-semibold text-brand hover:bg-sunken disabled:cursor-default disabled:opacity-60';

/**
 * "Renew": one click extends the ad by the full period from now (issue 27). The page's data is
 * read again afterwards, so its end, its group in my showcase and its notice follow.
 */
export function RenewButton({ uuid, name, id }: { uuid: string; name: string; id?: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const renew = async () => {
    setBusy(true);
    try {
      const reply = await lifecycleApi.renew(uuid);
      showToast({ icon: 'success', message: reply.message });
      await revalidator.revalidate();
    } catch {
      // The API client has shown why (too early, ended too long ago).
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      id={id}
      type="button"
      className={buttonClass}
      disabled={busy}
      aria-label={t('lifecycle.renew_named', { name })}
      onClick={() => void renew()}
    >
      <RefreshCw aria-hidden size={16} className={busy ? 'animate-spin' : undefined} />
      {busy ? t('lifecycle.renewing') : t('lifecycle.renew')}
    </button>
  );
}
