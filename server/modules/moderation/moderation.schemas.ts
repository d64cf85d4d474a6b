import { type Static, Type } from 'typebox';
import { AD_STATUSES, REJECTION_REASON_MAX, REJECTION_REASON_MIN } from '../../../common/ad-rules.ts';
import { ModerationItem } from '../ads/ads.schemas.ts';

export const AdminProductsBody = Type.Object(
  { status: Type.Optional(Type.Enum(AD_STATUSES)), page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) },
  { additionalProperties: false },
);

export const AdminProductsReply = Type.Object({
  data: Type.Array(ModerationItem),
  current_page: Type.Integer(),
  last_page: Type.Integer(),
  total: Type.Integer(),
});
export type AdminProductsReply = Static<typeof AdminProductsReply>;

export const RejectBody = Type.Object({ reason: Type.String({ maxLength: REJECTION_REASON_MAX * 2 }) }, { additionalProperties: false });

/** The rule of a rejection reason once tidied (line ends unified, trimmed): what the seller reads. */
export const RejectionFields = Type.Object({ reason: Type.String({ minLength: REJECTION_REASON_MIN, maxLength: REJECTION_REASON_MAX }) });
