import { useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useFetcher } from 'react-router';
import { passwordForm, requireCurrentUser } from '../features/account/account-forms.server';
import { FormAlert, SettingsCard, SubmitButton } from '../components/form-controls';
import { NewPasswordFields, PasswordField } from '../features/account/components/password-field';
import { TwoFactorSection } from '../features/account/components/two-factor-section';
import { useFormAnswer } from '../hooks/use-form-answer';
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
  const change = passwordForm(form, current.user.passwordHash !== null);
  return runAction(context, async () => {
    await context.services.auth.changePassword(current, change.check(), requestMeta(context, request));
    return { ok: true as const, message: context.t('auth.password_changed') };
  });
}

export default function SettingsPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const { formRef, errors, formMessage } = useFormAnswer(fetcher.data ?? actionData);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) {
      showToast({ icon: 'success', message: fetcher.data.message });
      // A changed password empties the fields (and, through the reset event, their rule checklist).
      formRef.current?.reset();
    }
  }, [fetcher.state, fetcher.data, formRef]);

  return (
    <div className="space-y-6">
      <SettingsCard
        title={loaderData.hasPassword ? t('account.password.heading') : t('account.password.set_heading')}
        description={loaderData.hasPassword ? t('account.password.intro') : t('account.password.set_intro')}
      >
        <fetcher.Form method="post" noValidate ref={formRef} className="max-w-md space-y-4">
          {actionData?.ok && !fetcher.data && <FormAlert tone="success">{actionData.message}</FormAlert>}
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
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
            <NewPasswordFields label={t('account.fields.new_password')} errors={errors} />
          </div>
          <SubmitButton busy={fetcher.state !== 'idle'} label={t('account.password.submit')} busyLabel={t('account.common.saving')} />
        </fetcher.Form>
      </SettingsCard>
      <TwoFactorSection siteName={loaderData.siteName} hasPassword={loaderData.hasPassword} />
    </div>
  );
}
