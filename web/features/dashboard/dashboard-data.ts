import type { Static } from 'typebox';
import type { DashboardReply } from '../../../server/modules/dashboard/dashboard.schemas';

/** What GET /api/dashboard and the dashboard's loader answer. */
export type DashboardData = Static<typeof DashboardReply>;
export type DashboardAd = DashboardData['my_ads']['data'][number];
