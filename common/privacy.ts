/**
 * Download my data and consent records (issue 27, parts 2 and 3): values both sides use.
 */

/** How long an export's link works (and its file is kept) after it is ready. */
export const EXPORT_VALID_DAYS = 7;
/** One export a day: a second request within this many hours of the last one is refused (429). */
export const EXPORT_INTERVAL_HOURS = 24;

export const EXPORT_STATUSES = ['pending', 'ready', 'failed', 'deleted'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The answers of the cookie banner: every optional category granted, or only the necessary. */
export const CONSENT_CHOICES = ['granted', 'denied'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** Retention periods of the daily housekeeping (documented in the privacy policy and the README). */
export const RETENTION_DAYS = {
  /** Mail files written in embedded mode (DATA_DIR/mail) and log files (DATA_DIR/logs). */
  mailAndLogs: 30,
  /** Sessions whose end (expiry) is this long past. */
  endedSessions: 90,
} as const;

/** The cookie the device keeps the privacy-policy version of its consent answer in. */
export const CONSENT_VERSION_COOKIE = 'consent_version';
