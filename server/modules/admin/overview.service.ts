import { can, isStaff } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import { TIME_ZONE } from '../../../common/locales.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { DayCount, OverviewRepo } from './overview.repo.ts';

/** How many days the activity chart covers, today included. */
export const OVERVIEW_DAYS = 14;

const dayFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TIME_ZONE });

/** The last `count` calendar days in Finnish time, oldest first, ending with the day `now` falls on. */
export function lastDays(now: Date, count: number): string[] {
  const today = dayFormat.format(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 1, d - (count - 1 - i))).toISOString().slice(0, 10));
}

function zeroFilled(days: string[], counts: DayCount[]): number[] {
  const byDay = new Map(counts.map((row) => [row.day, row.n]));
  return days.map((day) => byDay.get(day) ?? 0);
}

export interface Overview {
  queues: { ads_to_review?: number; open_reports?: number };
  activity?: {
    days: { date: string; users: number; ads: number }[];
    totals: { users: number; ads: number; active_ads: number; new_users: number; new_ads: number };
  };
}

/**
 * The admin area's front page (issue 14): the queues waiting for staff and the site's activity.
 * Anyone holding a staff permission may ask; each part is answered only to those whose work it is
 * (ads to review for ads.moderate, open reports for reports.handle, activity for admin.access).
 */
export function createOverviewService(deps: { repo: OverviewRepo; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  /** The queues the person works on, counted; the others are left out. */
  async function queues(current: CurrentUser): Promise<Overview['queues']> {
    if (!isStaff(current)) throw new AppError('forbidden');
    const [adsToReview, openReports] = await Promise.all([
      can(current, 'ads.moderate') ? repo.adsToReview() : undefined,
      can(current, 'reports.handle') ? repo.openReports() : undefined,
    ]);
    return {
      ...(adsToReview === undefined ? {} : { ads_to_review: adsToReview }),
      ...(openReports === undefined ? {} : { open_reports: openReports }),
    };
  }

  return {
    /** The menu's badges (GET /api/admin/queues): two counts, cheap enough to ask whenever the menu opens. */
    queues,

    async overview(current: CurrentUser): Promise<Overview> {
      const days = lastDays(now(), OVERVIEW_DAYS);
      const [queueCounts, activity] = await Promise.all([
        queues(current),
        can(current, 'admin.access') ? Promise.all([repo.newUsersPerDay(days[0]!), repo.newAdsPerDay(days[0]!), repo.totals()]) : undefined,
      ]);
      const overview: Overview = { queues: queueCounts };
      if (activity) {
        const [usersPerDay, adsPerDay, totals] = activity;
        const newUsers = zeroFilled(days, usersPerDay);
        const newAds = zeroFilled(days, adsPerDay);
        overview.activity = {
          days: days.map((date, i) => ({ date, users: newUsers[i]!, ads: newAds[i]! })),
          totals: {
            users: totals.users,
            ads: totals.ads,
            active_ads: totals.activeAds,
            new_users: newUsers.reduce((a, b) => a + b, 0),
            new_ads: newAds.reduce((a, b) => a + b, 0),
          },
        };
      }
      return overview;
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
