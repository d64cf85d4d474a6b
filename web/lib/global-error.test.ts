import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GLOBAL_ERROR_MS, globalErrorStore, setGlobalError } from './global-error';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe('global error', () => {
  it('is kept for 5 seconds (GLOBAL_ERROR_MS)', () => {
    expect(GLOBAL_ERROR_MS).toBe(5000);
  });

  it('keeps the message and clears it after 5000 ms, not before', () => {
    setGlobalError('Server error.');
    expect(globalErrorStore.get()).toBe('Server error.');
    vi.advanceTimersByTime(4999);
    expect(globalErrorStore.get()).toBe('Server error.');
    vi.advanceTimersByTime(1);
    expect(globalErrorStore.get()).toBeNull();
  });

  it('restarts the 5 seconds for a newer error', () => {
    setGlobalError('first');
    vi.advanceTimersByTime(3000);
    setGlobalError('second');
    vi.advanceTimersByTime(3000);
    expect(globalErrorStore.get()).toBe('second');
    vi.advanceTimersByTime(2000);
    expect(globalErrorStore.get()).toBeNull();
  });
});
