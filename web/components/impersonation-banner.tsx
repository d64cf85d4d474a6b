import { Loader2, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { api } from '../lib/api-client';
import { showToast } from '../lib/toasts';
import { useTranslation } from '../lib/use-translation';
import { NoticeBanner } from './notice-banner';

/**
 * While an admin acts as someone (spec section 4): whom they act as, and the way back. The server
 * keeps the admin's own session, so returning is one call; either outcome ends on the front page
 * with a toast (a failure's toast comes from the API client: "Unable to return to yourself").
 */
export function ImpersonationBanner({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function leave() {
    setBusy(true);
    try {
      const reply = await api.impersonateLeave();
      showToast({ icon: 'success', message: reply.message });
    } catch {
      // The API client has shown why; the session is gone either way.
    } finally {
      await navigate('/');
      await revalidator.revalidate();
      setBusy(false);
    }
  }

  return (
    <NoticeBanner
      label={t('impersonation.banner_label')}
      icon={UserCheck}
      tone="brand"
      action={
        <button
          type="button"
          onClick={() => void leave()}
          disabled={busy}
          aria-busy={busy || undefined}
          className="ml-8 inline-flex h-9 shrink-0 items-center gap-2 self-start rounded-lg bg-brand px-3 text-sm font-semibold text-white hover:opacity-90 disabled:opacity-70 sm:ml-0 sm:self-auto"
        >
          {busy && <Loader2 aria-hidden size={16} className="animate-spin" />}
          {t(busy ? 'impersonation.returning' : 'impersonation.return')}
        </button>
      }
    >
      {t('impersonation.banner', { name })}
    </NoticeBanner>
  );
}
