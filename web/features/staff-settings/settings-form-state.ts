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
}

export function valuesFrom(view: SettingsView): SettingsValues {
  return {
    site_name: view.site_name,
    logins: { ...view.logins },
    ads_moderation: view.ads_moderation,
    support_email: view.support_email ?? '',
    staff_inbox_email: view.staff_inbox_email ?? '',
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
