import { Loader2, Unlink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useRevalidator } from 'react-router';
import { type OauthAccount, api } from '../../../lib/api-client';
import { showToast } from '../../../lib/toasts';
import { formatDate } from '../../../lib/format';
import { SettingsCard, secondaryButton } from '../../../components/form-controls';
import { providerName } from '../../../lib/provider-names';
import { ProviderIcon } from './provider-buttons';

/**
 * Sign-in services linked to the account (listed by the page's loader), each with "Unlink",
 * which goes through the API (it refuses to remove the only way to log in, and says so).
 */
export function LinkedAccounts({ accounts }: { accounts: OauthAccount[] }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<number | null>(null);

  async function unlink(account: OauthAccount) {
    setBusy(account.id);
    try {
      const reply = await api.oauthRevoke(account.id);
      showToast({ icon: 'success', message: reply.message });
      await revalidator.revalidate();
    } catch {
      // The client has shown why (for example: the last way to log in).
    } finally {
      setBusy(null);
    }
  }

  return (
    <SettingsCard title={t('account.providers.heading')} description={t('account.providers.intro')}>
      {accounts.length === 0 ? (
        <p className="text-sm text-muted">{t('account.providers.none')}</p>
      ) : (
        <ul className="divide-y divide-line">
          {accounts.map((account) => (
            <li key={account.id} className="flex flex-wrap items-center gap-3 py-3">
              <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-sunken">
                <ProviderIcon provider={account.provider} />
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium">{providerName(account.provider)}</p>
                <p className="truncate text-sm text-muted">
                  {account.email ? `${t('account.providers.linked_as', { email: account.email })} · ` : ''}
                  {t('account.providers.linked_on', { date: formatDate(account.created_at, i18n.language) })}
                </p>
              </div>
              <button
                type="button"
                onClick={() => void unlink(account)}
                disabled={busy !== null}
                aria-label={t('account.providers.unlink_named', { provider: providerName(account.provider) })}
                className={`${secondaryButton} h-9 text-sm`}
              >
                {busy === account.id ? <Loader2 aria-hidden size={16} className="animate-spin" /> : <Unlink aria-hidden size={16} />}
                {t('account.providers.unlink')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
