import { MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Form, Link } from 'react-router';
import { registerForm } from '../features/account/account-forms.server';
import { AuthCard, CheckboxField, EmailField, FormAlert, SubmitButton, TextField } from '../components/form-controls';
import { NewPasswordFields } from '../features/account/components/password-field';
import { Trans } from '../components/trans';
import { useFormAnswer, usePosting } from '../hooks/use-form-answer';
import { clearLocalAuthState } from '../lib/auth-state';
import { requestMeta, runAction } from '../lib/forms.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import type { Route } from './+types/register';

export function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'guest');
  return { meta: pageMeta(context, 'register', '/register', { noindex: true }) };
}

export const meta = pageMetaFromLoader;

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const registration = registerForm(form);
  return runAction(
    context,
    async () => {
      const input = registration.check();
      await context.services.auth.register(input, requestMeta(context, request));
      return { ok: true as const, message: context.t('auth.registered'), email: input.email };
    },
    registration.values,
  );
}

export default function Register({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { formRef, failure, errors, formMessage } = useFormAnswer(actionData);
  const done = actionData?.ok === true ? actionData : undefined;
  const busy = usePosting();

  // Spec: registration clears the local auth state (a new account starts clean on this device).
  useEffect(() => {
    if (done) clearLocalAuthState();
  }, [done]);

  if (done) {
    return (
      <AuthCard title={t('account.register.done_heading')}>
        <div className="space-y-4 text-center">
          <MailCheck aria-hidden size={48} className="mx-auto text-success" />
          <FormAlert tone="success">{done.message}</FormAlert>
          <p className="text-sm text-muted [overflow-wrap:anywhere]">{t('account.register.done_hint', { email: done.email })}</p>
          <Link to="/login" className="inline-block font-semibold text-brand underline-offset-2 hover:underline">
            {t('account.register.to_login')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('account.register.heading')}
      footer={
        <>
          {t('account.register.have_account')}{' '}
          <Link to="/login" className="font-semibold text-brand underline-offset-2 hover:underline">
            {t('account.register.login_link')}
          </Link>
        </>
      }
    >
      <div className="space-y-4">
        {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
        <Form method="post" noValidate ref={formRef} className="space-y-4">
          <TextField
            label={t('account.fields.name')}
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={failure?.values?.name}
            errors={failure?.errors.name}
          />
          <EmailField autoComplete="email" defaultValue={failure?.values?.email} errors={failure?.errors.email} />
          <NewPasswordFields label={t('account.fields.password')} errors={errors} />
          <CheckboxField
            name="terms"
            defaultChecked={failure?.values?.terms === 'on'}
            errors={failure?.errors.terms}
            label={
              <Trans
                i18nKey="account.register.terms"
                components={{ terms: <Link to="/terms" target="_blank" className="font-semibold text-brand underline" /> }}
              />
            }
          />
          <SubmitButton busy={busy} label={t('account.register.submit')} busyLabel={t('account.register.submitting')} className="w-full" />
        </Form>
      </div>
    </AuthCard>
  );
}
