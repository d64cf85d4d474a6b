// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import { api } from '../lib/api-client';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { ERROR_TOAST_MS, toastStore } from '../lib/toasts';
import { THEME_SAVED_TOAST_MS, ThemeToggle } from './theme-toggle';

const i18n = createI18n('en', { en });

function renderToggle(signedIn: boolean) {
  return render(
    <I18nProvider i18n={i18n}>
      <ThemeToggle serverTheme="light" signedIn={signedIn} className="" />
    </I18nProvider>,
  );
}

beforeEach(() => {
  document.documentElement.classList.remove('dark');
  window.localStorage.clear();
  toastStore.set([]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toastStore.set([]);
});

describe('ThemeToggle', () => {
  it('keeps a visitor’s choice on the device only', async () => {
    const save = vi.spyOn(api, 'saveTheme');
    renderToggle(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' })));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(save).not.toHaveBeenCalled();
    expect(toastStore.get()).toEqual([]);
  });

  it('saves a signed-in person’s choice to the account and says "Theme saved." for 2 seconds', async () => {
    const save = vi.spyOn(api, 'saveTheme').mockResolvedValue({ data: { theme_dark: true } });
    renderToggle(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' })));
    expect(save).toHaveBeenCalledWith(true);
    expect(toastStore.get()).toEqual([expect.objectContaining({ icon: 'success', message: 'Theme saved.', timer: THEME_SAVED_TOAST_MS })]);
    expect(THEME_SAVED_TOAST_MS).toBe(2000);
  });

  it('says "Error Updating Theme" for 5 seconds when the account cannot be updated', async () => {
    vi.spyOn(api, 'saveTheme').mockRejectedValue(new Error('offline'));
    renderToggle(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' })));
    expect(toastStore.get()).toEqual([expect.objectContaining({ icon: 'error', message: 'Error Updating Theme', timer: ERROR_TOAST_MS })]);
  });
});
