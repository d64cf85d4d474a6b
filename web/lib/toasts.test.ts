import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_MS, ERROR_TOAST_MS, dismissToast, showToast, toastStore } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
  toastStore.set([]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('uses the spec timers: 3000 ms by default, 5000 ms for errors', () => {
    expect(DEFAULT_TOAST_MS).toBe(3000);
    expect(ERROR_TOAST_MS).toBe(5000);
  });

  it('gives a new toast the default timer of 3000 ms, the top-end position and the info icon', () => {
    const id = showToast({ message: 'Hello' });
    expect(toastStore.get()).toEqual([{ id, icon: 'info', message: 'Hello', position: 'top-end', timer: 3000 }]);
  });

  it('keeps the options it is given', () => {
    const onPress = vi.fn();
    const id = showToast({ message: 'Oops', icon: 'error', position: 'bottom', timer: 5000, button: { label: 'Retry', onPress } });
    expect(toastStore.get()).toEqual([
      { id, icon: 'error', message: 'Oops', position: 'bottom', timer: 5000, button: { label: 'Retry', onPress } },
    ]);
  });

  it('gives every toast its own id', () => {
    const a = showToast({ message: 'a' });
    const b = showToast({ message: 'b' });
    expect(a).not.toBe(b);
    expect(toastStore.get().map((t) => t.message)).toEqual(['a', 'b']);
  });

  it('closes a toast by itself after its default timer, not before', () => {
    showToast({ message: 'Bye' });
    vi.advanceTimersByTime(2999);
    expect(toastStore.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.get()).toEqual([]);
  });

  it('closes a toast by itself after a custom timer', () => {
    showToast({ message: 'Theme saved.', timer: 2000 });
    showToast({ message: 'Error', timer: 5000 });
    vi.advanceTimersByTime(2000);
    expect(toastStore.get().map((t) => t.message)).toEqual(['Error']);
    vi.advanceTimersByTime(3000);
    expect(toastStore.get()).toEqual([]);
  });

  it('keeps a toast with timer 0 until it is closed', () => {
    const id = showToast({ message: 'Sticky', timer: 0 });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(toastStore.get().map((t) => t.id)).toEqual([id]);
    dismissToast(id);
    expect(toastStore.get()).toEqual([]);
  });

  it('removes a toast at once with dismissToast and leaves the others', () => {
    const a = showToast({ message: 'a' });
    const b = showToast({ message: 'b' });
    dismissToast(a);
    expect(toastStore.get().map((t) => t.id)).toEqual([b]);
  });

  it('cancels the timer of a dismissed toast', () => {
    const id = showToast({ message: 'a' });
    dismissToast(id);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores dismissing a toast that is not there', () => {
    showToast({ message: 'a' });
    dismissToast(987654);
    expect(toastStore.get()).toHaveLength(1);
  });

  it('notifies store subscribers when a toast comes and goes', () => {
    const listener = vi.fn();
    const unsubscribe = toastStore.subscribe(listener);
    showToast({ message: 'a' });
    vi.advanceTimersByTime(DEFAULT_TOAST_MS);
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
