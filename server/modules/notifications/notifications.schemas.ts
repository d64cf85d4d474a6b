import { type Static, Type } from 'typebox';
import {
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PER_PAGE,
  NOTIFICATIONS_PER_PAGE_MAX,
  NOTIFICATIONS_READ_IDS_MAX,
} from '../../../common/notifications.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const NotificationListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'Default 1; ignored with `before`' })),
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: NOTIFICATIONS_PER_PAGE_MAX, description: `Default ${NOTIFICATIONS_PER_PAGE}` }),
    ),
    before: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2_147_483_647,
        description: 'Only notifications older than this one (the last id shown): the next page',
      }),
    ),
  },
  { additionalProperties: false },
);

export const NotificationItem = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(NOTIFICATION_KINDS),
  data: Type.Record(Type.String(), Type.Unknown(), { description: 'What the kind tells: see common/notifications.ts' }),
  created_at: Type.String({ format: 'date-time' }),
  read_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  url: Type.Union([Type.String(), Type.Null()], { description: 'Where it leads on the site (a path), if anywhere' }),
});

export const NotificationListReply = Type.Object({
  data: Type.Array(NotificationItem),
  meta: Type.Object({
    unread: Type.Integer({ description: 'Unread notifications, counted up to 100 (the badge shows "99+")' }),
    total: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
    /** The `before` of the next page, or null on the last one. */
    next_before: Type.Union([Type.Integer(), Type.Null()]),
  }),
});

/** Exactly one of the two: the service says which field is wrong when both or neither come. */
export const MarkReadBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: NOTIFICATIONS_READ_IDS_MAX, description: 'Mine; others are ignored' })),
    all: Type.Optional(Type.Literal(true, { description: 'Every one of mine' })),
  },
  { additionalProperties: false },
);

export const MarkReadReply = Type.Object({
  data: Type.Object({ marked: Type.Integer({ description: 'How many were unread and now are read' }), unread: Type.Integer() }),
});

export type NotificationItem = Static<typeof NotificationItem>;
export type NotificationListReply = Static<typeof NotificationListReply>;
export type MarkReadBody = Static<typeof MarkReadBody>;
export type MarkReadReply = Static<typeof MarkReadReply>;
