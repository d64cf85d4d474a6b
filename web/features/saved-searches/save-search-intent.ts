import { INTENT_TTL_MS } from '../../lib/sign-in-intent';

// The same keeping as the wish heart's (web/lib/sign-in-intent.ts), here so that only results pages load it.
/**
 * "Save search" pressed while signed out: the results page it was pressed on. Back there after
 * signing in, the save dialog opens (SaveSearchButton).
 */
const SAVED_SEARCH_KEY = 'pending_saved_search';

export function rememberSaveSearch(url: string, now = Date.now()): void {
  try {
    window.sessionStorage.setItem(SAVED_SEARCH_KEY, JSON.stringify({ url, at: now }));
  } catch {
    // Storage disabled: the person presses the button again after signing in.
  }
}

/** True when "Save search" was pressed on this very URL (and not too long ago); forgotten once found. */
export function takeSaveSearch(url: string, now = Date.now()): boolean {
  try {
    const raw = window.sessionStorage.getItem(SAVED_SEARCH_KEY);
    const value = JSON.parse(raw ?? 'null') as { url?: unknown; at?: unknown } | null;
    if (!value || typeof value.at !== 'number' || now - value.at > INTENT_TTL_MS) {
      window.sessionStorage.removeItem(SAVED_SEARCH_KEY);
      return false;
    }
    if (value.url !== url) return false;
    window.sessionStorage.removeItem(SAVED_SEARCH_KEY);
    return true;
  } catch {
    return false;
  }
}
