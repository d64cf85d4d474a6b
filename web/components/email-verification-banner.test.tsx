// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import { api } from '../lib/api-client';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { ERROR_TOAST_MS, toastStore } from '../lib/toasts';
import { EmailVerificationBanner } from './email-verification-banner';

const i18n = createI18n('en', { en });

function renderBanner() {
  return render(
    <I18nProvider i18n={i18n}>
      <EmailVerificationBanner userId={7} email="maija@example.com" />
    </I18nProvider>,
  );
}

/** A call the test finishes by hand, to look at the busy state in between. */
function pendingCall<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

beforeEach(() => toastStore.set([]));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toastStore.set([]);
});

describe('EmailVerificationBanner', () => {
  it('says the address is not verified and offers to resend', () => {
    renderBanner();
    const region = screen.getByRole('region', { name: 'E-mail verification' });
    expect(region.textContent).toContain('Your e-mail address maija@example.com is not verified yet.');
    const button = screen.getByRole('button', { name: 'Resend e-mail' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('goes idle → busy → "Email Sent!" and then stays disabled', async () => {
    const call = pendingCall<{ message: string }>();
    const resend = vi.spyOn(api, 'verifyResend').mockReturnValue(call.promise);
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Resend e-mail' }));

    const busy = screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(resend).toHaveBeenCalledWith(7);

    await act(async () => call.resolve({ message: 'Email sent.' }));
    const sent = screen.getByRole('button', { name: 'Email Sent!' }) as HTMLButtonElement;
    expect(sent.disabled).toBe(true);
    expect(sent.getAttribute('aria-busy')).toBeNull();
    expect(toastStore.get().map((t) => [t.icon, t.message])).toEqual([['success', 'Email sent.']]);

    fireEvent.click(sent);
    expect(resend).toHaveBeenCalledTimes(1);
  });

  it('on failure shows the error toast for 5 seconds and lets the person try again', async () => {
    const call = pendingCall<{ message: string }>();
    vi.spyOn(api, 'verifyResend').mockReturnValue(call.promise);
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Resend e-mail' }));
    await act(async () => call.reject(new Error('429')));

    const [toast] = toastStore.get();
    expect(toast).toMatchObject({ icon: 'error', message: 'An error occurred, please try again later.', timer: ERROR_TOAST_MS });
    expect(ERROR_TOAST_MS).toBe(5000);
    expect((screen.getByRole('button', { name: 'Resend e-mail' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
