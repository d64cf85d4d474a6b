import { useTranslation } from '../lib/use-translation';
import { Form, Link, redirect } from 'react-router';
import { SESSION_COOKIE } from '../../common/cookies';
import { loginForm } from '../features/account/account-forms.server';
import { AuthCard, CheckboxField, EmailField, FormAlert, SubmitButton } from '../components/form-controls';
import { PasswordField } from '../features/account/components/password-field';
import { ProviderButtons } from '../features/account/components/provider-buttons';
import { providerName } from '../lib/provider-names';
import { useFormAnswer, usePosting } from '../hooks/use-form-answer';
import { requestMeta, runAction } from '../lib/forms.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import { safeRedirectPath } from '../lib/redirect';
import type { Route } from './+types/login';

const OAUTH_ERRORS = ['oauth_failed', 'oauth_email_unverified', 'oauth_blocked'] as const;
const OAUTH_ERROR_TEXT = {
  oauth_failed: 'oauth.failed',
  oauth_email_unverified: 'oauth.email_unverified',
  oauth_blocked: 'oauth.blocked',
} as const;

export function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'guest');
  const query = new URL(request.url).searchParams;
  const error = query.get('error');
  const redirectTo = safeRedirectPath(query.get('redirectTo'), '');
  return {
    meta: pageMeta(context, 'login', '/login', { noindex: true }),
    redirectTo: redirectTo || undefined,
    oauthError: OAUTH_ERRORS.find((known) => known === error),
    provider: query.get('provider')?.slice(0, 40) ?? 'google',
    providers: Object.entries(context.services.oauth.enabledLogins()).flatMap(([name, on]) => (on ? [name] : [])),
  };
}

export const meta = pageMetaFromLoader;

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const login = loginForm(form);
  const target = safeRedirectPath((form.get('redirectTo') as string | null) || new URL(request.url).searchParams.get('redirectTo'));
  return runAction(
    context,
    async () => {
      const { email, password, remember = false } = login.check();
      const result = await context.services.auth.login({ email, password, remember }, requestMeta(context, request));
      // Whatever session this browser had before ends here: a fresh token at every log-in.
      const previous = context.cookies[SESSION_COOKIE];
      if (previous) await context.services.auth.logoutToken(previous);
      const headers = new Headers();
      if (result.kind === 'two_factor') {
        headers.append('Set-Cookie', context.sessionCookies.clearSession());
        headers.append('Set-Cookie', context.sessionCookies.twoFactorChallenge(result.challenge));
        return redirect(target === '/' ? '/mfa-confirm' : `/mfa-confirm?redirectTo=${encodeURIComponent(target)}`, { headers });
      }
      for (const cookie of context.sessionCookies.session(result.token, result.remember)) headers.append('Set-Cookie', cookie);
      return redirect(target, { headers });
    },
    login.values,
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { formRef, failure, formMessage } = useFormAnswer(actionData);
  const busy = usePosting();
  const registerHref = loaderData.redirectTo ? `/register?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : '/register';

  return (
    <AuthCard
      title={t('account.login.heading')}
      footer={
        <>
          {t('account.login.no_account')}{' '}
          <Link to={registerHref} className="font-semibold text-brand underline-offset-2 hover:underline">
            {t('account.login.register_link')}
          </Link>
        </>
      }
    >
      <div className="space-y-4">
        {loaderData.oauthError && (
          <FormAlert tone="error">
            {t(OAUTH_ERROR_TEXT[loaderData.oauthError], {
              provider: providerName(loaderData.provider),
            })}
          </FormAlert>
        )}
        {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
        <Form method="post" noValidate ref={formRef} className="space-y-4">
          {loaderData.redirectTo && <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />}
          <EmailField autoComplete="username" defaultValue={failure?.values?.email} errors={failure?.errors.email} />
          <PasswordField
            label={t('account.fields.password')}
            name="password"
            autoComplete="current-password"
            errors={failure?.errors.password}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CheckboxField name="remember" label={t('account.fields.remember')} defaultChecked={failure?.values?.remember === 'on'} />
            <Link to="/forgot-password" className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
              {t('account.login.forgot')}
            </Link>
          </div>
          <SubmitButton busy={busy} label={t('account.login.submit')} busyLabel={t('account.login.submitting')} className="w-full" />
        </Form>
      </div>
      <ProviderButtons providers={loaderData.providers} redirectTo={loaderData.redirectTo} />
    </AuthCard>
  );
}
