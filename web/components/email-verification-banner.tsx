import { Check, Loader2, MailWarning } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import { api } from '../lib/api-client';
import { ERROR_TOAST_MS, showToast } from '../lib/toasts';
import { NoticeBanner } from './notice-banner';

type ResendState = 'idle' | 'sending' | 'sent';

/**
 * Spec: "says the address is not verified, with a resend button". While sending the button is
 * busy; afterwards it reads "Email Sent!" and stays disabled. A failure says so for 5 seconds
 * and lets the person try again.
 */
export function EmailVerificationBanner({ userId, email }: { userId: number; email: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ResendState>('idle');

  async function resend() {
    setState('sending');
    try {
      const reply = await api.verifyResend(userId);
      setState('sent');
      // At the bottom: a toast at the top would sit on this very button.
      showToast({ icon: 'success', message: reply.message, position: 'bottom-end' });
    } catch {
      setState('idle');
      showToast({ icon: 'error', message: t('account.banner.failed'), timer: ERROR_TOAST_MS });
    }
  }

  return (
    <NoticeBanner
      label={t('account.banner.label')}
      icon={MailWarning}
      tone="warning"
      action={
        <button
          type="button"
          onClick={() => void resend()}
          disabled={state !== 'idle'}
          aria-busy={state === 'sending' || undefined}
          className="ml-8 inline-flex h-9 shrink-0 items-center gap-2 self-start rounded-lg border border-line bg-raised px-3 text-sm font-semibold text-ink hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-80 sm:ml-0 sm:self-auto"
        >
          {state === 'sending' && <Loader2 aria-hidden size={16} className="animate-spin" />}
          {state === 'sent' && <Check aria-hidden size={16} className="text-success" />}
          {t(state === 'sending' ? 'account.banner.sending' : state === 'sent' ? 'account.banner.sent' : 'account.banner.resend')}
        </button>
      }
    >
      {t('account.banner.text', { email })}
    </NoticeBanner>
  );
}
