// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';
import { clearLocalAuthState } from './auth-state';
import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import {
  ServerWishList,
  WISH_STORAGE_KEY,
  clearWishList,
  isWished,
  replaceWishList,
  syncWishList,
  toggleWish,
  useWishCount,
  useWishListSync,
  wishListStore,
} from './wish-list';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const toggleReply = (uuid: string, added: boolean, count: number) => ({
  added,
  message: added ? 'Added to your wish list.' : 'Removed from your wish list.',
  data: { id: 1, uuid, count },
});

beforeEach(() => {
  clearWishList();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('loading the wish list', () => {
  it('fetches the uuids once a session, keeps them on the device, and starts from them on the next page', async () => {
    const list = vi.spyOn(api, 'userWishesList').mockResolvedValue({ data: [A, B] });
    await syncWishList(7);
    expect(wishListStore.get()).toEqual({ userId: 7, uuids: [A, B] });
    expect(JSON.parse(window.localStorage.getItem(WISH_STORAGE_KEY)!)).toEqual({ userId: 7, uuids: [A, B] });
    await syncWishList(7);
    // A new page load in the same tab: the store is empty, the cache answers, no second request.
    wishListStore.set({ userId: null, uuids: [] });
    await syncWishList(7);
    expect(wishListStore.get().uuids).toEqual([A, B]);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it("never shows another user's cached list", async () => {
    vi.spyOn(api, 'userWishesList').mockResolvedValue({ data: [C] });
    replaceWishList(7, [A, B]);
    wishListStore.set({ userId: null, uuids: [] });
    const loading = syncWishList(8);
    expect(wishListStore.get()).toEqual({ userId: 8, uuids: [] });
    await loading;
    expect(wishListStore.get()).toEqual({ userId: 8, uuids: [C] });
  });

  it('is empty for visitors', async () => {
    replaceWishList(7, [A]);
    await syncWishList(null);
    expect(wishListStore.get()).toEqual({ userId: null, uuids: [] });
    expect(window.localStorage.getItem(WISH_STORAGE_KEY)).toBeNull();
  });

  it('keeps a heart tapped while the list is loading', async () => {
    const answer = deferred<{ data: string[] }>();
    vi.spyOn(api, 'userWishesList').mockReturnValue(answer.promise);
    vi.spyOn(api, 'updateUserWishes').mockResolvedValue(toggleReply(C, true, 2));
    const loading = syncWishList(7);
    await toggleWish({ uuid: C });
    answer.resolve({ data: [A] });
    await loading;
    expect(wishListStore.get().uuids).toEqual([C, A]);
  });
});

describe('toggling', () => {
  it('flips the heart before the server answers, then settles on the answer', async () => {
    replaceWishList(7, [A]);
    const answer = deferred<ReturnType<typeof toggleReply>>();
    vi.spyOn(api, 'updateUserWishes').mockReturnValue(answer.promise);
    const toggling = toggleWish({ uuid: B });
    expect(wishListStore.get().uuids).toEqual([B, A]);
    answer.resolve(toggleReply(B, true, 2));
    expect(await toggling).toEqual({ added: true, message: 'Added to your wish list.' });
    expect(isWished(B)).toBe(true);
  });

  it('puts the heart back when the server refuses, and passes the error on', async () => {
    replaceWishList(7, [A]);
    vi.spyOn(api, 'updateUserWishes').mockRejectedValue(new ApiError('Too many', 429, undefined));
    await expect(toggleWish({ uuid: A })).rejects.toThrow('Too many');
    expect(wishListStore.get().uuids).toEqual([A]);
  });

  it('ignores a second tap while the first is on its way', async () => {
    replaceWishList(7, []);
    const answer = deferred<ReturnType<typeof toggleReply>>();
    const update = vi.spyOn(api, 'updateUserWishes').mockReturnValue(answer.promise);
    const first = toggleWish({ uuid: A });
    expect(await toggleWish({ uuid: A })).toBeUndefined();
    answer.resolve(toggleReply(A, true, 1));
    await first;
    expect(update).toHaveBeenCalledTimes(1);
    expect(wishListStore.get().uuids).toEqual([A]);
  });

  it('reloads the list when the count the server gives disagrees (changed on another device)', async () => {
    replaceWishList(7, []);
    vi.spyOn(api, 'updateUserWishes').mockResolvedValue(toggleReply(A, true, 3));
    const list = vi.spyOn(api, 'userWishesList').mockResolvedValue({ data: [A, B, C] });
    await toggleWish({ uuid: A });
    await vi.waitFor(() => expect(wishListStore.get().uuids).toEqual([A, B, C]));
    expect(list).toHaveBeenCalledTimes(1);
  });
});

describe('log-out', () => {
  it('clears the list in memory and on the device', () => {
    replaceWishList(7, [A, B]);
    window.sessionStorage.setItem('wishes_synced', '7');
    clearLocalAuthState({ theme: true });
    expect(wishListStore.get()).toEqual({ userId: null, uuids: [] });
    expect(window.localStorage.getItem(WISH_STORAGE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem('wishes_synced')).toBeNull();
  });
});

describe('the list the server sent with the page', () => {
  function Badge({ userId }: { userId: number | null }) {
    useWishListSync(userId);
    return <span data-testid="count">{useWishCount()}</span>;
  }
  const withSeed = (seed: readonly string[] | null, userId: number | null) => (
    <ServerWishList.Provider value={seed}>
      <Badge userId={userId} />
    </ServerWishList.Provider>
  );

  it('renders on the server from the seed, never from the shared store', () => {
    replaceWishList(99, [C]);
    clearWishList();
    expect(renderToString(withSeed([A, B], 7))).toContain('>2<');
    expect(renderToString(withSeed(null, null))).toContain('>0<');
  });

  it('takes the seed as this tab’s fetch in the browser: no request, the count stays put', async () => {
    const list = vi.spyOn(api, 'userWishesList').mockResolvedValue({ data: [] });
    render(withSeed([A, B], 7));
    expect(screen.getByTestId('count').textContent).toBe('2');
    await waitFor(() => expect(wishListStore.get()).toEqual({ userId: 7, uuids: [A, B] }));
    expect(list).not.toHaveBeenCalled();
    expect(JSON.parse(window.localStorage.getItem(WISH_STORAGE_KEY)!)).toEqual({ userId: 7, uuids: [A, B] });
  });
});
