import { describe, expect, it, vi } from 'vitest';

describe('waiting for all the texts', () => {
  it('resolves at once where the page loaded them all (nothing deferred)', async () => {
    const { allMessagesLoaded } = await import('./messages-loaded');
    await expect(allMessagesLoaded()).resolves.toBeUndefined();
  });

  it('starts the deferred fetch of the rest when first waited for, once, and resolves when it arrives', async () => {
    vi.resetModules();
    const { allMessagesLoaded, deferRestMessages, startRestMessages } = await import('./messages-loaded');
    let arrive!: () => void;
    const fetchRest = vi.fn(() => new Promise<void>((resolve) => (arrive = resolve)));
    deferRestMessages(fetchRest);
    expect(fetchRest).not.toHaveBeenCalled();

    let done = false;
    const waiting = allMessagesLoaded().then(() => (done = true));
    void startRestMessages();
    void allMessagesLoaded();
    expect(fetchRest).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(done).toBe(false);
    arrive();
    await waiting;
    expect(done).toBe(true);
  });
});
