import { useEffect } from 'react';
import { api } from './api-client';
import { dismissSignInToasts, showToast } from './toasts';
import { toggleWish } from './wish-list';

/**
 * What a visitor started before being sent to sign in, finished once they have: a heart pressed
 * while signed out is saved after the sign-in (and a registration, a two-factor step or a Google
 * round trip in the same tab), and the "log in to …" toast goes away. Kept in session storage:
 * this tab only, cleared at log-out, and forgotten after half an hour.
 */
const WISH_KEY = 'pending_wish';
export const INTENT_TTL_MS = 30 * 60 * 1000;

export function rememberWish(uuid: string, now = Date.now()): void {
  try {
    window.sessionStorage.setItem(WISH_KEY, JSON.stringify({ uuid, at: now }));
  } catch {
    // Storage disabled: the heart is simply not remembered.
  }
}

/** The remembered heart, if any and still fresh; it is forgotten as it is read. */
export function takeWish(now = Date.now()): string | null {
  try {
    const raw = window.sessionStorage.getItem(WISH_KEY);
    window.sessionStorage.removeItem(WISH_KEY);
    const value = JSON.parse(raw ?? 'null') as { uuid?: unknown; at?: unknown } | null;
    if (!value || typeof value.uuid !== 'string' || typeof value.at !== 'number' || now - value.at > INTENT_TTL_MS) return null;
    return value.uuid;
  } catch {
    return null;
  }
}

/** Saves the remembered heart on the list (added, never toggled off: it may be there already). */
export async function applyPendingWish(): Promise<void> {
  const uuid = takeWish();
  if (!uuid) return;
  try {
    const { data } = await api.userWishesList();
    if (data.includes(uuid)) return;
    const result = await toggleWish({ uuid });
    if (result) showToast({ icon: 'success', message: result.message });
  } catch {
    // The ad went away meanwhile, or the server said no: nothing was promised beyond trying.
  }
}

/** Run by the top bar: when someone is signed in, the sign-in prompts end and the pending heart is saved. */
export function useSignInIntents(userId: number | null): void {
  useEffect(() => {
    if (userId === null) return;
    dismissSignInToasts();
    void applyPendingWish();
  }, [userId]);
}
