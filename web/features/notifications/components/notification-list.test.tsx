// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem, NotificationListReply } from '../../../../server/modules/notifications/notifications.schemas';
import en from '../../../i18n/en.json';
import fi from '../../../i18n/fi.json';
import { createI18n } from '../../../lib/i18n';
import { notificationsUnreadStore } from '../../../lib/notifications-unread';
import { toastStore } from '../../../lib/toasts';
import { I18nProvider } from '../../../lib/use-translation';
import { notificationsApi } from '../notifications-api';
import { NotificationList } from './notification-list';

const NOW = Date.parse('2026-11-27T12:00:00Z');

function item(overrides: Partial<NotificationItem> & Pick<NotificationItem, 'id' | 'kind' | 'data'>): NotificationItem {
  return { created_at: new Date(NOW - 5 * 60_000).toISOString(), read_at: null, url: null, ...overrides };
}

const SEARCH = item({
  id: 4,
  kind: 'saved_search',
  data: {
    search_id: 2,
    search_name: 'Sofas',
    count: 3,
    ad: { uuid: 'u-1', name: 'Red sofa', picture: 'https://kauppis.test/media/thumb.webp' },
  },
  url: '/?q=sofa',
});
const REJECTED = item({
  id: 3,
  kind: 'ad_rejected',
  data: { ad: { uuid: 'u-2', name: 'Bike' }, reason: 'No pictures' },
  url: '/my-showcase/edit/u-2',
  created_at: new Date(NOW - 3 * 3_600_000).toISOString(),
});
const REPORT = item({
  id: 2,
  kind: 'report_decided',
  data: { role: 'reporter', action: 'ban_user', subject: 'user', ad: null },
  read_at: new Date(NOW - 60_000).toISOString(),
});

function Target() {
  return <p>target {useLocation().pathname}</p>;
}

function renderPage(data: NotificationItem[], meta: Partial<NotificationListReply['meta']> = {}, locale: 'en' | 'fi' = 'en') {
  const list: NotificationListReply = {
    data,
    meta: { unread: data.filter((n) => n.read_at === null).length, total: data.length, page: 1, per_page: 20, next_before: null, ...meta },
  };
  const Stub = createRoutesStub([
    { path: '/notifications', Component: () => <NotificationList list={list} now={NOW} /> },
    { path: '*', Component: Target },
  ]);
  return render(
    <I18nProvider i18n={createI18n(locale, locale === 'en' ? { en } : { fi })}>
      <Stub initialEntries={['/notifications']} />
    </I18nProvider>,
  );
}

beforeEach(() => {
  notificationsUnreadStore.set(null);
  toastStore.set([]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the notifications page', () => {
  it('lists each notification with its text, time ago and link, unread ones marked', () => {
    renderPage([SEARCH, REJECTED, REPORT]);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const search = within(items[0]!).getByRole('link');
    expect(search.textContent).toBe('3 new ads for your saved search “Sofas”, the newest “Red sofa”');
    expect(search.getAttribute('href')).toBe('/?q=sofa');
    expect(items[0]!.textContent).toContain('Unread:');
    expect(items[0]!.textContent).toContain('5 min ago');
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toBe('https://kauppis.test/media/thumb.webp');
    expect(items[1]!.querySelector('img')).toBeNull();
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe('/my-showcase/edit/u-2');
    expect(items[1]!.textContent).toContain('Reason: No pictures');
    // A read one without a target: plain text, no unread mark, no button.
    expect(within(items[2]!).queryByRole('link')).toBeNull();
    expect(items[2]!.textContent).toContain('Your report (a member) was handled: the account was closed.');
    expect(items[2]!.textContent).not.toContain('Unread');
    expect(within(items[2]!).queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });

  it('speaks Finnish with Finnish quotation marks', () => {
    renderPage([item({ id: 1, kind: 'ad_approved', data: { ad: { uuid: 'u', name: 'Sohva' } } })], {}, 'fi');
    expect(screen.getByRole('listitem').textContent).toContain('Ilmoituksesi ”Sohva” hyväksyttiin');
  });

  it('marks one read when it is opened, and the bell follows', async () => {
    const mark = vi.spyOn(notificationsApi, 'markRead').mockResolvedValue({ data: { marked: 1, unread: 1 } });
    renderPage([SEARCH, REJECTED]);
    fireEvent.click(screen.getByRole('link', { name: /Red sofa/ }));
    expect(mark).toHaveBeenCalledWith({ ids: [4] });
    await screen.findByText('target /');
    await waitFor(() => expect(notificationsUnreadStore.get()).toBe(1));
  });

  it('marks one read with its button, and all at once with the header’s button', async () => {
    const mark = vi
      .spyOn(notificationsApi, 'markRead')
      .mockResolvedValueOnce({ data: { marked: 1, unread: 1 } })
      .mockResolvedValueOnce({ data: { marked: 1, unread: 0 } });
    renderPage([SEARCH, REJECTED]);
    const [first] = screen.getAllByRole('listitem');
    fireEvent.click(within(first!).getByRole('button', { name: 'Mark as read' }));
    expect(mark).toHaveBeenLastCalledWith({ ids: [4] });
    await waitFor(() => expect(within(first!).queryByRole('button', { name: 'Mark as read' })).toBeNull());
    expect(first!.textContent).not.toContain('Unread');

    const all = screen.getByRole('button', { name: 'Mark all as read' });
    fireEvent.click(all);
    expect(mark).toHaveBeenLastCalledWith({ all: true });
    await waitFor(() => expect(screen.queryAllByRole('button', { name: 'Mark as read' })).toHaveLength(0));
    expect(notificationsUnreadStore.get()).toBe(0);
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loads older ones below with the cursor', async () => {
    const older = item({
      id: 1,
      kind: 'ad_approved',
      data: { ad: { uuid: 'u-9', name: 'Old lamp' } },
      read_at: new Date(NOW).toISOString(),
    });
    const fetchOlder = vi.spyOn(notificationsApi, 'list').mockResolvedValue({
      data: [older],
      meta: { unread: 1, total: 2, page: 1, per_page: 20, next_before: null },
    });
    renderPage([SEARCH], { next_before: 4 });
    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(fetchOlder).toHaveBeenCalledWith(4);
    await screen.findByText(/Old lamp/);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('says so when there is nothing yet, and leads to the saved searches', () => {
    renderPage([]);
    expect(screen.getByText('No notifications yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Saved searches' }).getAttribute('href')).toBe('/saved-searches');
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('tells of a failure to mark read', async () => {
    vi.spyOn(notificationsApi, 'markRead').mockRejectedValue(new Error('offline'));
    renderPage([REJECTED]);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(toastStore.get().map((t) => t.message)).toContain('Could not mark as read. Please try again.'));
  });
});
