import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';
import { Form, Link } from 'react-router';
import { resetForm } from '../features/account/account-forms.server';
import { AuthCard, FormAlert, SubmitButton, TextField, primaryButton } from '../components/form-controls';
import { NewPasswordFields } from '../features/account/components/password-field';
import { useFormAnswer, usePosting } from '../hooks/use-form-answer';
import { requestMeta, runAction } from '../lib/forms.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import type { Route } from './+types/reset-password';

export function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'guest');
  const email = new URL(request.url).searchParams.get('email')?.slice(0, 254) ?? '';
  // The token stays out of the canonical path: it is a secret of the mail's reader.
  return { meta: pageMeta(context, 'reset_password', '/reset-password', { noindex: true }), email };
}

export const meta = pageMetaFromLoader;

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const reset = resetForm(form);
  return runAction(context, async () => {
    const input = reset.check();
    await context.services.auth.resetPassword({ token: params.token.slice(0, 200), ...input }, requestMeta(context, request));
    return { ok: true as const, message: context.t('auth.password_reset') };
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { formRef, failure, errors, formMessage } = useFormAnswer(actionData);
  const busy = usePosting();

  if (actionData?.ok) {
    return (
      <AuthCard title={t('account.reset.done_heading')}>
        <div className="space-y-5 text-center">
          <CheckCircle2 aria-hidden size={48} className="mx-auto text-success" />
          <FormAlert tone="success">{actionData.message}</FormAlert>
          <Link to="/login" className={`${primaryButton} w-full`}>
            {t('account.reset.to_login')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  // A bad or used link is told about at the top too: the e-mail field it belongs to is read-only.
  const linkProblem = failure?.errors.email;
  return (
    <AuthCard title={t('account.reset.heading')}>
      <p className="mb-4 text-muted">{t('account.reset.intro')}</p>
      <div className="space-y-4">
        {(linkProblem || formMessage) && (
          <FormAlert tone="error">
            {linkProblem?.[0] ?? formMessage}{' '}
            {linkProblem && (
              <Link to="/forgot-password" className="font-semibold text-brand underline">
                {t('account.reset.new_link')}
              </Link>
            )}
          </FormAlert>
        )}
        <Form method="post" noValidate ref={formRef} className="space-y-4">
          <TextField
            label={t('account.fields.email')}
            name="email"
            type="email"
            autoComplete="username"
            // Pre-filled from the mailed link; typed only if the link lost its address.
            readOnly={!!loaderData.email}
            required
            defaultValue={loaderData.email}
            errors={failure?.errors.email}
          />
          <NewPasswordFields label={t('account.fields.new_password')} autoFocus errors={errors} />
          <SubmitButton busy={busy} label={t('account.reset.submit')} busyLabel={t('account.reset.submitting')} className="w-full" />
        </Form>
      </div>
    </AuthCard>
  );
}
