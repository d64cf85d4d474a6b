import { type FormEvent, useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import { VALIDITY_LIMITS } from '../../../../common/ad-validity';
import type { Locale } from '../../../../common/locales';
import { FormAlert, SettingsCard, SubmitButton, TextField } from '../../../components/form-controls';
import { ApiError, api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { providerName } from '../../../lib/provider-names';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import {
  LIMIT_SETTINGS,
  VALIDITY_SETTINGS,
  type SettingsValues,
  type SettingsView,
  providersInOrder,
  settingsChanges,
  valuesFrom,
} from '../settings-form-state';
import { SettingSwitch } from './setting-switch';

/** How many providers without credentials show before "show all": the list has nineteen. */
const UNCONFIGURED_SHOWN = 3;

/**
 * The app settings (staff with settings.manage): site name, social sign-ins, ad moderation, the
 * contact addresses, and the new accounts' limits and the scam guard's hold. Only what was changed
 * is sent; field errors show beside their settings and nothing is saved while any is wrong. After
 * a save the page's data is read again.
 */
export function AppSettingsForm({ settings }: { settings: SettingsView }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const saved = useMemo(() => valuesFrom(settings), [settings]);
  const [values, setValues] = useState<SettingsValues>(saved);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failed, setFailed] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [allProviders, setAllProviders] = useState(false);

  const providers = providersInOrder(settings);
  const unconfigured = providers.filter((p) => !p.configured);
  const shown = allProviders
    ? providers
    : providers.filter((p, index) => p.configured || index < settings.configured_logins.length + UNCONFIGURED_SHOWN);

  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const changes = settingsChanges(saved, values);
    if (Object.keys(changes).length === 0) {
      showToast({ icon: 'info', message: t('app_settings.nothing_changed') });
      return;
    }
    setBusy(true);
    setFailed(undefined);
    try {
      const reply = await api.updateAppSettings(changes);
      setErrors({});
      showToast({ icon: 'success', message: reply.message });
      await revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && error.data?.errors) {
        setErrors(error.data.errors);
        setFailed(t('app_settings.check_fields'));
      } else {
        setFailed(error instanceof Error ? error.message : t('errors.unknown'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="space-y-6">
      {failed && <FormAlert tone="error">{failed}</FormAlert>}

      <SettingsCard title={t('app_settings.site.title')}>
        <TextField
          label={t('app_settings.site.name')}
          name="site_name"
          value={values.site_name}
          onChange={(event) => set('site_name', event.target.value)}
          maxLength={60}
          required
          autoComplete="off"
          hint={t('app_settings.site.name_hint', { name: settings.site_name_default })}
          errors={errors.site_name}
        />
      </SettingsCard>

      <SettingsCard title={t('app_settings.logins.title')} description={t('app_settings.logins.description')}>
        {settings.configured_logins.length === 0 && <FormAlert tone="info">{t('app_settings.logins.none_configured')}</FormAlert>}
        <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {shown.map(({ provider, configured }) => (
            <li key={provider}>
              <SettingSwitch
                label={providerName(provider)}
                isSelected={values.logins[provider] ?? false}
                onChange={(on) => set('logins', { ...values.logins, [provider]: on })}
                isDisabled={!configured}
                hint={configured ? undefined : t('app_settings.logins.not_configured')}
                errors={errors[`logins.${provider}`]}
              />
            </li>
          ))}
        </ul>
        {unconfigured.length > UNCONFIGURED_SHOWN && (
          <button
            type="button"
            className="mt-3 min-h-11 text-sm font-semibold text-brand hover:underline"
            aria-expanded={allProviders}
            onClick={() => setAllProviders((all) => !all)}
          >
            {allProviders ? t('app_settings.logins.show_fewer') : t('app_settings.logins.show_all', { count: providers.length })}
          </button>
        )}
      </SettingsCard>

      <SettingsCard title={t('app_settings.moderation.title')}>
        <SettingSwitch
          label={t('app_settings.moderation.label')}
          isSelected={values.ads_moderation}
          onChange={(on) => set('ads_moderation', on)}
          hint={values.ads_moderation ? t('app_settings.moderation.on') : t('app_settings.moderation.off')}
          errors={errors.ads_moderation}
        />
      </SettingsCard>

      <SettingsCard title={t('app_settings.contacts.title')}>
        <div className="space-y-4">
          <TextField
            label={t('app_settings.contacts.support_email')}
            name="support_email"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={values.support_email}
            onChange={(event) => set('support_email', event.target.value)}
            hint={t('app_settings.contacts.support_email_hint')}
            errors={errors.support_email}
          />
          <TextField
            label={t('app_settings.contacts.staff_inbox_email')}
            name="staff_inbox_email"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={values.staff_inbox_email}
            onChange={(event) => set('staff_inbox_email', event.target.value)}
            hint={t('app_settings.contacts.staff_inbox_email_hint')}
            errors={errors.staff_inbox_email}
          />
        </div>
      </SettingsCard>

      <SettingsCard title={t('app_settings.trust.title')} description={t('app_settings.trust.description')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {LIMIT_SETTINGS.map((key) => (
            <TextField
              key={key}
              label={t(`app_settings.trust.${key}`)}
              name={key}
              type="number"
              inputMode="numeric"
              min={key === 'new_account_days' ? 0 : 1}
              step={1}
              autoComplete="off"
              value={values[key]}
              onChange={(event) => set(key, event.target.value)}
              hint={t(`app_settings.trust.${key}_hint`)}
              errors={errors[key]}
            />
          ))}
        </div>
      </SettingsCard>

      <SettingsCard title={t('app_settings.validity.title')} description={t('app_settings.validity.description')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {VALIDITY_SETTINGS.map((key) => (
            <TextField
              key={key}
              label={t(`app_settings.validity.${key}`)}
              name={key}
              type="number"
              inputMode="numeric"
              min={VALIDITY_LIMITS.adValidityDays.minimum}
              max={VALIDITY_LIMITS.adValidityDays.maximum}
              step={1}
              autoComplete="off"
              value={values[key]}
              onChange={(event) => set(key, event.target.value)}
              hint={t(`app_settings.validity.${key}_hint`)}
              errors={errors[key]}
            />
          ))}
        </div>
      </SettingsCard>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          {settings.updated_at && settings.updated_by
            ? t('app_settings.last_change', {
                date: formatDateTime(settings.updated_at, i18n.language as Locale),
                name: settings.updated_by.name,
              })
            : t('app_settings.never_changed')}
        </p>
        <SubmitButton busy={busy} label={t('app_settings.save')} busyLabel={t('app_settings.saving')} />
      </div>
    </form>
  );
}
