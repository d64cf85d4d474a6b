import { useEffect, useSyncExternalStore } from 'react';
import { createStore } from './store';

/**
 * The signed-in person's count of unread messages, for the top bar's badge. It is in every page's
 * first load, so it stays tiny: the root loader's count seeds it (right in the first HTML), and the
 * socket (web/lib/realtime, fetched after hydration and only for signed-in people) and the
 * conversation screens keep it current. Null until one of them has said something.
 */
export const unreadStore = createStore<number | null>(null);

export function setUnreadTotal(total: number): void {
  if (unreadStore.get() !== total) unreadStore.set(Math.max(0, total));
}

/** The badge's number: the live count once known, the server's for this page before that. */
export function useUnreadTotal(seed: number | null): number {
  return useSyncExternalStore(
    unreadStore.subscribe,
    () => unreadStore.get() ?? seed ?? 0,
    () => seed ?? 0,
  );
}

/**
 * Opens the realtime connection for a signed-in person once the page is interactive: the socket
 * code is its own chunk, downloaded only here, so visitors never load it. Signing out (null) closes it.
 */
export function useRealtime(userId: number | null): void {
  useEffect(() => {
    if (userId === null) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./realtime').then((realtime) => {
      if (!cancelled) stop = realtime.startRealtime(userId);
    });
    return () => {
      cancelled = true;
      stop?.();
      unreadStore.set(null);
    };
  }, [userId]);
}
