// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Outlet, createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../server/load-context';
import en from '../i18n/en.json';
import { ApiError, api } from '../lib/api-client';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { toastStore } from '../lib/toasts';
import { clearWishList, wishListStore } from '../lib/wish-list';
import { TopBar } from './top-bar';
import { WishButton } from './wish-button';

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
const BIKE = { id: 1, uuid: '11111111-1111-4111-8111-111111111111', name: 'Helkama Jopo' };
const SOFA = { id: 2, uuid: '22222222-2222-4222-8222-222222222222', name: 'Sohva' };

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
          <TopBar siteName="Kauppis" user={signedIn ? user : null} theme={undefined} onMenu={() => {}} />
          <Outlet />
        </>
      ),
      children: [
        {
          path: 'catalogs/bikes',
          Component: () => (
            <>
              <WishButton product={BIKE} />
              <WishButton product={SOFA} />
            </>
          ),
        },
        { path: 'login', Component: LoginPage },
      ],
    },
  ]);
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={['/catalogs/bikes?page=2']} />
    </I18nProvider>,
  );
}

beforeEach(() => {
  clearWishList();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  toastStore.set([]);
  vi.restoreAllMocks();
});

describe('hearts and the wish-list badge', () => {
  it('loads the list for the top bar, presses the wished hearts and counts them on the badge', async () => {
    vi.spyOn(api, 'userWishesList').mockResolvedValue({ data: [SOFA.uuid] });
    renderPage(true);
    expect(await screen.findByRole('link', { name: 'Wish list, saved ads: 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save to wish list: Sohva' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save to wish list: Helkama Jopo' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('updates the badge at once on a tap, toasts the answer, and takes the heart back on failure', async () => {
    vi.spyOn(api, 'userWishesList').mockResolvedValue({ data: [] });
    let answer!: (value: Awaited<ReturnType<typeof api.updateUserWishes>>) => void;
    vi.spyOn(api, 'updateUserWishes').mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderPage(true);
    // The hearts as they are after the list has loaded (each step reads them afresh: a render
    // may replace the element a query found before it).
    const bike = () => screen.getByRole('button', { name: 'Save to wish list: Helkama Jopo' });
    await screen.findByRole('button', { name: 'Save to wish list: Helkama Jopo' });
    await waitFor(() => expect(wishListStore.get().userId).toBe(user.id));
    await act(async () => fireEvent.click(bike()));
    expect(bike().getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Wish list, saved ads: 1' }).textContent).toBe('1');
    await act(async () => answer({ added: true, message: 'Added to your wish list.', data: { id: 1, uuid: BIKE.uuid, count: 1 } }));
    expect(toastStore.get().map((t) => [t.icon, t.message])).toEqual([['success', 'Added to your wish list.']]);

    vi.spyOn(api, 'updateUserWishes').mockRejectedValueOnce(
      new ApiError('The given data was invalid.', 422, { errors: { product_id: ['This ad is no longer for sale.'] } }),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save to wish list: Sohva' })));
    expect(screen.getByRole('button', { name: 'Save to wish list: Sohva' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('link', { name: 'Wish list, saved ads: 1' })).toBeTruthy();
    expect(toastStore.get().at(-1)).toMatchObject({ icon: 'error', message: 'This ad is no longer for sale.' });
    expect(wishListStore.get().uuids).toEqual([BIKE.uuid]);
  });

  it('sends a visitor to log-in and back to the same page', async () => {
    const update = vi.spyOn(api, 'updateUserWishes');
    renderPage(false);
    const heart = await screen.findByRole('button', { name: 'Save to wish list: Helkama Jopo' });
    expect(screen.queryByRole('link', { name: /Wish list/ })).toBeNull();
    await act(async () => fireEvent.click(heart));
    expect(await screen.findByText(`login page ?redirectTo=${encodeURIComponent('/catalogs/bikes?page=2')}`)).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
    expect(toastStore.get().at(-1)).toMatchObject({ icon: 'info', message: 'Log in to save ads to your wish list.' });
  });
});
