/**
 * Deals and ratings (issue 25, scope 1): the rules both sides need. A seller marks an ad sold (or
 * given away) to one of the people who wrote about it; then each side may rate the other once.
 */

/** Each side may rate the other this long after the deal. */
export const RATING_WINDOW_DAYS = 30;
/** A rating is public once both sides have rated, or this long after it was given. */
export const RATING_PUBLIC_AFTER_DAYS = 14;
export const RATING_STARS_MIN = 1;
export const RATING_STARS_MAX = 5;
export const RATING_TEXT_MAX = 1_000;
export const RATING_REPLY_MAX = 1_000;
/** A person's ratings, newest first, this many a page. */
export const RATINGS_PAGE_SIZE = 10;
/** My deals, this many a page. */
export const DEALS_PAGE_SIZE = 20;

/** A side of a deal. */
export const DEAL_ROLES = ['seller', 'buyer'] as const;
export type DealRole = (typeof DEAL_ROLES)[number];

/** Why someone reports a rating (a subset of the reports' reasons, translated as `ratings.report_reasons.<reason>`). */
export const RATING_REPORT_REASONS = ['offensive', 'spam', 'scam', 'other'] as const;
export type RatingReportReason = (typeof RATING_REPORT_REASONS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when a side may rate a deal made at `dealAt`. */
export function ratingDeadline(dealAt: Date): Date {
  return new Date(dealAt.getTime() + RATING_WINDOW_DAYS * DAY_MS);
}

/** When a rating given at `givenAt` becomes public even if the other side never rates. */
export function publicFrom(givenAt: Date): Date {
  return new Date(givenAt.getTime() + RATING_PUBLIC_AFTER_DAYS * DAY_MS);
}

/** The average as shown: one decimal, rounded half up (4.65 → 4.7); null without ratings. */
export function roundAverage(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10 + Number.EPSILON) / 10;
}

/** "4,7" in Finnish, "4.7" in English: the average with exactly one decimal, in the reader's locale. */
export function formatAverage(average: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
}
