// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../components/dialog-host';
import en from '../../../i18n/en.json';
import { ApiError, api } from '../../../lib/api-client';
import { dialogStore } from '../../../lib/dialogs';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { toastStore } from '../../../lib/toasts';
import { groupKey, isServerSvg } from './enable-two-factor-dialog';
import { recoveryCodesText } from './recovery-codes';
import { TwoFactorSection } from './two-factor-section';

const i18n = createI18n('en', { en });
const CODES = Array.from({ length: 10 }, (_, i) => `code-${i}-abcd`);

async function renderSection() {
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <TwoFactorSection siteName="Kauppis" hasPassword />
        <DialogHost />
      </I18nProvider>,
    );
  });
}

const invalidCode = () =>
  new ApiError('The provided code is invalid.', 422, {
    message: 'Please check the highlighted fields.',
    errors: { code: ['The provided code is invalid.'] },
  });

beforeEach(() => {
  dialogStore.set([]);
  toastStore.set([]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  dialogStore.set([]);
  toastStore.set([]);
});

describe('two-factor set-up', () => {
  it('turns on: QR code and key, a refused code under the field, then the recovery codes', async () => {
    const show = vi
      .spyOn(api, 'show2fa')
      .mockResolvedValueOnce({ enabled: false, confirmed_at: null, recovery_codes_left: 0 })
      .mockResolvedValue({ enabled: true, confirmed_at: '2026-11-22T10:00:00Z', recovery_codes_left: 10 });
    vi.spyOn(api, 'enable2fa').mockResolvedValue({
      qr_code: '<svg xmlns="http://www.w3.org/2000/svg" data-testid="qr"><rect width="1" height="1"/></svg>',
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_url: 'otpauth://totp/Kauppis:maija@example.com?secret=JBSWY3DPEHPK3PXP',
    });
    const confirm = vi.spyOn(api, 'confirm2fa').mockRejectedValueOnce(invalidCode()).mockResolvedValue({
      message: 'Two-factor authentication is on.',
      recovery_codes: CODES,
    });
    await renderSection();
    expect(screen.getByText('Two-factor authentication is off')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on' })));
    const dialog = screen.getByRole('dialog', { name: 'Turn on two-factor authentication' });
    expect(within(dialog).getByRole('img', { name: 'QR code for your authenticator app' }).querySelector('svg')).toBeTruthy();
    expect(dialog.textContent).toContain('JBSW Y3DP EHPK 3PXP');

    const code = within(dialog).getByLabelText('2. Enter the 6-digit code the app shows') as HTMLInputElement;
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '12' } });
    await act(async () => fireEvent.submit(code.form!));
    expect(dialog.textContent).toContain('The code has 6 digits.');
    expect(confirm).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: '123456' } });
    await act(async () => fireEvent.submit(code.form!));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain('The provided code is invalid.');

    fireEvent.change(code, { target: { value: '654321' } });
    await act(async () => fireEvent.submit(code.form!));
    expect(confirm).toHaveBeenLastCalledWith('654321');
    const codes = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download .txt' })).toBeTruthy();
    expect(toastStore.get().map((t) => t.message)).toContain('Two-factor authentication is on.');
    expect(show).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Two-factor authentication is on')).toBeTruthy();
    expect(screen.getByText('Recovery codes left: 10')).toBeTruthy();
  });

  it('turns off only after the password, showing a wrong one under the field', async () => {
    vi.spyOn(api, 'show2fa')
      .mockResolvedValueOnce({ enabled: true, confirmed_at: '2026-11-22T10:00:00Z', recovery_codes_left: 2 })
      .mockResolvedValue({ enabled: false, confirmed_at: null, recovery_codes_left: 0 });
    const disable = vi
      .spyOn(api, 'disable2fa')
      .mockRejectedValueOnce(new ApiError('x', 422, { message: 'x', errors: { password: ['The current password is incorrect.'] } }))
      .mockResolvedValue({ message: 'Two-factor authentication is off.' });
    await renderSection();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    const dialog = screen.getByRole('alertdialog', { name: 'Turn off two-factor authentication?' });
    const password = within(dialog).getByLabelText('Password');
    fireEvent.change(password, { target: { value: 'wrong' } });
    await act(async () => fireEvent.submit((password as HTMLInputElement).form!));
    expect(dialog.textContent).toContain('The current password is incorrect.');
    fireEvent.change(password, { target: { value: 'Kelpo#Salasana42' } });
    await act(async () => fireEvent.submit((password as HTMLInputElement).form!));
    expect(disable).toHaveBeenLastCalledWith({ password: 'Kelpo#Salasana42' });
    expect(screen.getByText('Two-factor authentication is off')).toBeTruthy();
  });

  it('makes new recovery codes after the password and shows them', async () => {
    vi.spyOn(api, 'show2fa').mockResolvedValue({ enabled: true, confirmed_at: '2026-11-22T10:00:00Z', recovery_codes_left: 1 });
    vi.spyOn(api, 'recoveryCodes').mockResolvedValue({ recovery_codes: CODES });
    await renderSection();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' })));
    const password = within(screen.getByRole('dialog', { name: 'Create new recovery codes?' })).getByLabelText('Password');
    fireEvent.change(password, { target: { value: 'Kelpo#Salasana42' } });
    await act(async () => fireEvent.submit((password as HTMLInputElement).form!));
    expect(within(screen.getByRole('list', { name: 'Your recovery codes' })).getAllByRole('listitem')).toHaveLength(10);
  });

  it('says so when the state cannot be loaded', async () => {
    vi.spyOn(api, 'show2fa').mockRejectedValue(new ApiError('x', 500, undefined));
    await renderSection();
    expect(screen.getByText('The two-factor settings could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('two-factor helpers', () => {
  it('puts only SVG markup from the server into the page', () => {
    expect(isServerSvg('<svg xmlns="http://www.w3.org/2000/svg"></svg>')).toBe(true);
    expect(isServerSvg('<img src=x onerror=alert(1)>')).toBe(false);
    expect(isServerSvg('data:image/png;base64,AAAA')).toBe(false);
  });

  it('groups the manual key by four and writes the codes file with a heading', () => {
    expect(groupKey('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(recoveryCodesText(['a', 'b'], 'Recovery codes for Kauppis')).toBe('Recovery codes for Kauppis\n\na\nb\n');
  });
});
