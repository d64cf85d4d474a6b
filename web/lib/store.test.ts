import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store';

describe('createStore', () => {
  it('gives the initial value', () => {
    expect(createStore(1).get()).toBe(1);
  });

  it('sets a value directly or from the previous one', () => {
    const store = createStore(1);
    store.set(5);
    expect(store.get()).toBe(5);
    store.set((n) => n + 1);
    expect(store.get()).toBe(6);
  });

  it('notifies subscribers on every set and stops after unsubscribe', () => {
    const store = createStore('a');
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set('b');
    store.set('c');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.set('d');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
