/**
 * How long an ad is shown and when it may be renewed (issue 27, part 1): pure rules both sides
 * read. The period itself is an app setting (server/modules/settings); these are the fixed edges.
 */

export const DAY_MS = 86_400_000;

/** The app settings' periods when no one has set them: an ad runs 60 days from approval, a job ad 30. */
export const VALIDITY_DEFAULTS = { adValidityDays: 60, jobAdValidityDays: 30 } as const;
/** The range staff may set either period to. */
export const VALIDITY_LIMITS = {
  adValidityDays: { minimum: 7, maximum: 365 },
  jobAdValidityDays: { minimum: 7, maximum: 365 },
} as const;

/** The owner is reminded this many days before the end. */
export const REMIND_DAYS_BEFORE = 3;
/** An ad may be renewed in its last this-many days… */
export const RENEW_WINDOW_DAYS = 7;
/** …and for this many days after it ended; later, and ended and sold ads are archived. */
export const RENEW_AFTER_END_DAYS = 90;
export const ARCHIVE_AFTER_DAYS = 90;

/** An ad as the rules need to see it (the API's field names). */
export interface ValidityFacts {
  status: string;
  expires_at: string | null;
  archived_at?: string | null;
}

/** Has the shown ad's time run out? Only an active ad ends: a reserved one stays findable. */
export function hasEnded(ad: ValidityFacts, now: Date): boolean {
  return ad.status === 'active' && ad.expires_at !== null && Date.parse(ad.expires_at) <= now.getTime();
}

/** Where the renewal stands: too early, allowed, or too late (ended more than 90 days ago, or archived). */
export function renewalWindow(expiresAt: Date, now: Date): 'too_early' | 'open' | 'too_late' {
  const left = expiresAt.getTime() - now.getTime();
  if (left > RENEW_WINDOW_DAYS * DAY_MS) return 'too_early';
  if (-left > RENEW_AFTER_END_DAYS * DAY_MS) return 'too_late';
  return 'open';
}

/** The showcase's groups (issue 27): active, ending soon (its last 7 days), ended, sold; `other` for the rest. */
export type ValidityGroup = 'active' | 'ending' | 'expired' | 'sold' | 'other';

export function validityGroup(ad: ValidityFacts, now: Date): ValidityGroup {
  if (ad.status === 'sold') return 'sold';
  if (ad.status === 'reserved') return 'active';
  if (ad.status !== 'active') return 'other';
  if (ad.expires_at === null) return 'active';
  if (hasEnded(ad, now)) return 'expired';
  return renewalWindow(new Date(ad.expires_at), now) === 'open' ? 'ending' : 'active';
}

/** May the owner renew it now (the button shows)? An active ad in its last days or ended up to 90 days ago, not archived. */
export function mayRenewNow(ad: ValidityFacts, now: Date): boolean {
  return ad.status === 'active' && !ad.archived_at && ad.expires_at !== null && renewalWindow(new Date(ad.expires_at), now) === 'open';
}
