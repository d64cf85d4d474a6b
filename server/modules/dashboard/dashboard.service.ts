import type { Static } from 'typebox';
import { can } from '../../../common/access.ts';
import { AD_STATUSES, type AdStatus } from '../../../common/ad-rules.ts';
import type { Storage } from '../../platform/storage.ts';
import { toPicture } from '../ads/ads.presenter.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { DashboardRepo } from './dashboard.repo.ts';
import type { DashboardReply } from './dashboard.schemas.ts';

export const DASHBOARD_ADS_PAGE_SIZE = 10;

export interface DashboardDeps {
  repo: DashboardRepo;
  storage: Storage;
  /** The person's unread messages, as the messenger counts them. */
  unreadTotal: (current: CurrentUser) => Promise<number>;
}

/**
 * The signed-in person's dashboard (spec: /dashboard; issue 14, scope 9): their ads counted by
 * status, a page of them with views and messages, unread messages and wishes, and for staff the
 * queues their permissions reach. Everyone sees only their own figures.
 */
export function createDashboardService(deps: DashboardDeps) {
  const { repo, storage } = deps;
  return {
    async overview(current: CurrentUser, page = 1): Promise<Static<typeof DashboardReply>> {
      const userId = current.id;
      const offset = (page - 1) * DASHBOARD_ADS_PAGE_SIZE;
      const [statusRows, ads, unread, wishCount, adsToReview, openReports] = await Promise.all([
        repo.adsByStatus(userId),
        repo.adsWithFigures(userId, DASHBOARD_ADS_PAGE_SIZE, offset),
        deps.unreadTotal(current),
        repo.wishCount(userId),
        can(current, 'ads.moderate') ? repo.adsToReview() : undefined,
        can(current, 'reports.handle') ? repo.openReports() : undefined,
      ]);
      const byStatus = Object.fromEntries(AD_STATUSES.map((status) => [status, 0])) as Record<AdStatus, number>;
      for (const row of statusRows) byStatus[row.status] = row.n;
      const total = statusRows.reduce((sum, row) => sum + row.n, 0);
      return {
        ads: { total, by_status: byStatus },
        my_ads: {
          data: ads.map((ad) => ({
            id: ad.id,
            uuid: ad.uuid,
            name: ad.name,
            status: ad.status,
            price: ad.priceCents / 100,
            created_at: ad.createdAt.toISOString(),
            image: ad.cover?.uuid ? toPicture(storage, ad.cover as NonNullable<typeof ad.cover> & { uuid: string }) : null,
            views: ad.views,
            chats: ad.chats ?? 0,
            messages: ad.messages ?? 0,
          })),
          meta: {
            current_page: page,
            last_page: Math.max(1, Math.ceil(total / DASHBOARD_ADS_PAGE_SIZE)),
            per_page: DASHBOARD_ADS_PAGE_SIZE,
            total,
          },
        },
        unread_messages: unread,
        wishes: wishCount,
        staff: {
          ...(adsToReview === undefined ? {} : { ads_to_review: adsToReview }),
          ...(openReports === undefined ? {} : { open_reports: openReports }),
        },
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
