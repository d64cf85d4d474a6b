import { useEffect, useRef } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useFetcher } from 'react-router';
import { formChecks, requireCurrentUser } from '../features/account/account-forms.server';
import { FormAlert, SettingsCard, SubmitButton } from '../components/form-controls';
import { PasswordField } from '../features/account/components/password-field';
import { TwoFactorSection } from '../features/account/components/two-factor-section';
import { useFocusFirstError } from '../features/account/hooks/use-focus-first-error';
import { requestMeta, runAction } from '../lib/forms.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta } from '../lib/page.server';
import { showToast } from '../lib/toasts';
import type { Route } from './+types/settings-password';

export function loader({ context, request }: Route.LoaderArgs) {
  const current = requireCurrentUser(context, request);
  return {
    meta: pageMeta(context, 'settings_password', '/settings/password', { noindex: true }),
    email: current.user.email,
    siteName: context.site.siteName,
    hasPassword: current.user.passwordHash !== null,
  };
}

export const meta = pageMetaFromLoader;

export async function action({ context, request }: Route.ActionArgs) {
  const current = requireCurrentUser(context, request);
  const form = await request.formData();
  const check = formChecks(form);
  // An account that signs in only with Google sets its first password without an old one.
  const currentPassword = current.user.passwordHash ? check.password('current_password') : undefined;
  const password = check.password('password');
  const confirmation = check.text('password_confirmation', { raw: true, max: 1024 });
  return runAction(context, async () => {
    check.done();
    await context.services.auth.changePassword(
      current,
      { current_password: currentPassword, password, password_confirmation: confirmation },
      requestMeta(context, request),
    );
    return { ok: true as const, message: context.t('auth.password_changed') };
  });
}

export default function SettingsPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const answer = fetcher.data ?? actionData;
  useFocusFirstError(formRef, answer);
  const failure = answer?.ok === false ? answer : undefined;
  const errors = failure?.errors ?? {};
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) {
      showToast({ icon: 'success', message: fetcher.data.message });
      // A changed password empties the fields (and, through the reset event, their rule checklist).
      formRef.current?.reset();
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <div className="space-y-6">
      <SettingsCard
        title={loaderData.hasPassword ? t('account.password.heading') : t('account.password.set_heading')}
        description={loaderData.hasPassword ? t('account.password.intro') : t('account.password.set_intro')}
      >
        <fetcher.Form method="post" noValidate ref={formRef} className="max-w-md space-y-4">
          {actionData?.ok && !fetcher.data && <FormAlert tone="success">{actionData.message}</FormAlert>}
          {failure && Object.keys(errors).length === 0 && <FormAlert tone="error">{failure.message}</FormAlert>}
          {/* For password managers: which account this password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
          <div className="space-y-4">
            {loaderData.hasPassword && (
              <PasswordField
                label={t('account.fields.current_password')}
                name="current_password"
                autoComplete="current-password"
                errors={errors.current_password}
              />
            )}
            <PasswordField
              label={t('account.fields.new_password')}
              name="password"
              autoComplete="new-password"
              showRules
              errors={errors.password}
            />
            <PasswordField
              label={t('account.fields.password_confirmation')}
              name="password_confirmation"
              autoComplete="new-password"
              errors={errors.password_confirmation}
            />
          </div>
          <SubmitButton busy={fetcher.state !== 'idle'} label={t('account.password.submit')} busyLabel={t('account.common.saving')} />
        </fetcher.Form>
      </SettingsCard>
      <TwoFactorSection siteName={loaderData.siteName} hasPassword={loaderData.hasPassword} />
    </div>
  );
}
