// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../server/load-context';
import en from '../i18n/en.json';
import { api } from '../lib/api-client';
import { createI18n } from '../lib/i18n';
import { notificationsUnreadStore } from '../lib/notifications-unread';
import { I18nProvider } from '../lib/use-translation';
import { TopBar } from './top-bar';

const i18n = createI18n('en', { en });
const user: SessionUser = {
  id: 8,
  name: 'Maija Meikäläinen',
  email: 'maija@example.com',
  avatar: null,
  roles: ['user'],
  permissions: [],
  emailVerified: true,
  themeDark: false,
  impersonated: false,
};

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  bufferedAmount = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

function renderBar(signedIn: boolean, unreadNotifications: number | null) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <TopBar
          siteName="Kauppis"
          user={signedIn ? user : null}
          theme={undefined}
          unreadMessages={0}
          unreadNotifications={unreadNotifications}
          onMenu={() => {}}
        />
      ),
    },
  ]);
  return render(
    <I18nProvider i18n={i18n}>
      <Stub />
    </I18nProvider>,
  );
}

const deliver = (event: object) => act(() => FakeSocket.all[0]!.onmessage?.({ data: JSON.stringify(event) }));

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(api, 'userWishesList').mockResolvedValue({ data: [] });
  notificationsUnreadStore.set(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the notification bell of the top bar', () => {
  it('shows the server’s unread count at once, says it in its label, links to the centre, and follows the socket', async () => {
    renderBar(true, 4);
    const bell = await screen.findByRole('link', { name: 'Notifications, unread: 4' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bell.textContent).toBe('4');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    // The greeting carries the count, and each change after it comes as its own event.
    deliver({ type: 'ready', user_id: user.id, unread_total: 0, notifications_unread: 6 });
    expect(screen.getByRole('link', { name: 'Notifications, unread: 6' }).textContent).toBe('6');
    deliver({ type: 'notifications', unread: 100 });
    expect(screen.getByRole('link', { name: 'Notifications, unread: 100' }).textContent).toBe('99+');
    deliver({ type: 'notifications', unread: 0 });
    expect(screen.getByRole('link', { name: 'Notifications' }).textContent).toBe('');
  });

  it('sits right after the messenger button in the focus order', async () => {
    renderBar(true, 0);
    const links = await screen.findAllByRole('link');
    const names = links.map((link) => link.getAttribute('aria-label') ?? link.textContent);
    expect(names.indexOf('Notifications')).toBe(names.indexOf('Messages') + 1);
  });

  it('is not there for visitors', async () => {
    renderBar(false, null);
    await screen.findByRole('link', { name: 'Kauppis – to the front page' });
    expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();
  });
});
