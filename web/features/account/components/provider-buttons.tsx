import { KeyRound, Loader2 } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { api } from '../../../lib/api-client';
import { providerName } from '../../../lib/provider-names';

/** Google's four-colour "G" (its brand guidelines ask for this mark on sign-in buttons). */
function GoogleIcon({ size = 20 }: { size?: number }) {
  return (
    <svg aria-hidden width={size} height={size} viewBox="0 0 48 48">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/** Known marks; every other provider gets the generic key (spec section 3). */
const PROVIDER_ICONS: Record<string, ComponentType<{ size?: number }>> = { google: GoogleIcon };

export function ProviderIcon({ provider, size = 20 }: { provider: string; size?: number }) {
  const Icon = PROVIDER_ICONS[provider];
  return Icon ? <Icon size={size} /> : <KeyRound aria-hidden size={size} />;
}

/**
 * "Continue with …" buttons for the sign-in providers the server has turned on (the page's loader
 * asks the service). Pressing one asks the API for the provider's address and goes there.
 */
export function ProviderButtons({ providers, redirectTo }: { providers: string[]; redirectTo: string | undefined }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);

  if (providers.length === 0) return null;

  async function start(provider: string) {
    setBusy(provider);
    try {
      const { url } = await api.oauthStart(provider, redirectTo);
      window.location.assign(url);
    } catch {
      // The client has shown the error.
      setBusy(null);
    }
  }

  return (
    <div className="mt-6">
      <div className="mb-4 flex items-center gap-3 text-sm text-muted" aria-hidden>
        <span className="h-px flex-1 bg-line" />
        {t('account.login.or')}
        <span className="h-px flex-1 bg-line" />
      </div>
      <ul className="space-y-2" aria-label={t('account.login.providers')}>
        {providers.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              onClick={() => void start(provider)}
              disabled={busy !== null}
              aria-busy={busy === provider || undefined}
              className="inline-flex h-11 w-full items-center justify-center gap-3 rounded-lg border border-line bg-raised px-4 font-semibold text-ink hover:bg-sunken disabled:opacity-70"
            >
              {busy === provider ? <Loader2 aria-hidden size={20} className="animate-spin" /> : <ProviderIcon provider={provider} />}
              {t('account.login.continue_with', { provider: providerName(provider) })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
