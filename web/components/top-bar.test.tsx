// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../server/load-context';
import en from '../i18n/en.json';
import { api } from '../lib/api-client';
import { unreadStore } from '../lib/chat-unread';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { TopBar } from './top-bar';

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

function renderBar(signedIn: boolean, unreadMessages: number | null) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <TopBar siteName="Kauppis" user={signedIn ? user : null} theme={undefined} unreadMessages={unreadMessages} onMenu={() => {}} />
      ),
    },
  ]);
  return render(
    <I18nProvider i18n={i18n}>
      <Stub />
    </I18nProvider>,
  );
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(api, 'userWishesList').mockResolvedValue({ data: [] });
  unreadStore.set(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the messenger button of the top bar', () => {
  it('shows the unread count from the server at once, says it in its label, and follows the socket', async () => {
    renderBar(true, 3);
    const button = await screen.findByRole('link', { name: 'Messages, unread: 3' });
    expect(button.getAttribute('href')).toBe('/messenger');
    expect(button.textContent).toBe('3');
    // The socket is opened for the signed-in person after hydration, and its counts take over.
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(FakeSocket.all[0]!.url).toMatch(/\/ws$/);
    act(() => FakeSocket.all[0]!.onmessage?.({ data: JSON.stringify({ type: 'unread', unread_total: 120 }) }));
    expect(screen.getByRole('link', { name: 'Messages, unread: 120' }).textContent).toBe('99+');
    act(() => FakeSocket.all[0]!.onmessage?.({ data: JSON.stringify({ type: 'unread', unread_total: 0 }) }));
    expect(screen.getByRole('link', { name: 'Messages' }).textContent).toBe('');
  });

  it('closes the socket when the person signs out', async () => {
    const view = renderBar(true, 0);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    view.unmount();
    expect(FakeSocket.all[0]!.readyState).toBe(3);
  });

  it('is not there for visitors, who never load the socket', async () => {
    renderBar(false, null);
    await screen.findByRole('link', { name: 'Kauppis – to the front page' });
    expect(screen.queryByRole('link', { name: /Messages/ })).toBeNull();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(FakeSocket.all).toHaveLength(0);
  });
});

describe('the post-an-ad button of the top bar', () => {
  it('leads a signed-in person to the new-ad form, its visible text in its name', async () => {
    renderBar(true, 0);
    const button = await screen.findByRole('link', { name: 'Post an ad' });
    expect(button.getAttribute('href')).toBe('/new-ad');
    expect(button.textContent).toBe('Post an ad');
  });

  it('leads a visitor to log in first, then to the form', async () => {
    renderBar(false, null);
    const button = await screen.findByRole('link', { name: 'Post an ad' });
    expect(button.getAttribute('href')).toBe('/login?redirectTo=%2Fnew-ad');
  });
});
