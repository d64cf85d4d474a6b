import { type Static, type TSchema, Type } from 'typebox';
import {
  DEAL_ROLES,
  RATING_REPLY_MAX,
  RATING_REPORT_REASONS,
  RATING_STARS_MAX,
  RATING_STARS_MIN,
  RATING_TEXT_MAX,
} from '../../../common/ratings.ts';
import { REPORT_DETAILS_MAX } from '../../../common/reports.ts';
import { INT32_MAX } from '../../../common/text.ts';
import { DEAL_KINDS } from '../../db/schema/trust.ts';
import { AdUuid } from '../ads/ads.schemas.ts';

const Id = Type.Integer({ minimum: 1, maximum: INT32_MAX });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ProductParams = Type.Object({ productUuid: AdUuid });
export const IdParams = Type.Object({ id: Id });
export const PageQuery = Type.Object(
  { page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) },
  { additionalProperties: false },
);
export const DealsQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    room_id: Type.Optional(Type.Integer({ minimum: 1, description: 'Only the deal made in this chat room' })),
  },
  { additionalProperties: false },
);

export const DealBody = Type.Object(
  { buyer_id: Type.Integer({ minimum: 1, description: 'One of the people who wrote to the seller about the ad' }) },
  { additionalProperties: false },
);
export type DealBody = Static<typeof DealBody>;

export const RatingBody = Type.Object(
  {
    stars: Type.Integer({ minimum: RATING_STARS_MIN, maximum: RATING_STARS_MAX }),
    text: Type.Optional(Type.String({ maxLength: RATING_TEXT_MAX * 2, description: `At most ${RATING_TEXT_MAX} characters once tidied` })),
  },
  { additionalProperties: false },
);
export type RatingBody = Static<typeof RatingBody>;

export const ReplyBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: RATING_REPLY_MAX * 2, description: `At most ${RATING_REPLY_MAX} characters once tidied` }),
  },
  { additionalProperties: false },
);

export const RatingReportBody = Type.Object(
  { reason: Type.Enum(RATING_REPORT_REASONS), details: Type.Optional(Type.String({ maxLength: REPORT_DETAILS_MAX })) },
  { additionalProperties: false },
);
export type RatingReportBody = Static<typeof RatingReportBody>;

export const CreatedReply = Type.Object({ data: Type.Object({ id: Type.Integer() }), message: Type.String() });
export const MessageReply = Type.Object({ message: Type.String() });

const Person = Type.Object({ id: Type.Integer(), name: Type.String(), avatar: Nullable(Type.String()) });

export const CandidatesReply = Type.Object({
  data: Type.Array(
    Type.Object({
      ...Person.properties,
      room_id: Type.Integer(),
      last_message_at: Type.String({ format: 'date-time' }),
    }),
  ),
  /** The ad's deal when it has one (then nobody can be chosen any more). */
  deal: Nullable(Type.Object({ id: Type.Integer(), buyer: Nullable(Person) })),
  /** Whether the ad's status lets its owner mark it sold now. */
  may_mark_sold: Type.Boolean(),
});

/** The rating summary on the seller card, the seller page and user-info. */
export const RatingSummary = Type.Object({
  average: Nullable(Type.Number({ description: 'Of public, not hidden ratings, with one decimal; null when there are none' })),
  count: Type.Integer(),
});
export type RatingSummary = Static<typeof RatingSummary>;

export const RatingItem = Type.Object({
  id: Type.Integer(),
  stars: Type.Integer({ minimum: RATING_STARS_MIN, maximum: RATING_STARS_MAX }),
  text: Type.String(),
  /** Who rated: their first name and picture (null once the account is deleted). */
  rater: Nullable(Type.Object({ name: Type.String(), avatar: Nullable(Type.String()) })),
  /** The ad the deal was about, as titled at the deal. */
  subject: Type.String(),
  /** The rated person's side of the deal: rated "as seller" or "as buyer". */
  role: Type.Enum(DEAL_ROLES),
  created_at: Type.String({ format: 'date-time' }),
  reply: Nullable(Type.Object({ text: Type.String(), created_at: Type.String({ format: 'date-time' }) })),
  /** The viewer is the rated person and has not answered yet. */
  may_reply: Type.Boolean(),
  /** The viewer is signed in and not the rater. */
  may_report: Type.Boolean(),
});
export type RatingItem = Static<typeof RatingItem>;

export const RatingListReply = Type.Object({
  data: Type.Array(RatingItem),
  summary: RatingSummary,
  meta: Type.Object({ current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() }),
  links: Type.Object({
    first: Type.String(),
    last: Type.String(),
    prev: Nullable(Type.String()),
    next: Nullable(Type.String()),
  }),
});
export type RatingListReply = Static<typeof RatingListReply>;

const GivenRating = Type.Object({
  id: Type.Integer(),
  stars: Type.Integer(),
  text: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  reply: Nullable(Type.Object({ text: Type.String(), created_at: Type.String({ format: 'date-time' }) })),
  hidden: Type.Boolean(),
});

export const DealItem = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(DEAL_KINDS),
  /** My side of the deal. */
  role: Type.Enum(DEAL_ROLES),
  subject: Type.String(),
  /** The ad while it exists. */
  ad: Nullable(Type.Object({ uuid: Type.String(), name: Type.String() })),
  /** The other side (null once their account is deleted). */
  other: Nullable(Person),
  room_id: Nullable(Type.Integer()),
  created_at: Type.String({ format: 'date-time' }),
  /** Until when each side may rate. */
  rate_until: Type.String({ format: 'date-time' }),
  /** I have not rated yet, the time has not run out and the other account exists. */
  may_rate: Type.Boolean(),
  my_rating: Nullable(GivenRating),
  /** The other's rating of me, once it is public (null before, or when there is none). */
  their_rating: Nullable(Type.Object({ ...GivenRating.properties, may_reply: Type.Boolean() })),
  /** The other has rated me, but it is not public yet: rate (or wait) to see it. */
  their_rating_waiting: Type.Boolean(),
});
export type DealItem = Static<typeof DealItem>;

export const DealListReply = Type.Object({
  data: Type.Array(DealItem),
  meta: Type.Object({ current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() }),
});
export type DealListReply = Static<typeof DealListReply>;
