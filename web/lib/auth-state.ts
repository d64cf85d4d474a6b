import { forgetTheme } from './preferences';
import { clearWishList } from './wish-list';

/**
 * Keys of local storage that belong to the signed-in person rather than to the device. The user,
 * roles and token live on the server behind the httpOnly session cookie, which scripts never see;
 * what features keep beside it here (the wish list's ids) must not outlive the session.
 */
export const ACCOUNT_STORAGE_KEYS = ['wishes'] as const;

/**
 * Spec section 4: log-out clears the user, roles, token, theme, session storage and wish list;
 * registration clears the local auth state. Language and cookie consent stay: they are the device's.
 */
export function clearLocalAuthState(options: { theme?: boolean } = {}): void {
  try {
    for (const key of ACCOUNT_STORAGE_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept there either.
  }
  try {
    window.sessionStorage.clear();
  } catch {
    // As above.
  }
  if (options.theme) forgetTheme();
  // The badge and the hearts go blank at once, before the page goes home.
  clearWishList();
}
