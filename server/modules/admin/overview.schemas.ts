import { Type } from 'typebox';

const Count = Type.Integer({ minimum: 0 });

/** The work waiting for staff: each count only for those whose work it is. */
const Queues = Type.Object({
  ads_to_review: Type.Optional(Type.Integer({ minimum: 0, description: 'Ads waiting for review (ads.moderate)' })),
  open_reports: Type.Optional(Type.Integer({ minimum: 0, description: 'Open reports (reports.handle)' })),
});

/** GET /api/admin/queues: the menu's badges, two counts and nothing else. */
export const QueuesReply = Type.Object({ data: Queues });

/** GET /api/admin/overview: only the parts the caller's permissions reach are present. */
export const OverviewReply = Type.Object({
  data: Type.Object({
    queues: Queues,
    activity: Type.Optional(
      Type.Object(
        {
          days: Type.Array(
            Type.Object({ date: Type.String({ description: 'A day in Finnish time, YYYY-MM-DD' }), users: Count, ads: Count }),
            { description: 'The last 14 days, oldest first, today last; days without any are 0' },
          ),
          totals: Type.Object({ users: Count, ads: Count, active_ads: Count, new_users: Count, new_ads: Count }),
        },
        { description: 'New accounts and ads per day, and totals (admin.access)' },
      ),
    ),
  }),
});
