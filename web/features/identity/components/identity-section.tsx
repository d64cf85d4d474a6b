import { Loader2, Trash2, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { type IdentityOutcome, NAMED_IDENTITY_METHODS } from '../../../../common/identity';
import type { IdentityStatusView } from '../../../../server/modules/identity/identity.schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert, SettingsCard, primaryButton, secondaryButton } from '../../../components/form-controls';
import { IdentityBadge } from '../../../components/identity-badge';
import { formatDate } from '../../../lib/format';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { identityApi } from '../identity-api';

const OUTCOME_TONES: Record<IdentityOutcome, 'success' | 'error' | 'info'> = {
  verified: 'success',
  cancelled: 'info',
  failed: 'error',
  expired: 'error',
  unavailable: 'error',
};

/** The method in words: the site's own names, else as the broker named it. */
export function methodLabel(method: string | null, t: (key: string) => string): string {
  const named = NAMED_IDENTITY_METHODS.find((known) => known === (method ?? 'ftn'));
  return named ? t(`identity.methods.${named}`) : (method ?? '');
}

/**
 * "Verify your identity" on the account settings: a button that sends the person to the FTN broker
 * (only when the server has one), the outcome of the round trip it came back from, and once
 * verified, when, how and under which name, with a way to remove it. Nothing shows on a site
 * without a broker, unless the person was verified before it was turned off.
 */
export function IdentitySection({ status, outcome }: { status: IdentityStatusView; outcome: IdentityOutcome | null }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<'start' | 'remove' | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (!status.available && !status.verified) return null;

  async function start() {
    setBusy('start');
    try {
      const { data } = await identityApi.start();
      window.location.assign(data.url);
    } catch {
      // The client has shown why.
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('remove');
    try {
      const reply = await identityApi.remove();
      showToast({ icon: 'success', message: reply.message });
      await revalidator.revalidate();
    } catch {
      // The client has shown why.
    } finally {
      setBusy(null);
    }
  }

  return (
    <SettingsCard title={t('identity.heading')} description={t('identity.intro')}>
      {outcome && (
        <div className="mb-4">
          <FormAlert tone={OUTCOME_TONES[outcome]}>{t(`identity.outcome.${outcome}`)}</FormAlert>
        </div>
      )}
      {status.verified ? (
        <div className="space-y-2">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {t('identity.verified')}
            <IdentityBadge />
          </p>
          <p className="text-sm text-muted">
            {t('identity.verified_on', {
              date: formatDate(status.verified_at!, i18n.language),
              method: methodLabel(status.method, t),
            })}
          </p>
          {status.name && <p className="text-sm text-muted">{t('identity.verified_name', { name: status.name })}</p>}
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={busy !== null}
            className={`${secondaryButton} mt-2 h-9 text-sm`}
          >
            {busy === 'remove' ? <Loader2 aria-hidden size={16} className="animate-spin" /> : <Trash2 aria-hidden size={16} />}
            {t('identity.remove')}
          </button>
          <ConfirmDialog
            title={t('identity.remove_confirm')}
            body={t('identity.remove_confirm_body')}
            confirmLabel={t('identity.remove')}
            isOpen={confirming}
            onOpenChange={setConfirming}
            onConfirm={() => void remove()}
          />
        </div>
      ) : (
        <button
          type="button"
          onClick={() => void start()}
          disabled={busy !== null}
          aria-busy={busy === 'start' || undefined}
          className={primaryButton}
        >
          {busy === 'start' ? <Loader2 aria-hidden size={18} className="animate-spin" /> : <UserCheck aria-hidden size={18} />}
          {t('identity.start')}
        </button>
      )}
    </SettingsCard>
  );
}
