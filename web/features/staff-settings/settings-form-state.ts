import type { Static } from 'typebox';
import type { AppSettingsPatch, AppSettingsView } from '../../../server/modules/settings/settings.schemas';

export type SettingsView = Static<typeof AppSettingsView>;
export type SettingsChanges = Static<typeof AppSettingsPatch>;

/** What the form edits: the addresses as typed ("" for none). */
export interface SettingsValues {
  site_name: string;
  logins: Record<string, boolean>;
  ads_moderation: boolean;
  support_email: string;
  staff_inbox_email: string;
  /** The new accounts' limits and the scam guard's hold, as typed. */
  new_account_days: string;
  new_account_ads_per_day: string;
  new_account_chats_per_day: string;
  safety_hold_recipients: string;
  /** How many days an ad is shown, and a job ad (issue 27), as typed. */
  ad_validity_days: string;
  job_ad_validity_days: string;
}

/** The number settings of issue 25, each a whole number the server checks. */
export const LIMIT_SETTINGS = [
  'new_account_days',
  'new_account_ads_per_day',
  'new_account_chats_per_day',
  'safety_hold_recipients',
] as const;

/** The ads' periods of issue 27: whole days the server checks. */
export const VALIDITY_SETTINGS = ['ad_validity_days', 'job_ad_validity_days'] as const;

export function valuesFrom(view: SettingsView): SettingsValues {
  return {
    site_name: view.site_name,
    logins: { ...view.logins },
    ads_moderation: view.ads_moderation,
    support_email: view.support_email ?? '',
    staff_inbox_email: view.staff_inbox_email ?? '',
    new_account_days: String(view.new_account_days),
    new_account_ads_per_day: String(view.new_account_ads_per_day),
    new_account_chats_per_day: String(view.new_account_chats_per_day),
    safety_hold_recipients: String(view.safety_hold_recipients),
    ad_validity_days: String(view.ad_validity_days),
    job_ad_validity_days: String(view.job_ad_validity_days),
  };
}

/**
 * Only what differs from the saved settings goes to the server, so a save never overwrites what
 * someone else changed meanwhile in a setting this form did not touch. Text is compared trimmed.
 */
export function settingsChanges(saved: SettingsValues, edited: SettingsValues): SettingsChanges {
  const changes: SettingsChanges = {};
  if (edited.site_name.trim() !== saved.site_name.trim()) changes.site_name = edited.site_name;
  const logins = Object.fromEntries(Object.entries(edited.logins).filter(([provider, on]) => saved.logins[provider] !== on));
  if (Object.keys(logins).length > 0) changes.logins = logins;
  if (edited.ads_moderation !== saved.ads_moderation) changes.ads_moderation = edited.ads_moderation;
  if (edited.support_email.trim() !== saved.support_email.trim()) changes.support_email = edited.support_email.trim();
  if (edited.staff_inbox_email.trim() !== saved.staff_inbox_email.trim()) changes.staff_inbox_email = edited.staff_inbox_email.trim();
  // What is not a number goes as it is not (NaN is sent as null): the server names the field.
  for (const key of [...LIMIT_SETTINGS, ...VALIDITY_SETTINGS])
    if (edited[key].trim() !== saved[key].trim()) changes[key] = Number(edited[key].trim() || NaN);
  return changes;
}

/** Configured providers first (the ones that can be switched), each group in the server's order. */
export function providersInOrder(view: Pick<SettingsView, 'logins' | 'configured_logins'>): { provider: string; configured: boolean }[] {
  const all = Object.keys(view.logins);
  const configured = new Set(view.configured_logins);
  return [...all.filter((p) => configured.has(p)), ...all.filter((p) => !configured.has(p))].map((provider) => ({
    provider,
    configured: configured.has(provider),
  }));
}
