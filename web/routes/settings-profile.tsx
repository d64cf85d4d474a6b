import { useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useFetcher } from 'react-router';
import { profileForm, requireCurrentUser } from '../features/account/account-forms.server';
import { AvatarUpload } from '../features/account/components/avatar-upload';
import { BusinessSection } from '../features/account/components/business-section';
import { CityComboBox } from '../components/city-combo-box';
import { PushToggle } from '../components/push-toggle';
import { CheckboxField, FormAlert, SettingsCard, SubmitButton, TextField } from '../components/form-controls';
import { useFormAnswer } from '../hooks/use-form-answer';
import { runAction } from '../lib/forms.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta } from '../lib/page.server';
import { showToast } from '../lib/toasts';
import type { Route } from './+types/settings-profile';

/** Today in Finland as YYYY-MM-DD: the latest birthday the date field offers. */
function finnishToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date());
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const current = requireCurrentUser(context, request);
  const cities = await context.services.geo.listCities(context.locale);
  const { user } = current;
  return {
    meta: pageMeta(context, 'settings_profile', '/settings/profile', { noindex: true }),
    profile: {
      name: user.name,
      surname: user.surname ?? '',
      phone: user.phone ?? '',
      cityId: user.cityId,
      street: user.street ?? '',
      birthday: user.birthday ?? '',
      notifyMessages: user.notifyMessages,
      showPhone: user.showPhone,
    },
    business: {
      trader: user.trader,
      companyName: user.companyName ?? '',
      businessId: user.businessId ?? '',
      companyAddress: user.companyAddress ?? '',
      companyEmail: user.companyEmail ?? '',
      companyPhone: user.companyPhone ?? '',
    },
    cities: cities.map(({ id, name, name_fi, name_sv }) => ({ id, name, name_fi, name_sv })),
    today: finnishToday(),
    avatar: { name: user.name, avatar: user.avatarKey ? `/media/${user.avatarKey}` : null },
  };
}

export const meta = pageMetaFromLoader;

export async function action({ context, request }: Route.ActionArgs) {
  const current = requireCurrentUser(context, request);
  const form = await request.formData();
  const profile = profileForm(form);
  return runAction(
    context,
    async () => {
      await context.services.users.updateProfile(current, profile.check(), context.locale);
      return { ok: true as const, message: context.t('auth.profile_saved') };
    },
    profile.values,
  );
}

export default function SettingsProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  // With JavaScript the fetcher answers; a post made before it loaded comes back as the page's action data.
  const { formRef, failure, errors, formMessage } = useFormAnswer(fetcher.data ?? actionData);
  const values = failure?.values;
  const { profile } = loaderData;

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) showToast({ icon: 'success', message: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);

  return (
    <div className="space-y-6">
      <SettingsCard title={t('account.avatar.heading')}>
        <AvatarUpload user={loaderData.avatar} />
      </SettingsCard>
      <SettingsCard title={t('pages.settings_profile.title')} description={t('account.profile.intro')}>
        <fetcher.Form method="post" noValidate ref={formRef} className="space-y-5">
          {actionData?.ok && !fetcher.data && <FormAlert tone="success">{actionData.message}</FormAlert>}
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t('account.fields.first_name')}
              name="name"
              autoComplete="given-name"
              required
              maxLength={100}
              defaultValue={values?.name ?? profile.name}
              errors={errors.name}
            />
            <TextField
              label={t('account.fields.surname')}
              name="surname"
              autoComplete="family-name"
              maxLength={100}
              optionalText={t('account.fields.optional')}
              defaultValue={values?.surname ?? profile.surname}
              errors={errors.surname}
            />
            <TextField
              label={t('account.fields.phone')}
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={30}
              optionalText={t('account.fields.optional')}
              hint={t('account.profile.phone_hint')}
              defaultValue={values?.phone ?? profile.phone}
              errors={errors.phone}
            />
            <div className="sm:col-span-2">
              <CheckboxField
                name="show_phone"
                label={t('account.profile.show_phone')}
                defaultChecked={values ? values.show_phone === 'on' : profile.showPhone}
                errors={errors.show_phone}
              />
            </div>
            <TextField
              label={t('account.fields.birthday')}
              name="birthday"
              type="date"
              autoComplete="bday"
              min="1900-01-01"
              max={loaderData.today}
              optionalText={t('account.fields.optional')}
              defaultValue={values?.birthday ?? profile.birthday}
              errors={errors.birthday}
            />
            <CityComboBox
              cities={loaderData.cities}
              defaultCityId={values?.city_id ? Number(values.city_id) : profile.cityId}
              errors={errors.city_id}
            />
            <TextField
              label={t('account.fields.street')}
              name="street"
              autoComplete="street-address"
              maxLength={200}
              optionalText={t('account.fields.optional')}
              defaultValue={values?.street ?? profile.street}
              errors={errors.street}
            />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">{t('account.profile.notifications')}</legend>
            <CheckboxField
              name="notify_messages"
              label={t('account.profile.notify_messages')}
              defaultChecked={values ? values.notify_messages === 'on' : profile.notifyMessages}
            />
          </fieldset>
          <BusinessSection profile={loaderData.business} values={values} errors={errors} />
          <SubmitButton busy={fetcher.state !== 'idle'} label={t('account.profile.submit')} busyLabel={t('account.common.saving')} />
        </fetcher.Form>
      </SettingsCard>
      <SettingsCard title={t('push.settings.title')}>
        <PushToggle />
      </SettingsCard>
    </div>
  );
}
