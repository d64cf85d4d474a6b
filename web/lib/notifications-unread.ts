import { useSyncExternalStore } from 'react';
import { createStore } from './store';

/**
 * The signed-in person's unread notifications, for the top bar's bell: as tiny as the messenger's
 * count beside it (chat-unread.ts), and fed the same way: the root loader's count seeds it, the
 * socket (web/lib/realtime, after hydration) and the notifications page keep it current. Null
 * until one of them has said something.
 */
export const notificationsUnreadStore = createStore<number | null>(null);

export function setNotificationsUnread(count: number | null): void {
  if (notificationsUnreadStore.get() !== count) notificationsUnreadStore.set(count === null ? null : Math.max(0, count));
}

/** The bell's number: the live count once known, the server's for this page before that. */
export function useNotificationsUnread(seed: number | null): number {
  return useSyncExternalStore(
    notificationsUnreadStore.subscribe,
    () => notificationsUnreadStore.get() ?? seed ?? 0,
    () => seed ?? 0,
  );
}
