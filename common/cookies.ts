/** Names of the cookies the server sets and the pages read. */

/** The session token (httpOnly). */
export const SESSION_COOKIE = 'session';
/** The CSRF token a page echoes in X-XSRF-TOKEN. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The pending second step of a log-in with two-factor authentication (httpOnly, signed). */
export const TWO_FACTOR_COOKIE = 'two_factor_challenge';
/** State and PKCE verifier of a Google sign-in under way (httpOnly, signed). */
export const OAUTH_STATE_COOKIE = 'oauth_state';
/** State, nonce and PKCE verifier of a strong identification under way (httpOnly, sealed; only /api/identity sees it). */
export const IDENTITY_STATE_COOKIE = 'identity_state';
/** The visitor's language, for the server renderer. */
export const LOCALE_COOKIE = 'lang';
/** A visitor's theme choice; a signed-in person's lives in their account. */
export const THEME_COOKIE = 'theme';
/** The cookie-banner answer. */
export const CONSENT_COOKIE = 'consent';
/** Cards or list in the search results. */
export const VIEW_COOKIE = 'view';
/** When this browser last wrote (ms), for a while after: its reads go to the primary database, not the replica (httpOnly). */
export const WROTE_COOKIE = 'wrote';
