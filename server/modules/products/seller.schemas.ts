import { type Static, Type } from 'typebox';
import { AD_STATUSES } from '../../../common/ad-rules.ts';
import { AD_MAX_PICTURES } from '../../../common/pictures.ts';
import { ManagedAd, ModerationItem } from '../ads/ads.schemas.ts';
import { AD_ADDRESS_MAX, AD_DESCRIPTION_MAX, AD_NAME_MAX, REJECTION_REASON_MAX } from '../../../common/ad-rules.ts';

const Uuid = Type.String({ maxLength: 64, description: 'An ad uuid' });
/**
 * The fields of an ad as text or numbers: multipart and form bodies carry text, JSON may carry
 * numbers. The service checks them (bounds in ad-rules.ts), so every problem gets its own message.
 */
const TextOrNumber = Type.Union([Type.String({ maxLength: AD_DESCRIPTION_MAX * 2 }), Type.Number()]);
export const AdFieldsDoc = {
  name: Type.Optional(Type.String({ maxLength: AD_NAME_MAX * 2, description: `Title, 3–${AD_NAME_MAX} characters` })),
  description: Type.Optional(Type.String({ maxLength: AD_DESCRIPTION_MAX * 2, description: `10–${AD_DESCRIPTION_MAX} characters` })),
  price: Type.Optional(TextOrNumber),
  city_id: Type.Optional(TextOrNumber),
  catalog_id: Type.Optional(TextOrNumber),
  address: Type.Optional(Type.String({ maxLength: AD_ADDRESS_MAX * 2 })),
};

export const UpdateAdBody = Type.Object({ productUuid: Uuid, ...AdFieldsDoc }, { additionalProperties: false });
export type UpdateAdBody = Static<typeof UpdateAdBody>;

export const DeletePictureBody = Type.Object(
  { imageUuid: Type.String({ maxLength: 64 }), productUuid: Uuid },
  { additionalProperties: false },
);
export const ReorderPicturesBody = Type.Object(
  { productUuid: Uuid, order: Type.Array(Type.String({ maxLength: 64 }), { maxItems: AD_MAX_PICTURES }) },
  { additionalProperties: false },
);

export const ChangeStatusBody = Type.Object(
  {
    id: Type.Union([Type.Integer({ minimum: 1 }), Uuid], { description: 'The ad id or uuid' }),
    status: Type.Enum(AD_STATUSES),
    reason: Type.Optional(Type.String({ maxLength: REJECTION_REASON_MAX * 2, description: 'Staff only: why the ad is canceled' })),
  },
  { additionalProperties: false },
);

export const MyAdsQuery = Type.Object(
  { status: Type.Optional(Type.Enum(AD_STATUSES)), page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) },
  { additionalProperties: false },
);

export const MyAdsReply = Type.Object({
  data: Type.Array(ManagedAd),
  counts: Type.Record(Type.String(), Type.Integer()),
  meta: Type.Object({ current_page: Type.Integer(), last_page: Type.Integer(), total: Type.Integer() }),
});
export type MyAdsReply = Static<typeof MyAdsReply>;

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

export const UuidParams = Type.Object({ uuid: Uuid });
export const RejectBody = Type.Object({ reason: Type.String({ maxLength: REJECTION_REASON_MAX * 2 }) }, { additionalProperties: false });
