// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Outlet, createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../server/load-context';
import { DialogHost } from '../../../components/dialog-host';
import en from '../../../i18n/en.json';
import { ApiError, type SavedSearch, api } from '../../../lib/api-client';
import { dialogStore } from '../../../lib/dialogs';
import { createI18n } from '../../../lib/i18n';
import { toastStore } from '../../../lib/toasts';
import { I18nProvider } from '../../../lib/use-translation';
import { SaveSearchButton } from './save-search-button';

// The texts are all here already (the build's virtual modules are not part of a unit test).

const i18n = createI18n('en', { en });
const user: SessionUser = {
  id: 7,
  name: 'Maija Meikäläinen',
  email: 'maija@example.com',
  avatar: null,
  roles: ['user'],
  permissions: [],
  emailVerified: true,
  themeDark: false,
  impersonated: false,
};
const QUERY = { name: 'jopo', catalogs: [3], regions: [1], price_from: 50, kinds: ['sell' as const] };
const LISTING = {
  catalogs: [{ id: 2, name: 'Vehicles', children: [{ id: 3, name: 'Bikes' }] }],
  regions: [{ id: 1, name: 'Uusimaa' }],
  cities: [],
};
const SAVED: SavedSearch = {
  id: 11,
  name: '“jopo”, Bikes',
  query: QUERY,
  alerts: 'weekly',
  channels: ['email', 'push'],
  new_count: 0,
  new_count_capped: false,
  last_opened_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  url: '/catalogs/bikes?q=jopo',
};

function LoginPage() {
  const location = useLocation();
  return <p>login page {location.search}</p>;
}

function renderPage(signedIn: boolean) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ user: signedIn ? user : null }),
      HydrateFallback: () => null,
      Component: () => (
        <>
          <Outlet />
          <DialogHost />
        </>
      ),
      children: [
        { path: 'catalogs/bikes', Component: () => <SaveSearchButton query={QUERY} listing={LISTING} /> },
        { path: 'login', Component: LoginPage },
        { path: 'saved-searches', Component: () => <p>saved searches page</p> },
      ],
    },
  ]);
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={['/catalogs/bikes?q=jopo&region=1']} />
    </I18nProvider>,
  );
}

beforeEach(() => {
  window.sessionStorage.clear();
  dialogStore.set([]);
});
afterEach(() => {
  cleanup();
  toastStore.set([]);
  dialogStore.set([]);
  vi.restoreAllMocks();
});

describe('"Save search" on a results page', () => {
  it('signed in: opens the dialog with its first field focused and saves the listing’s filters as they stand', async () => {
    const create = vi.spyOn(api, 'createSavedSearch').mockResolvedValue({ data: SAVED, message: 'Search saved.' });
    renderPage(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Save search' }));
    // The dialog's code is imported on the first press: a busy machine may take more than a second.
    const dialog = await screen.findByRole('dialog', { name: 'Save search' }, { timeout: 10_000 });
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(name));
    // Empty, with the name the server would make suggested.
    expect(name.value).toBe('');
    expect(name.placeholder).toContain('“jopo”');
    expect(name.placeholder).toContain('Bikes');
    expect(name.placeholder).toContain('Uusimaa');
    expect((screen.getByLabelText('Tell me about new ads') as HTMLSelectElement).value).toBe('daily');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Push notification') as HTMLInputElement).checked).toBe(false);

    fireEvent.change(screen.getByLabelText('Tell me about new ads'), { target: { value: 'weekly' } });
    fireEvent.click(screen.getByLabelText('Push notification'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(create).toHaveBeenCalledOnce());
    expect(create).toHaveBeenCalledWith({ query: QUERY, alerts: 'weekly', channels: ['email', 'push'] });
    await waitFor(() => expect(toastStore.get().map((t) => t.message)).toContain('Search saved.'));
    const toast = toastStore.get().find((t) => t.message === 'Search saved.')!;
    expect(toast.button?.label).toBe('View searches');
    expect(dialog).toBeTruthy();
  });

  it('shows the limit of 50 above the buttons and a refused name under its field, keeping what was typed', async () => {
    const create = vi
      .spyOn(api, 'createSavedSearch')
      .mockRejectedValueOnce(
        new ApiError('Check the highlighted fields.', 422, {
          message: 'Check the highlighted fields.',
          errors: { query: ['You can keep up to 50 saved searches. Delete one to save a new one.'] },
        }),
      )
      .mockRejectedValueOnce(
        new ApiError('Check the highlighted fields.', 422, { message: 'Check the highlighted fields.', errors: { name: ['Too long.'] } }),
      );
    renderPage(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Save search' }));
    await screen.findByRole('dialog', { name: 'Save search' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Jopot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You can keep up to 50 saved searches');
    expect(create).toHaveBeenCalledWith({ name: 'Jopot', query: QUERY, alerts: 'daily', channels: ['email'] });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Too long.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Jopot');
  });

  it('signed out: goes to log-in with redirectTo back to the results, remembering to open the dialog there', async () => {
    renderPage(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Save search' }));
    expect(await screen.findByText(`login page ?redirectTo=${encodeURIComponent('/catalogs/bikes?q=jopo&region=1')}`)).toBeTruthy();
    expect(toastStore.get().some((t) => t.message === 'Log in to save this search.' && t.untilSignIn)).toBe(true);
    expect(JSON.parse(window.sessionStorage.getItem('pending_saved_search')!).url).toBe('/catalogs/bikes?q=jopo&region=1');
  });

  it('back on the same results after logging in, the dialog opens by itself (once)', async () => {
    window.sessionStorage.setItem('pending_saved_search', JSON.stringify({ url: '/catalogs/bikes?q=jopo&region=1', at: Date.now() }));
    renderPage(true);
    expect(await screen.findByRole('dialog', { name: 'Save search' })).toBeTruthy();
    expect(window.sessionStorage.getItem('pending_saved_search')).toBeNull();
  });
});
