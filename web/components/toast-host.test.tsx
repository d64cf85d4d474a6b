// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { DEFAULT_TOAST_MS, showToast, toastStore } from '../lib/toasts';
import { ToastHost } from './toast-host';

const i18n = createI18n('en', { en });

function renderHost() {
  return render(
    <I18nProvider i18n={i18n}>
      <ToastHost />
    </I18nProvider>,
  );
}

beforeEach(() => {
  toastStore.set([]);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  toastStore.set([]);
});

describe('ToastHost', () => {
  it('is a labelled notifications region, empty without toasts', () => {
    renderHost();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.textContent).toBe('');
  });

  it('shows a toast with its message and role status', () => {
    renderHost();
    act(() => {
      showToast({ message: 'Theme saved.', icon: 'success', timer: 0 });
    });
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Theme saved.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each(['info', 'warning', 'success'] as const)("gives a '%s' toast role status", (icon) => {
    renderHost();
    act(() => {
      showToast({ message: 'Hello', icon, timer: 0 });
    });
    expect(screen.getByRole('status').textContent).toContain('Hello');
  });

  it('gives an error toast role alert', () => {
    renderHost();
    act(() => {
      showToast({ message: 'Error Updating Theme', icon: 'error', timer: 0 });
    });
    expect(screen.getByRole('alert').textContent).toContain('Error Updating Theme');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('removes a toast with its close button', () => {
    renderHost();
    act(() => {
      showToast({ message: 'First', timer: 0 });
      showToast({ message: 'Second', timer: 0 });
    });
    const first = screen.getAllByRole('status').find((el) => el.textContent?.includes('First'))!;
    fireEvent.click(within(first).getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
    expect(toastStore.get().map((t) => t.message)).toEqual(['Second']);
  });

  it("runs a toast's own button and then closes it", () => {
    const onPress = vi.fn();
    renderHost();
    act(() => {
      showToast({ message: 'Ad deleted.', timer: 0, button: { label: 'Undo', onPress } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Ad deleted.')).toBeNull();
  });

  it('shows toasts in every position', () => {
    renderHost();
    act(() => {
      for (const position of ['top', 'top-end', 'bottom', 'bottom-end'] as const) showToast({ message: position, position, timer: 0 });
    });
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['top', 'top-end', 'bottom', 'bottom-end']);
  });

  it('takes a toast away when its timer runs out', () => {
    vi.useFakeTimers();
    renderHost();
    act(() => {
      showToast({ message: 'Bye' });
    });
    expect(screen.getByText('Bye')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(DEFAULT_TOAST_MS);
    });
    expect(screen.queryByText('Bye')).toBeNull();
  });
});
