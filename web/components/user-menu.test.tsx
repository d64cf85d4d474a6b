// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../server/load-context';
import en from '../i18n/en.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { THEME_KEY } from '../lib/preferences';
import { toastStore } from '../lib/toasts';
import { UserMenu } from './user-menu';

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

function renderMenu(logout = vi.fn(() => null)) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <UserMenu user={user} /> },
    { path: '/logout', action: logout, Component: () => null },
  ]);
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={['/']} />
    </I18nProvider>,
  );
  return logout;
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  toastStore.set([]);
});

describe('UserMenu', () => {
  it('opens the spec’s entries, saved searches and my deals, the account one leading to the profile', async () => {
    renderMenu();
    const trigger = await screen.findByRole('button', { name: 'Your account' });
    expect(trigger.textContent).toBe('M');
    await act(async () => fireEvent.click(trigger));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Account',
      'My wish list',
      'Saved searches',
      'Messages',
      'Notifications',
      'Create new ad',
      'My showcase',
      'My deals',
      'Log out',
    ]);
    expect(items[0]!.getAttribute('href')).toBe('/settings/profile');
    expect(items[2]!.getAttribute('href')).toBe('/saved-searches');
    expect(items[4]!.getAttribute('href')).toBe('/notifications');
    expect(items[6]!.getAttribute('href')).toBe('/my-showcase');
    expect(items[7]!.getAttribute('href')).toBe('/deals');
    expect(screen.getByText('maija@example.com')).toBeTruthy();
  });

  it('logs out: clears session storage, the wish list and the theme on the device, then posts to /logout', async () => {
    window.sessionStorage.setItem('draft', 'x');
    window.localStorage.setItem('wishes', '[1,2]');
    window.localStorage.setItem(THEME_KEY, 'dark');
    window.localStorage.setItem('lang', 'en');
    const logout = renderMenu();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Your account' })));
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' })));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.getItem('wishes')).toBeNull();
    expect(window.localStorage.getItem(THEME_KEY)).toBeNull();
    // The language is the device's, not the account's.
    expect(window.localStorage.getItem('lang')).toBe('en');
    await waitFor(() => expect(toastStore.get().map((t) => t.message)).toContain('You have logged out.'));
  });
});

describe('LazyUserMenu', () => {
  it('is a plain button until pressed, then loads the menu and opens it', async () => {
    const { LazyUserMenu } = await import('./lazy-user-menu');
    const Stub = createRoutesStub([{ path: '/', Component: () => <LazyUserMenu user={user} /> }]);
    render(
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={['/']} />
      </I18nProvider>,
    );
    const button = await screen.findByRole('button', { name: 'Your account' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();
    await act(async () => fireEvent.click(button));
    expect(await screen.findByRole('menu', { name: 'Your account' })).toBeTruthy();
    expect(screen.getAllByRole('menuitem')).toHaveLength(9);
  });
});
