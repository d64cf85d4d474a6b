import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_TOPICS, REPORTER_NAME_MAX, type ContactTopic } from '../../common/reports';
import { contactForm } from '../features/reports/contact.server';
import { EmailField, FormAlert, SettingsCard, SubmitButton, TextField } from '../components/form-controls';
import { SelectField, TextAreaField } from '../components/form-controls';
import { useFormAnswer } from '../hooks/use-form-answer';
import { requestMeta, runAction } from '../lib/forms.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta } from '../lib/page.server';
import { useTranslation } from '../lib/use-translation';
import type { Route } from './+types/contact';

/** The footer's "customer support" and "report a problem": one form into the staff's reports inbox. */
export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get('topic');
  const topic: ContactTopic = CONTACT_TOPICS.includes(asked as ContactTopic) ? (asked as ContactTopic) : 'support';
  const from = url.searchParams.get('from') ?? '';
  return {
    meta: pageMeta(context, 'contact', '/contact'),
    topic,
    page: from.startsWith('/') && !from.startsWith('//') ? from.slice(0, 500) : '',
    name: context.user ? [context.user.user.name, context.user.user.surname].filter(Boolean).join(' ') : '',
    email: context.user?.user.email ?? '',
  };
}

export const meta = pageMetaFromLoader;

export async function action({ context, request }: Route.ActionArgs) {
  const form = contactForm(await request.formData());
  return runAction(
    context,
    async () => {
      const body = form.check();
      await context.services.reports.contact(context.user, body, requestMeta(context, request));
      return { ok: true as const, message: context.t('contact.received') };
    },
    form.values,
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data ?? actionData;
  const { formRef, failure, errors, formMessage } = useFormAnswer(answer);
  const values = failure?.values;
  const sent = answer?.ok === true;

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data, formRef]);

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-2 text-2xl font-bold">{t('contact.heading')}</h1>
      <p className="mb-6 text-muted">{t('contact.intro')}</p>
      <SettingsCard title={t('contact.form_title')}>
        <fetcher.Form method="post" noValidate ref={formRef} className="space-y-5">
          {sent && <FormAlert tone="success">{answer.message}</FormAlert>}
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          <SelectField
            label={t('contact.topic')}
            name="topic"
            defaultValue={values?.topic ?? loaderData.topic}
            errors={errors.topic}
            options={CONTACT_TOPICS.map((topic) => ({ value: topic, label: t(`contact.topics.${topic}`) }))}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t('contact.name')}
              name="name"
              autoComplete="name"
              required
              maxLength={REPORTER_NAME_MAX}
              defaultValue={values?.name ?? loaderData.name}
              errors={errors.name}
            />
            <EmailField autoComplete="email" defaultValue={values?.email ?? loaderData.email} errors={errors.email} />
          </div>
          <TextAreaField
            label={t('contact.message')}
            name="message"
            rows={7}
            required
            maxLength={CONTACT_MESSAGE_MAX}
            hint={t('contact.message_hint', { min: CONTACT_MESSAGE_MIN, max: CONTACT_MESSAGE_MAX })}
            defaultValue={values?.message}
            errors={errors.message}
          />
          <input type="hidden" name="page" value={loaderData.page} />
          <SubmitButton busy={fetcher.state !== 'idle'} label={t('contact.submit')} busyLabel={t('contact.sending')} />
        </fetcher.Form>
      </SettingsCard>
    </div>
  );
}
