import { Type } from 'typebox';
import { AD_STATUSES } from '../../../common/ad-rules.ts';
import { Picture } from '../ads/ads.schemas.ts';

export const DashboardQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) });

export const DashboardAd = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  name: Type.String(),
  status: Type.Enum(AD_STATUSES),
  price: Type.Number(),
  created_at: Type.String(),
  image: Type.Union([Picture, Type.Null()]),
  /** Visits to the ad's page by others (one visitor counts once in six hours). */
  views: Type.Integer(),
  /** Conversations buyers started about the ad. */
  chats: Type.Integer(),
  /** Messages buyers wrote about the ad. */
  messages: Type.Integer(),
});

/** GET /dashboard: what the signed-in person's dashboard shows. */
export const DashboardReply = Type.Object({
  ads: Type.Object({
    total: Type.Integer(),
    /** Every status, zero included. */
    by_status: Type.Record(Type.String(), Type.Integer()),
  }),
  my_ads: Type.Object({
    data: Type.Array(DashboardAd),
    meta: Type.Object({ current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() }),
  }),
  unread_messages: Type.Integer(),
  wishes: Type.Integer(),
  /** Staff queues, only those the person's permissions reach (absent otherwise). */
  staff: Type.Object({
    ads_to_review: Type.Optional(Type.Integer()),
    open_reports: Type.Optional(Type.Integer()),
  }),
});
