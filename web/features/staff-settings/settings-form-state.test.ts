import { describe, expect, it } from 'vitest';
import { type SettingsView, providersInOrder, settingsChanges, valuesFrom } from './settings-form-state';

const VIEW: SettingsView = {
  site_name: 'Kauppis',
  site_name_default: 'Kauppis',
  logins: { apple: false, google: true, github: false },
  configured_logins: ['google'],
  ads_moderation: true,
  support_email: 'tuki@example.com',
  staff_inbox_email: null,
  new_account_days: 7,
  new_account_ads_per_day: 5,
  new_account_chats_per_day: 10,
  safety_hold_recipients: 5,
  ad_validity_days: 60,
  job_ad_validity_days: 30,
  updated_at: null,
  updated_by: null,
};

describe('settingsChanges', () => {
  it('sends nothing when nothing was changed, whitespace around text aside', () => {
    const saved = valuesFrom(VIEW);
    expect(settingsChanges(saved, { ...saved, site_name: ' Kauppis ', support_email: 'tuki@example.com ' })).toEqual({});
  });

  it('sends only the settings and the providers that changed, and an emptied address as ""', () => {
    const saved = valuesFrom(VIEW);
    const edited = { ...saved, site_name: 'Torikauppa', logins: { ...saved.logins, google: false }, support_email: '  ' };
    expect(settingsChanges(saved, edited)).toEqual({ site_name: 'Torikauppa', logins: { google: false }, support_email: '' });
  });

  it('sends a changed limit as a number, and what is not one as null for the server to name', () => {
    const saved = valuesFrom(VIEW);
    expect(saved.new_account_days).toBe('7');
    expect(settingsChanges(saved, { ...saved, new_account_ads_per_day: ' 3 ', safety_hold_recipients: '5' })).toEqual({
      new_account_ads_per_day: 3,
    });
    expect(JSON.stringify(settingsChanges(saved, { ...saved, new_account_days: 'kolme' }))).toBe('{"new_account_days":null}');
    expect(JSON.stringify(settingsChanges(saved, { ...saved, new_account_days: '' }))).toBe('{"new_account_days":null}');
  });

  it('reads a missing address as empty text', () => {
    expect(valuesFrom(VIEW).staff_inbox_email).toBe('');
  });
});

describe('providersInOrder', () => {
  it('puts the providers with credentials first', () => {
    expect(providersInOrder(VIEW)).toEqual([
      { provider: 'google', configured: true },
      { provider: 'apple', configured: false },
      { provider: 'github', configured: false },
    ]);
  });
});
