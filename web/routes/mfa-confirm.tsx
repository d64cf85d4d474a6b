import { useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';
import { AuthCard, FormAlert, OneTimeCodeField, SubmitButton, TextField } from '../components/form-controls';
import { ApiError, api } from '../lib/api-client';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import { safeRedirectPath } from '../lib/redirect';
import type { Route } from './+types/mfa-confirm';

export function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'guest');
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  return { meta: pageMeta(context, 'mfa_confirm', '/mfa-confirm', { noindex: true }), redirectTo, site: context.site.siteName };
}

export const meta = pageMetaFromLoader;

/** Only reached when the form is sent before the page's script has loaded: say what is needed. */
export function action() {
  return { needsScript: true };
}

type Mode = 'code' | 'recovery';

/**
 * The second step of a two-factor log-in. The pending log-in lives in a cookie only /api sees,
 * so this form talks to the API from the browser; success sets the session cookie there, and a
 * full page load then starts the signed-in site.
 */
export default function MfaConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('code');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get(mode === 'code' ? 'code' : 'recovery_code') ?? '').trim();
    setFormError(undefined);
    if (!value) return setFieldError(t('validation.required'));
    if (mode === 'code' && !/^\d{6}$/.test(value)) return setFieldError(t('account.mfa.code_format'));
    setFieldError(undefined);
    setBusy(true);
    try {
      await (mode === 'code' ? api.check2faCode(value) : api.recovery2faWithCode(value));
      window.location.assign(safeRedirectPath(loaderData.redirectTo));
    } catch (error) {
      setBusy(false);
      const apiError = error instanceof ApiError ? error : undefined;
      const detail = apiError?.data?.errors ? Object.values(apiError.data.errors).flat()[0] : undefined;
      if (detail) setFieldError(detail);
      else setFormError(apiError?.data?.message ?? apiError?.message ?? t('errors.unknown'));
    }
  }

  function switchMode() {
    setMode((m) => (m === 'code' ? 'recovery' : 'code'));
    setFieldError(undefined);
    setFormError(undefined);
  }

  return (
    <AuthCard
      title={t('account.mfa.heading')}
      footer={
        <Link to="/login" className="font-semibold text-brand underline-offset-2 hover:underline">
          {t('account.mfa.back_to_login')}
        </Link>
      }
    >
      <p className="mb-4 text-muted">
        {t(mode === 'code' ? 'account.mfa.code_intro' : 'account.mfa.recovery_intro', { site: loaderData.site })}
      </p>
      <noscript>
        <div className="mb-4">
          <FormAlert tone="info">{t('account.mfa.needs_javascript')}</FormAlert>
        </div>
      </noscript>
      <div className="space-y-4">
        {actionData?.needsScript && <FormAlert tone="info">{t('account.mfa.needs_javascript')}</FormAlert>}
        {formError && <FormAlert tone="error">{formError}</FormAlert>}
        <form method="post" noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          {mode === 'code' ? (
            <OneTimeCodeField key="code" label={t('account.mfa.code')} autoFocus fullWidth errors={fieldError ? [fieldError] : undefined} />
          ) : (
            <TextField
              key="recovery"
              label={t('account.mfa.recovery_code')}
              name="recovery_code"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={64}
              required
              autoFocus
              errors={fieldError ? [fieldError] : undefined}
            />
          )}
          <SubmitButton busy={busy} label={t('account.mfa.submit')} busyLabel={t('account.mfa.submitting')} className="w-full" />
        </form>
        <button
          type="button"
          onClick={switchMode}
          className="w-full text-center text-sm font-semibold text-brand underline-offset-2 hover:underline"
        >
          {t(mode === 'code' ? 'account.mfa.use_recovery' : 'account.mfa.use_code')}
        </button>
      </div>
    </AuthCard>
  );
}
