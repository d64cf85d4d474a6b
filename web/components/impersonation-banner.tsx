import { Loader2, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { api } from '../lib/api-client';
import { showToast } from '../lib/toasts';
import { useTranslation } from '../lib/use-translation';

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
    <div role="region" aria-label={t('impersonation.banner_label')} className="border-b border-brand/40 bg-brand/10">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <UserCheck aria-hidden size={20} className="mt-0.5 shrink-0 text-brand" />
          <p className="text-sm font-medium [overflow-wrap:anywhere]">{t('impersonation.banner', { name })}</p>
        </div>
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
      </div>
    </div>
  );
}
