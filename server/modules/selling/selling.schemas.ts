import { type Static, Type } from 'typebox';
import {
  AD_ADDRESS_MAX,
  AD_DESCRIPTION_MAX,
  AD_DESCRIPTION_MIN,
  AD_KINDS,
  AD_NAME_MAX,
  AD_NAME_MIN,
  AD_STATUSES,
  REJECTION_REASON_MAX,
} from '../../../common/ad-rules.ts';
import { AD_MAX_PICTURES } from '../../../common/pictures.ts';
import { AdUuid, ManagedAd } from '../ads/ads.schemas.ts';

/**
 * The rules of an ad's fields once the service has tidied them (text trimmed, ids that are numbers
 * read as numbers): a new ad must meet all of them, an edit those of the fields it sends
 * (AdFieldsPatch). The price is checked as written by priceProblem (common/ad-rules.ts, the
 * browser's rule too); whether the city and the catalog exist, the service asks their modules.
 */
export const AdFields = Type.Object({
  name: Type.String({ minLength: AD_NAME_MIN, maxLength: AD_NAME_MAX }),
  description: Type.String({ minLength: AD_DESCRIPTION_MIN, maxLength: AD_DESCRIPTION_MAX }),
  price: Type.String({ minLength: 1 }),
  city_id: Type.Integer({ minimum: 1, errorKey: 'validation.city_not_found' }),
  catalog_id: Type.Integer({ minimum: 1, errorKey: 'ads.catalog_unknown' }),
  address: Type.Optional(Type.String({ maxLength: AD_ADDRESS_MAX })),
  /** For sale when absent; a give-away is always free (the service sees to the price). */
  kind: Type.Optional(Type.Enum(AD_KINDS)),
});
export const AdFieldsPatch = Type.Partial(AdFields);

/**
 * The fields of an ad as text or numbers: multipart and form bodies carry text, JSON may carry
 * numbers. The service tidies and checks them (AdFields), so every problem gets its own message.
 */
const TextOrNumber = Type.Union([Type.String({ maxLength: AD_DESCRIPTION_MAX * 2 }), Type.Number()]);
export const AdFieldsDoc = {
  name: Type.Optional(Type.String({ maxLength: AD_NAME_MAX * 2, description: `Title, 3–${AD_NAME_MAX} characters` })),
  description: Type.Optional(Type.String({ maxLength: AD_DESCRIPTION_MAX * 2, description: `10–${AD_DESCRIPTION_MAX} characters` })),
  price: Type.Optional(TextOrNumber),
  city_id: Type.Optional(TextOrNumber),
  catalog_id: Type.Optional(TextOrNumber),
  address: Type.Optional(Type.String({ maxLength: AD_ADDRESS_MAX * 2 })),
  kind: Type.Optional(Type.String({ maxLength: 20, description: 'sell (default), wanted, give (price 0) or rent' })),
  /** Checked per field against the catalog's fields by the service (issue 26). */
  attributes: Type.Optional(
    Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.String({ maxLength: 20_000 })], {
      description:
        'The category fields by key (GET /api/catalogs/{id}/attributes), or that object as JSON text in a form; the whole set (an edit without it keeps the values)',
    }),
  ),
};

export const UpdateAdBody = Type.Object({ productUuid: AdUuid, ...AdFieldsDoc }, { additionalProperties: false });
export type UpdateAdBody = Static<typeof UpdateAdBody>;

export const DeletePictureBody = Type.Object(
  { imageUuid: Type.String({ maxLength: 64 }), productUuid: AdUuid },
  { additionalProperties: false },
);
export const ReorderPicturesBody = Type.Object(
  { productUuid: AdUuid, order: Type.Array(Type.String({ maxLength: 64 }), { maxItems: AD_MAX_PICTURES }) },
  { additionalProperties: false },
);

export const ChangeStatusBody = Type.Object(
  {
    id: Type.Union([Type.Integer({ minimum: 1 }), AdUuid], { description: 'The ad id or uuid' }),
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
