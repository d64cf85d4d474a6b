// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/en.json';
import { ApiError, api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { toastStore } from '../../../lib/toasts';
import type { SettingsView } from '../settings-form-state';
import { AppSettingsForm } from './app-settings-form';

const i18n = createI18n('en', { en });

const VIEW: SettingsView = {
  site_name: 'Kauppis',
  site_name_default: 'Kauppis',
  logins: { apple: false, twitter: false, google: true, microsoft: false, tiktok: false, github: false },
  configured_logins: ['google'],
  ads_moderation: true,
  support_email: null,
  staff_inbox_email: null,
  new_account_days: 7,
  new_account_ads_per_day: 5,
  new_account_chats_per_day: 10,
  safety_hold_recipients: 5,
  ad_validity_days: 60,
  job_ad_validity_days: 30,
  updated_at: '2026-11-24T10:00:00Z',
  updated_by: { id: 1, name: 'Aino Admin' },
};

async function renderForm(view: SettingsView = VIEW) {
  const Stub = createRoutesStub([
    { path: '/admin/app-settings', loader: () => null, HydrateFallback: () => null, Component: () => <AppSettingsForm settings={view} /> },
  ]);
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={['/admin/app-settings']} />
      </I18nProvider>,
    );
  });
  await screen.findByLabelText('Site name');
}

beforeEach(() => toastStore.set([]));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toastStore.set([]);
});

describe('AppSettingsForm', () => {
  it('offers only configured providers as switches and says why the others are off', async () => {
    await renderForm();
    const google = screen.getByRole('switch', { name: 'Google' }) as HTMLInputElement;
    const apple = screen.getByRole('switch', { name: 'Apple' }) as HTMLInputElement;
    expect(google.checked).toBe(true);
    expect(google.disabled).toBe(false);
    expect(apple.disabled).toBe(true);
    expect(screen.getAllByText('No credentials on the server').length).toBeGreaterThan(0);
    // Three of the five unconfigured show until asked for all.
    expect(screen.queryByRole('switch', { name: 'GitHub' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show all 6 providers' })));
    expect(screen.getByRole('switch', { name: 'GitHub' })).toBeTruthy();
    expect(screen.getByText('Last changed', { exact: false }).textContent).toContain('Aino Admin');
  });

  it('saves only what changed and shows the server’s message', async () => {
    const update = vi
      .spyOn(api, 'updateAppSettings')
      .mockResolvedValue({ message: 'Settings saved.', data: { ...VIEW, site_name: 'Torikauppa' } });
    await renderForm();
    fireEvent.change(screen.getByLabelText('Site name'), { target: { value: 'Torikauppa' } });
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'New and changed ads wait for a moderator' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' })));
    expect(update).toHaveBeenCalledWith({ site_name: 'Torikauppa', ads_moderation: false });
    expect(toastStore.get().map((toast) => toast.message)).toContain('Settings saved.');
  });

  it('changes the new accounts’ limits and the scam guard’s hold as numbers', async () => {
    const update = vi.spyOn(api, 'updateAppSettings').mockResolvedValue({ message: 'Settings saved.', data: VIEW });
    await renderForm();
    expect((screen.getByLabelText('An account is new for (days)') as HTMLInputElement).value).toBe('7');
    fireEvent.change(screen.getByLabelText('New ads per 24 hours'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Review after this many recipients'), { target: { value: '8' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' })));
    expect(update).toHaveBeenCalledWith({ new_account_ads_per_day: 3, safety_hold_recipients: 8 });
  });

  it('shows the server’s field errors beside their settings and keeps what was typed', async () => {
    vi.spyOn(api, 'updateAppSettings').mockRejectedValue(
      new ApiError('Please check the highlighted fields.', 422, {
        message: 'Please check the highlighted fields.',
        errors: { support_email: ['The email must be a valid email address.'] },
      }),
    );
    await renderForm();
    const support = screen.getByLabelText('Support e-mail') as HTMLInputElement;
    fireEvent.change(support, { target: { value: 'tuki@' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' })));
    expect(support.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The email must be a valid email address.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Nothing was saved');
    expect(support.value).toBe('tuki@');
  });

  it('says there is nothing to save instead of calling the server', async () => {
    const update = vi.spyOn(api, 'updateAppSettings');
    await renderForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' })));
    expect(update).not.toHaveBeenCalled();
    expect(toastStore.get().map((toast) => toast.message)).toContain('Nothing to save: no setting was changed.');
  });
});
