/**
 * Strong identification (issue 25), shared by the server and the pages: how the callback's outcome
 * reaches the settings page (`/settings/account?identity=…`), and the methods the site names.
 */
export const IDENTITY_OUTCOMES = ['verified', 'failed', 'cancelled', 'expired', 'unavailable'] as const;
export type IdentityOutcome = (typeof IDENTITY_OUTCOMES)[number];

/** The settings page that starts an identification and shows its outcome. */
export const IDENTITY_SETTINGS_PATH = '/settings/account';

/** Methods with a text of their own ("ftn": the broker named none); any other is shown as the broker named it. */
export const NAMED_IDENTITY_METHODS = ['bank', 'mobile', 'card', 'ftn'] as const;
