import { Type } from 'typebox';
import {
  AD_REPORT_REASONS,
  ALL_REPORT_REASONS,
  APPEAL_OUTCOMES,
  APPEAL_TEXT_MAX,
  APPEAL_TEXT_MIN,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_TOPICS,
  DECISION_FACTS_MAX,
  REPORT_ACTIONS,
  REPORT_DETAILS_MAX,
  REPORT_STATUSES,
  REPORT_SUBJECTS,
  REPORTER_NAME_MAX,
  TERMS_RULES,
} from '../../../common/reports.ts';
import { INT32_MAX } from '../../../common/text.ts';
import { AdUuid } from '../ads/ads.schemas.ts';

const Id = Type.Integer({ minimum: 1, maximum: INT32_MAX });
const Email = Type.String({ format: 'email', maxLength: 254 });

export const IdParams = Type.Object({ id: Id });
export const ProductParams = Type.Object({ productUuid: AdUuid });
export const MessageReply = Type.Object({ message: Type.String() });

/** "Report this ad": a reason, what is wrong, and for a visitor the address the answer goes to. */
export const AdReportBody = Type.Object(
  {
    reason: Type.Enum(AD_REPORT_REASONS),
    details: Type.Optional(Type.String({ maxLength: REPORT_DETAILS_MAX })),
    email: Type.Optional(Email),
    name: Type.Optional(Type.String({ maxLength: REPORTER_NAME_MAX })),
  },
  { additionalProperties: false },
);

/** The footer's contact form: customer support or report a problem. */
export const ContactBody = Type.Object(
  {
    topic: Type.Enum(CONTACT_TOPICS),
    name: Type.String({ minLength: 1, maxLength: REPORTER_NAME_MAX }),
    email: Email,
    message: Type.String({ minLength: CONTACT_MESSAGE_MIN, maxLength: CONTACT_MESSAGE_MAX }),
    /** The page the person was on, when the form was opened from one. */
    page: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const QueueBody = Type.Object(
  {
    status: Type.Optional(Type.Enum([...REPORT_STATUSES, 'appeals'] as const)),
    subject: Type.Optional(Type.Enum(REPORT_SUBJECTS)),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  },
  { additionalProperties: false },
);

export const ResolveBody = Type.Object(
  {
    action: Type.Enum(REPORT_ACTIONS),
    rule: Type.Optional(Type.Enum(TERMS_RULES)),
    /** The facts of a restriction (required then), or the answer to a contact message. */
    note: Type.Optional(Type.String({ maxLength: DECISION_FACTS_MAX })),
  },
  { additionalProperties: false },
);

export const AppealBody = Type.Object(
  { text: Type.String({ minLength: APPEAL_TEXT_MIN, maxLength: APPEAL_TEXT_MAX }) },
  { additionalProperties: false },
);

export const AppealDecisionBody = Type.Object(
  { outcome: Type.Enum(APPEAL_OUTCOMES), note: Type.String({ minLength: 1, maxLength: DECISION_FACTS_MAX }) },
  { additionalProperties: false },
);

const Product = Type.Object({ id: Type.Integer(), uuid: Type.String(), name: Type.String(), status: Type.String(), url: Type.String() });

export const QueueItem = Type.Object({
  id: Type.Integer(),
  subject_type: Type.Enum(REPORT_SUBJECTS),
  subject_id: Type.Union([Type.Integer(), Type.Null()]),
  product: Type.Union([Product, Type.Null()]),
  reason: Type.Enum(ALL_REPORT_REASONS),
  details: Type.Union([Type.String(), Type.Null()]),
  reporter: Type.Union([
    Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]), name: Type.String(), email: Type.String() }),
    Type.Null(),
  ]),
  same_subject_open: Type.Integer(),
  /** A reported rating: its stars, text and answer, the deal's title and both people (null for other kinds). */
  rating: Type.Union([
    Type.Object({
      id: Type.Integer(),
      stars: Type.Integer(),
      text: Type.String(),
      reply: Type.Union([Type.String(), Type.Null()]),
      subject: Type.String(),
      hidden: Type.Boolean(),
      rater: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
      rated: Type.Object({ id: Type.Integer(), name: Type.String() }),
    }),
    Type.Null(),
  ]),
  /** A reported conversation's last messages up to the report (null for other kinds). */
  conversation: Type.Union([
    Type.Array(
      Type.Object({
        from: Type.Enum(['reporter', 'other', 'deleted'] as const),
        name: Type.String(),
        text: Type.String(),
        picture: Type.Boolean(),
        created_at: Type.String(),
      }),
    ),
    Type.Null(),
  ]),
  status: Type.Enum(REPORT_STATUSES),
  resolution: Type.Union([Type.Enum(REPORT_ACTIONS), Type.Null()]),
  resolution_note: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  resolved_at: Type.Union([Type.String(), Type.Null()]),
});

export const Decision = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  rule: Type.Enum(TERMS_RULES),
  facts: Type.String(),
  created_at: Type.String(),
  appeal_text: Type.Union([Type.String(), Type.Null()]),
  appealed_at: Type.Union([Type.String(), Type.Null()]),
  appeal_outcome: Type.Union([Type.Enum(APPEAL_OUTCOMES), Type.Null()]),
  appeal_note: Type.Union([Type.String(), Type.Null()]),
  /** Whether the seller may still appeal (once, within the window). */
  may_appeal: Type.Boolean(),
  product: Type.Union([Product, Type.Null()]),
  seller: Type.Union([Type.Object({ name: Type.String(), email: Type.String() }), Type.Null()]),
});

export const QueueReply = Type.Object({
  data: Type.Array(QueueItem),
  current_page: Type.Integer(),
  last_page: Type.Integer(),
  total: Type.Integer(),
});
export const AppealsReply = Type.Object({
  data: Type.Array(Decision),
  current_page: Type.Integer(),
  last_page: Type.Integer(),
  total: Type.Integer(),
});
export const DecisionReply = Type.Object({ data: Type.Union([Decision, Type.Null()]) });
