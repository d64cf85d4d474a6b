import { AppError } from '../../../common/errors.ts';
import type { Locale } from '../../../common/locales.ts';
import {
  type DealRole,
  RATING_REPLY_MAX,
  RATING_TEXT_MAX,
  RATINGS_PAGE_SIZE,
  publicFrom,
  ratingDeadline,
  roundAverage,
} from '../../../common/ratings.ts';
import { REPORT_DETAILS_MAX } from '../../../common/reports.ts';
import { hasControlCharacter } from '../../../common/text.ts';
import type { Transaction } from '../../db/client.ts';
import type { Throttle, ThrottleRule } from '../../platform/throttle.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { avatarUrl } from './deals.service.ts';
import type { RatingRow, RatingsRepo } from './ratings.repo.ts';
import type { RatingBody, RatingItem, RatingListReply, RatingReportBody, RatingSummary } from './ratings.schemas.ts';

/** The job that tells the rated person when a rating becomes public by age (the other side never rated). */
export const RATING_PUBLIC_JOB = 'rating-public';
/** Reports a person may send a day (the same budget as the messenger's reports). */
const REPORTS_PER_USER: ThrottleRule = { limit: 20, windowSeconds: 24 * 60 * 60 };

export interface RatingsDeps {
  repo: RatingsRepo;
  jobs: Pick<JobsService, 'register' | 'enqueue'>;
  throttle: Throttle;
  /** Whether the person has an ad the public can open (then they have a public page, ratings or not). */
  hasPublicAd: (userId: number) => Promise<boolean>;
  /** The notification centre: the rated person hears of a rating once it is public to them. */
  notify?: Notify;
  /** The clock (tests pass their own). */
  now?: (() => Date) | undefined;
}

/**
 * A visible text as every other one is kept: Unicode NFC, line ends as "\n", runs of spaces joined,
 * at most one empty line between paragraphs, trimmed; control characters refused (the request's
 * edge refuses what PostgreSQL cannot store before this runs).
 */
export function tidyText(field: string, value: string | undefined, max: number, required: boolean): string {
  const text = (value ?? '')
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (hasControlCharacter(text)) throw AppError.field(field, 'validation.control_characters');
  if (required && !text) throw AppError.field(field, 'validation.required');
  if (text.length > max) throw AppError.field(field, 'validation.max_length', { limit: max });
  return text;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * Ratings after a deal (issue 25, scope 1). Rules:
 * - each side rates the other once (1–5 stars and a text), within RATING_WINDOW_DAYS of the deal;
 *   nobody outside the deal; a second rating by the same side is a 409;
 * - a rating is public once both sides have rated or RATING_PUBLIC_AFTER_DAYS after it was given
 *   (read with the clock, never stored), so neither side answers the other's score; before that
 *   only its rater sees it; a rating staff hid is shown to nobody else;
 * - the rated person hears of it when it becomes public, and may answer it once;
 * - anyone signed in but its rater may report a public rating to staff (the reports module decides).
 */
export function createRatingsService(deps: RatingsDeps) {
  const { repo, jobs, throttle } = deps;
  const now = deps.now ?? (() => new Date());
  const noop = () => undefined;

  /** The rated person hears of the rating (in the caller's transaction; announce after commit). */
  async function tellRated(rating: RatingRow, subject: string, tx?: Transaction): Promise<() => void> {
    if (!deps.notify || rating.hiddenAt !== null) return noop;
    return deps.notify(
      rating.ratedId,
      'rating_received',
      {
        rating_id: rating.id,
        deal_id: rating.dealId,
        stars: rating.stars,
        subject,
        role: rating.raterRole === 'seller' ? 'buyer' : 'seller',
      },
      tx,
    );
  }

  // A rating the other side never answered becomes public by age: its rated person is told then.
  jobs.register(RATING_PUBLIC_JOB, async (payload) => {
    const rating = await repo.findRating(Number(payload.ratingId));
    if (!rating || rating.hiddenAt !== null) return;
    const [others, deal] = await Promise.all([repo.ratingsOfDeal(rating.dealId), repo.findDeal(rating.dealId)]);
    // The other side rated before this one's time came: both were told then.
    if (others.some((o) => o.id !== rating.id && o.createdAt < publicFrom(rating.createdAt))) return;
    await tellRated(rating, deal?.subject ?? '');
  });

  async function summary(userId: number): Promise<RatingSummary> {
    const { sum, count } = await repo.summaryOf(userId, now());
    return { average: roundAverage(sum, count), count };
  }

  return {
    summary,

    /** POST /deals/{id}/rating: my rating of the other side. Answers the new rating. */
    async rate(current: CurrentUser, dealId: number, body: RatingBody): Promise<RatingRow> {
      const deal = await repo.findDeal(dealId);
      if (!deal) throw new AppError('not_found');
      const role: DealRole | null = deal.sellerId === current.id ? 'seller' : deal.buyerId === current.id ? 'buyer' : null;
      if (!role) throw new AppError('forbidden', {}, { deal: [{ key: 'ratings.errors.not_in_deal' }] });
      const ratedId = role === 'seller' ? deal.buyerId : deal.sellerId;
      const text = tidyText('text', body.text, RATING_TEXT_MAX, false);
      const at = now();
      const existing = await repo.ratingsOfDeal(deal.id);
      if (existing.some((r) => r.raterRole === role)) {
        throw new AppError('duplicate', {}, { deal: [{ key: 'ratings.errors.already_rated' }] });
      }
      if (at >= ratingDeadline(deal.createdAt)) throw AppError.field('deal', 'ratings.errors.too_late');
      if (ratedId === null) throw AppError.field('deal', 'ratings.errors.other_gone');

      const { rating, announce } = await repo.transaction(async (tx) => {
        // The two sides rate one after the other: the second sees the first, and tells both.
        await repo.lockDeal(deal.id, tx);
        const rating = await repo.insertRating(
          { dealId: deal.id, raterId: current.id, ratedId, raterRole: role, stars: body.stars, text, createdAt: at },
          tx,
        );
        if (!rating) throw new AppError('duplicate', {}, { deal: [{ key: 'ratings.errors.already_rated' }] });
        const announce: Array<() => void> = [];
        const first = (await repo.ratingsOfDeal(deal.id, tx)).find((r) => r.id !== rating.id);
        if (first) {
          // Both have rated: this one is public at once, and so is the first unless its time came already.
          announce.push(await tellRated(rating, deal.subject, tx));
          if (publicFrom(first.createdAt) > at) announce.push(await tellRated(first, deal.subject, tx));
        } else {
          await jobs.enqueue(RATING_PUBLIC_JOB, { ratingId: rating.id }, { runAt: publicFrom(at), key: String(rating.id) }, tx);
        }
        return { rating, announce };
      });
      for (const done of announce) done();
      return rating;
    },

    /** POST /ratings/{id}/reply: the rated person's one answer to a public rating. */
    async reply(current: CurrentUser, id: number, value: string): Promise<void> {
      const rating = await repo.findRating(id);
      if (!rating || rating.hiddenAt !== null) throw new AppError('not_found');
      if (rating.ratedId !== current.id) throw new AppError('forbidden', {}, { text: [{ key: 'ratings.errors.not_yours' }] });
      if (!(await repo.isPublic(id, now()))) throw AppError.field('text', 'ratings.errors.not_public');
      if (rating.reply !== null) throw new AppError('duplicate', {}, { text: [{ key: 'ratings.errors.already_replied' }] });
      const text = tidyText('text', value, RATING_REPLY_MAX, true);
      if (!(await repo.setReply(id, text, now()))) {
        throw new AppError('duplicate', {}, { text: [{ key: 'ratings.errors.already_replied' }] });
      }
    },

    /**
     * GET /users/{id}/ratings: a person's public ratings, newest first. A person with neither a
     * public rating nor a public ad is unknown here (404), so accounts cannot be walked by id.
     */
    async list(current: CurrentUser | null, userId: number, page: number): Promise<RatingListReply> {
      const at = now();
      const [rows, totals] = await Promise.all([
        repo.listPublicOf(userId, at, RATINGS_PAGE_SIZE, (page - 1) * RATINGS_PAGE_SIZE),
        repo.summaryOf(userId, at),
      ]);
      if (totals.count === 0 && current?.id !== userId && !(await deps.hasPublicAd(userId))) throw new AppError('not_found');
      const lastPage = Math.max(1, Math.ceil(totals.count / RATINGS_PAGE_SIZE));
      const link = (n: number) => `/api/users/${userId}/ratings?page=${n}`;
      const data: RatingItem[] = rows.map(({ rating, raterName, raterAvatarKey, subject }) => ({
        id: rating.id,
        stars: rating.stars,
        text: rating.text,
        rater: raterName !== null ? { name: firstName(raterName), avatar: avatarUrl(raterAvatarKey) } : null,
        subject,
        role: rating.raterRole === 'seller' ? 'buyer' : 'seller',
        created_at: rating.createdAt.toISOString(),
        reply: rating.reply !== null && rating.repliedAt ? { text: rating.reply, created_at: rating.repliedAt.toISOString() } : null,
        may_reply: current?.id === rating.ratedId && rating.reply === null,
        may_report: !!current && current.id !== rating.raterId,
      }));
      return {
        data,
        summary: { average: roundAverage(totals.sum, totals.count), count: totals.count },
        meta: { current_page: page, last_page: lastPage, per_page: RATINGS_PAGE_SIZE, total: totals.count },
        links: {
          first: link(1),
          last: link(lastPage),
          prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
          next: page < lastPage ? link(page + 1) : null,
        },
      };
    },

    /** POST /ratings/{id}/report: to staff's reports queue. `created` false when I reported it already. */
    async report(current: CurrentUser, id: number, body: RatingReportBody, locale: Locale): Promise<'created' | 'already'> {
      const rating = await repo.findRating(id);
      if (!rating || !(await repo.isPublic(id, now()))) throw new AppError('not_found');
      if (rating.raterId === current.id) throw AppError.field('reason', 'ratings.errors.own_rating');
      const details = tidyText('details', body.details, REPORT_DETAILS_MAX, false) || null;
      await throttle.consume(`reports:${current.id}`, REPORTS_PER_USER);
      const created = await repo.insertReport({ ratingId: id, reporterId: current.id, reason: body.reason, details, locale });
      return created ? 'created' : 'already';
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
