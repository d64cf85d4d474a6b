import { MailCheck } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';
import { Form, Link } from 'react-router';
import { forgotForm } from '../features/account/account-forms.server';
import { AuthCard, EmailField, FormAlert, SubmitButton } from '../components/form-controls';
import { useFormAnswer, usePosting } from '../hooks/use-form-answer';
import { requestMeta, runAction } from '../lib/forms.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import type { Route } from './+types/forgot-password';

export function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'guest');
  return { meta: pageMeta(context, 'forgot_password', '/forgot-password', { noindex: true }) };
}

export const meta = pageMetaFromLoader;

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const forgot = forgotForm(form);
  return runAction(
    context,
    async () => {
      const { email } = forgot.check();
      await context.services.auth.forgotPassword(email, requestMeta(context, request));
      // The same answer whatever the address: nobody learns which addresses have accounts.
      return { ok: true as const, message: context.t('auth.reset_link_sent') };
    },
    forgot.values,
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { formRef, failure, formMessage } = useFormAnswer(actionData);
  const busy = usePosting();
  const backToLogin = (
    <Link to="/login" className="font-semibold text-brand underline-offset-2 hover:underline">
      {t('account.forgot.back_to_login')}
    </Link>
  );

  if (actionData?.ok) {
    return (
      <AuthCard title={t('account.forgot.done_heading')} footer={backToLogin}>
        <div className="space-y-4 text-center">
          <MailCheck aria-hidden size={48} className="mx-auto text-success" />
          <FormAlert tone="success">{actionData.message}</FormAlert>
          <p className="text-sm text-muted">{t('account.forgot.done_hint')}</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('account.forgot.heading')} footer={backToLogin}>
      <p className="mb-4 text-muted">{t('account.forgot.intro')}</p>
      <div className="space-y-4">
        {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
        <Form method="post" noValidate ref={formRef} className="space-y-4">
          <EmailField autoComplete="email" defaultValue={failure?.values?.email} errors={failure?.errors.email} />
          <SubmitButton busy={busy} label={t('account.forgot.submit')} busyLabel={t('account.forgot.submitting')} className="w-full" />
        </Form>
      </div>
    </AuthCard>
  );
}
