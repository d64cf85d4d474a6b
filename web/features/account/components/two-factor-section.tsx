import { Loader2, RefreshCw, ShieldCheck, ShieldOff } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { type Identity, type TwoFactorState, api } from '../../../lib/api-client';
import { openDialog } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { formatDate } from '../../../lib/format';
import { EnableTwoFactorDialog } from './enable-two-factor-dialog';
import { SettingsCard, dangerButton, primaryButton, secondaryButton } from '../../../components/form-controls';
import { PasswordConfirmDialog } from './password-confirm-dialog';
import { RecoveryCodes } from './recovery-codes';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; state: TwoFactorState };

/** Fewer than this many recovery codes left, and the section suggests making new ones. */
const FEW_CODES = 3;

/**
 * Two-factor authentication on the security tab: its state from the API, turning it on (dialog
 * with QR code, code and recovery codes), new recovery codes and turning it off (both after the
 * password).
 */
export function TwoFactorSection({ siteName, hasPassword }: { siteName: string; hasPassword: boolean }) {
  const { t, i18n } = useTranslation();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);

  const refresh = useCallback(
    () =>
      api.show2fa().then(
        (state) => setLoad({ kind: 'ready', state }),
        () => setLoad({ kind: 'failed' }),
      ),
    [],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  function turnOn() {
    setFreshCodes(null);
    openDialog(EnableTwoFactorDialog, { onEnabled: () => void refresh(), siteName });
  }

  function newCodes() {
    openDialog(PasswordConfirmDialog, {
      title: t('account.two_factor.regenerate_title'),
      text: t(hasPassword ? 'account.two_factor.regenerate_text' : 'account.two_factor.regenerate_text_code'),
      confirmLabel: t('account.two_factor.regenerate_confirm'),
      hasPassword,
      onConfirm: async (identity: Identity) => {
        const reply = await api.recoveryCodes(identity);
        setFreshCodes(reply.recovery_codes);
        showToast({ icon: 'success', message: reply.message ?? t('two_factor.codes_regenerated') });
        await refresh();
      },
    });
  }

  function turnOff() {
    openDialog(PasswordConfirmDialog, {
      title: t('account.two_factor.disable_title'),
      text: t(hasPassword ? 'account.two_factor.disable_text' : 'account.two_factor.disable_text_code'),
      confirmLabel: t('account.two_factor.disable_confirm'),
      danger: true,
      hasPassword,
      onConfirm: async (identity: Identity) => {
        const reply = await api.disable2fa(identity);
        setFreshCodes(null);
        showToast({ icon: 'success', message: reply.message ?? t('two_factor.disabled') });
        await refresh();
      },
    });
  }

  const state = load.kind === 'ready' ? load.state : undefined;
  return (
    <SettingsCard title={t('account.two_factor.heading')} description={t('account.two_factor.intro')}>
      {load.kind === 'loading' && (
        <p className="flex items-center gap-2 text-sm text-muted" role="status">
          <Loader2 aria-hidden size={16} className="animate-spin" />
          {t('account.common.loading')}
        </p>
      )}
      {load.kind === 'failed' && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p className="text-muted">{t('account.two_factor.load_failed')}</p>
          <button
            type="button"
            onClick={() => {
              setLoad({ kind: 'loading' });
              void refresh();
            }}
            className={`${secondaryButton} h-9 text-sm`}
          >
            <RefreshCw aria-hidden size={16} />
            {t('account.common.retry')}
          </button>
        </div>
      )}
      {state && (
        <div className="space-y-4">
          <div className="flex items-start gap-3">
            {state.enabled ? (
              <ShieldCheck aria-hidden size={28} className="shrink-0 text-success" />
            ) : (
              <ShieldOff aria-hidden size={28} className="shrink-0 text-muted" />
            )}
            <div className="text-sm">
              <p className="font-semibold">{t(state.enabled ? 'account.two_factor.status_on' : 'account.two_factor.status_off')}</p>
              {state.enabled && state.confirmed_at && (
                <p className="text-muted">{t('account.two_factor.on_since', { date: formatDate(state.confirmed_at, i18n.language) })}</p>
              )}
              {state.enabled && (
                <p className={state.recovery_codes_left < FEW_CODES ? 'font-semibold text-warning' : 'text-muted'}>
                  {t('account.two_factor.codes_left', { count: state.recovery_codes_left })}
                </p>
              )}
            </div>
          </div>
          {freshCodes && <RecoveryCodes codes={freshCodes} siteName={siteName} />}
          <div className="flex flex-wrap gap-2">
            {state.enabled ? (
              <>
                <button aria-haspopup="dialog" type="button" onClick={newCodes} className={secondaryButton}>
                  {t('account.two_factor.new_codes')}
                </button>
                <button aria-haspopup="dialog" type="button" onClick={turnOff} className={dangerButton}>
                  {t('account.two_factor.turn_off')}
                </button>
              </>
            ) : (
              <button aria-haspopup="dialog" type="button" onClick={turnOn} className={primaryButton}>
                {t('account.two_factor.turn_on')}
              </button>
            )}
          </div>
        </div>
      )}
    </SettingsCard>
  );
}
