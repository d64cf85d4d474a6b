// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import { api } from '../lib/api-client';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { toastStore } from '../lib/toasts';
import { ImpersonationBanner } from './impersonation-banner';

const i18n = createI18n('en', { en });

function renderBanner() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Front page</p> },
      { path: '/settings', element: <ImpersonationBanner name="Ulla" /> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

beforeEach(() => toastStore.set([]));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toastStore.set([]);
});

describe('ImpersonationBanner', () => {
  it('says whom the admin acts as; returning calls the API, toasts and goes to the front page', async () => {
    const leave = vi.spyOn(api, 'impersonateLeave').mockResolvedValue({ message: 'You are yourself again.' });
    const router = renderBanner();
    const region = screen.getByRole('region', { name: 'Acting as another user' });
    expect(region.textContent).toContain('You are acting as Ulla');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Return to yourself' }));
    });
    expect(leave).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/');
    expect(toastStore.get().map((toast) => toast.message)).toContain('You are yourself again.');
  });

  it('a failed return still ends on the front page (the session is gone) without a success toast', async () => {
    vi.spyOn(api, 'impersonateLeave').mockRejectedValue(new Error('Unable to return to yourself.'));
    const router = renderBanner();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Return to yourself' }));
    });
    expect(router.state.location.pathname).toBe('/');
    expect(toastStore.get().filter((toast) => toast.icon === 'success')).toEqual([]);
  });
});
