// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { INTENT_TTL_MS, applyPendingWish, rememberWish, takeWish } from './sign-in-intent';
import { dismissSignInToasts, showToast, toastStore } from './toasts';
import { wishListStore } from './wish-list';

beforeEach(() => {
  window.sessionStorage.clear();
  toastStore.set([]);
  wishListStore.set({ userId: 7, uuids: [] });
});
afterEach(() => vi.restoreAllMocks());

describe('the heart pressed while signed out', () => {
  it('is remembered once, and forgotten after half an hour', () => {
    rememberWish('ad-1', 1_000);
    expect(takeWish(2_000)).toBe('ad-1');
    expect(takeWish(2_000)).toBeNull();
    rememberWish('ad-2', 1_000);
    expect(takeWish(1_000 + INTENT_TTL_MS + 1)).toBeNull();
  });

  it('is saved on the list after signing in, with the usual toast', async () => {
    vi.spyOn(api, 'userWishesList').mockResolvedValue({ data: ['other'] });
    const toggle = vi
      .spyOn(api, 'updateUserWishes')
      .mockResolvedValue({ added: true, message: 'Added to your wish list.', data: { count: 1 } } as never);
    rememberWish('ad-1');
    await applyPendingWish();
    expect(toggle).toHaveBeenCalledWith('ad-1');
    expect(wishListStore.get().uuids).toContain('ad-1');
    expect(toastStore.get().map((t) => t.message)).toEqual(['Added to your wish list.']);
  });

  it('is not taken off again when the list already has it', async () => {
    vi.spyOn(api, 'userWishesList').mockResolvedValue({ data: ['ad-1'] });
    const toggle = vi.spyOn(api, 'updateUserWishes');
    rememberWish('ad-1');
    await applyPendingWish();
    expect(toggle).not.toHaveBeenCalled();
  });
});

describe('dismissSignInToasts', () => {
  it('closes the "log in to …" toasts and leaves the others', () => {
    showToast({ message: 'Log in to save ads to your wish list.', untilSignIn: true, timer: 60_000 });
    showToast({ message: 'Theme saved.' });
    dismissSignInToasts();
    expect(toastStore.get().map((t) => t.message)).toEqual(['Theme saved.']);
  });
});
