/**
 * The filters of the public listing beside place, category and words: price range, kind of ad,
 * only with pictures, posted within. Shared by the API's schema and service, the page URL and the
 * filter panel, so a link, a form and an API call mean the same thing.
 */
import { AD_PRICE_MAX_CENTS, type FieldProblem } from './ad-rules.ts';

/** How recent an ad must be: a day, a week or a month (30 days). */
export const POSTED_WITHIN = ['day', 'week', 'month'] as const;
export type PostedWithin = (typeof POSTED_WITHIN)[number];
export const POSTED_WITHIN_DAYS: Readonly<Record<PostedWithin, number>> = { day: 1, week: 7, month: 30 };

export function isPostedWithin(value: unknown): value is PostedWithin {
  return typeof value === 'string' && (POSTED_WITHIN as readonly string[]).includes(value);
}

/** The highest price a filter may name, in euros: the highest price an ad may have. */
export const FILTER_PRICE_MAX = AD_PRICE_MAX_CENTS / 100;

/** A price range the other way round is a mistake to tell about, not a silent empty result. */
export function priceRangeProblem(fromEuros: number | undefined, toEuros: number | undefined): FieldProblem | undefined {
  if (fromEuros !== undefined && toEuros !== undefined && fromEuros > toEuros) return { key: 'search.price_range_inverted' };
  return undefined;
}

/** Euros as the filter's cents: whole cents, rounding what a float leaves over (12.3 → 1230). */
export function filterCents(euros: number): number {
  return Math.round(euros * 100);
}
