import { type Static, Type } from 'typebox';
import { AD_FLAG_KINDS, AD_KINDS, AD_STATUSES } from '../../../common/ad-rules.ts';

/** An ad named by its uuid in a path or a body. */
export const AdUuid = Type.String({ maxLength: 64, description: 'An ad uuid' });
export const AdUuidParams = Type.Object({ uuid: AdUuid });

/** One picture of an ad in its three sizes. */
export const Picture = Type.Object({
  uuid: Type.String(),
  thumb: Type.String(),
  card: Type.String(),
  full: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type Picture = Static<typeof Picture>;

/** For sale, wanted, giving away (price 0) or for rent. */
export const AdKindField = Type.Enum(AD_KINDS, { description: 'sell, wanted, give (always free) or rent' });
/** What the price is per, where it matters (jobs by the hour, rentals by the month); null: the price is the price. */
export const PriceUnitField = Type.Union([Type.Enum(['hour', 'month'] as const), Type.Null()]);

/** An ad's card: the listing, the similar ads, the wish list. */
export const ProductCard = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  name: Type.String(),
  price: Type.Number({ description: 'Euros' }),
  kind: AdKindField,
  price_unit: PriceUnitField,
  status: Type.Enum(AD_STATUSES),
  city: Type.Object({ id: Type.Integer(), name: Type.String() }),
  region_id: Type.Integer(),
  catalog: Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() }),
  image: Type.Union([Picture, Type.Null()]),
  images_count: Type.Integer(),
  /** The values of the category fields shown on cards, formatted (issue 26): "2015", "180 000 km"; at most two. */
  highlights: Type.Array(Type.String(), { maxItems: 2 }),
  /** In a "near" search: the ad's town's centre from the origin, whole km (0 in the origin's own town). */
  distance_km: Type.Optional(Type.Integer({ minimum: 0 })),
  created_at: Type.String(),
});
export type ProductCard = Static<typeof ProductCard>;

/** What every staff or owner view of an ad has, whatever its status. */
const managedFields = {
  id: Type.Integer(),
  uuid: Type.String(),
  name: Type.String(),
  description: Type.String(),
  price: Type.Number({ description: 'Euros' }),
  kind: AdKindField,
  price_unit: PriceUnitField,
  status: Type.Enum(AD_STATUSES),
  address: Type.Union([Type.String(), Type.Null()]),
  city: Type.Object({ id: Type.Integer(), name: Type.String() }),
  approved: Type.Boolean({ description: 'A moderator approved the current content' }),
  rejection_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  /** When the shown ad ends (issue 27): approval or renewal plus the app setting's period; null: it does not end. */
  expires_at: Type.Union([Type.String(), Type.Null()]),
  /** Ended or sold 90 days ago: its pictures are gone, the record stays. */
  archived_at: Type.Union([Type.String(), Type.Null()]),
};

/** The owner's view of one of their ads (my showcase): the card with its text and review state. */
export const ManagedAd = Type.Object({
  ...managedFields,
  region_id: Type.Integer(),
  catalog: Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() }),
  image: Type.Union([Picture, Type.Null()]),
  images_count: Type.Integer(),
  next_statuses: Type.Array(Type.String(), { description: 'What the owner may set next' }),
  hidden_by_decision: Type.Boolean({
    description: 'Hidden by a decision after a report: an edit does not bring it back, only an appeal (from the ad page) does',
  }),
  /** The category fields' values as stored, for the edit form (issue 26; common/attributes.ts). */
  attribute_values: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Array(Type.String())])),
});
export type ManagedAd = Static<typeof ManagedAd>;

/** The owner's view with every picture: what the edit form needs. */
export const EditableAd = Type.Intersect([ManagedAd, Type.Object({ images: Type.Array(Picture) })]);
export type EditableAd = Static<typeof EditableAd>;

/** The moderator's view of an ad: everything to judge it by, and whose it is. */
export const ModerationItem = Type.Object({
  ...managedFields,
  catalog: Type.Object({ id: Type.Integer(), path: Type.Array(Type.Object({ slug: Type.String(), name: Type.String() })) }),
  images: Type.Array(Picture),
  seller: Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }),
  /**
   * Why the ad waits for review besides the setting (issue 25): `duplicate_picture` names the other
   * seller's ad with the same picture (`product`: null once that ad is gone). Approving or rejecting clears them.
   */
  flags: Type.Array(
    Type.Object({
      kind: Type.Enum(AD_FLAG_KINDS),
      product_id: Type.Optional(Type.Integer()),
      product: Type.Optional(Type.Union([Type.Object({ uuid: Type.String(), name: Type.String() }), Type.Null()])),
    }),
  ),
});
export type ModerationItem = Static<typeof ModerationItem>;
