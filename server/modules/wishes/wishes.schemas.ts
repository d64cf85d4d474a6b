import { type Static, Type } from 'typebox';
import { ProductCard } from '../ads/ads.schemas.ts';

/** More than anyone keeps in mind; it also keeps the wish-list page one query of bounded size. */
export const MAX_WISHES = 500;

export const ToggleWishBody = Type.Object(
  {
    product_id: Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.String({ maxLength: 64 })], {
      description:
        "The ad to add or remove: its numeric id (the spec's Wish.product_id) or its uuid (what the web's wish list holds); both come with every card.",
    }),
  },
  { additionalProperties: false },
);
export type ToggleWishBody = Static<typeof ToggleWishBody>;

export const ToggleWishReply = Type.Object({
  /** True when the ad is now on the list, false when it was taken off. */
  added: Type.Boolean(),
  /** "Added to your wish list." / "Removed from your wish list.", in the request's language. */
  message: Type.String(),
  data: Type.Object({
    id: Type.Integer(),
    uuid: Type.String(),
    /** How many ads the list holds now: the top bar's badge. */
    count: Type.Integer(),
  }),
});
export type ToggleWishReply = Static<typeof ToggleWishReply>;

/** A card of the listing, plus what the wish list adds. */
export const WishedAd = Type.Object({
  ...ProductCard.properties,
  /** Active: it can still be bought. Sold, reserved, hidden or in review: it cannot. */
  available: Type.Boolean(),
  /** Its page opens for this user (public statuses, or their own ad); otherwise it would be a 404. */
  viewable: Type.Boolean(),
  wished_at: Type.String(),
});
export type WishedAd = Static<typeof WishedAd>;

export const WishListReply = Type.Object({ data: Type.Array(WishedAd) });
export type WishListReply = Static<typeof WishListReply>;

export const WishUuidsReply = Type.Object({ data: Type.Array(Type.String({ description: 'An ad uuid' })) });
export type WishUuidsReply = Static<typeof WishUuidsReply>;
