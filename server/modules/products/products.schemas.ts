import { type Static, Type } from 'typebox';
import { AD_KINDS, MAX_PAGE, MAX_QUERY_LENGTH, SORT_KEYS } from '../../../common/ad-rules.ts';
import { ATTRIBUTES_PER_CATALOG_MAX, type AttributeFilters, type NearOrigin, RADIUS_KM } from '../../../common/attributes.ts';
import { FILTER_PRICE_MAX, POSTED_WITHIN } from '../../../common/listing-filters.ts';
import { ProductCard } from '../ads/ads.schemas.ts';
import { RatingSummary } from '../ratings/ratings.schemas.ts';
import { PublicTraderFields } from '../business/business.schemas.ts';

export const PAGE_SIZE = 20;

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 });

export const ListingBody = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
    cities: Type.Optional(Ids),
    regions: Type.Optional(Ids),
    catalogs: Type.Optional(Ids),
    name: Type.Optional(Type.String({ maxLength: MAX_QUERY_LENGTH })),
    sort: Type.Optional(Type.Enum(SORT_KEYS)),
    // Beyond the spec's fields: the filters buyers expect (common/listing-filters.ts).
    price_from: Type.Optional(Type.Number({ minimum: 0, maximum: FILTER_PRICE_MAX, description: 'Lowest price in euros' })),
    price_to: Type.Optional(Type.Number({ minimum: 0, maximum: FILTER_PRICE_MAX, description: 'Highest price in euros' })),
    kinds: Type.Optional(
      Type.Array(Type.Enum(AD_KINDS), { maxItems: AD_KINDS.length, description: 'Only these kinds of ad (any of them)' }),
    ),
    with_images: Type.Optional(Type.Boolean({ description: 'Only ads with at least one picture' })),
    posted_within: Type.Optional(Type.Enum(POSTED_WITHIN, { description: 'Only ads posted in the last day, week or month (30 days)' })),
    // Issue 26. The values are checked against the searched catalogs' fields by the service, so
    // each problem reads as one translated message under `attributes.<key>`.
    attributes: Type.Optional(
      Type.Unsafe<AttributeFilters>(
        Type.Record(Type.String({ maxLength: 40 }), Type.Unknown(), {
          maxProperties: ATTRIBUTES_PER_CATALOG_MAX,
          description:
            'Category-field filters of the searched catalogs: `{ min, max }` for numbers and days (YYYY-MM-DD), a list of option values for choices (any of them), true or false for yes/no; e.g. `{ "year": { "min": 2015 }, "fuel": ["hybrid"] }`',
        }),
      ),
    ),
    near: Type.Optional(
      Type.Unsafe<NearOrigin>(
        Type.Object(
          {
            postal_code: Type.Optional(Type.String({ maxLength: 10, description: 'Five digits: its municipality’s centre' })),
            city_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'A municipality: its centre' })),
            lat: Type.Optional(Type.Number({ description: 'A position (WGS84) in Finland, with lon' })),
            lon: Type.Optional(Type.Number()),
          },
          { additionalProperties: false, description: 'Where distances are measured from: one of postal_code, city_id or lat + lon' },
        ),
      ),
    ),
    radius_km: Type.Optional(
      Type.Number({ description: `Only ads whose town's centre lies this near (km): ${RADIUS_KM.join(', ')}; default 25 with near` }),
    ),
  },
  { additionalProperties: false },
);
export type ListingBody = Static<typeof ListingBody>;

const FacetValues = Type.Array(Type.Object({ value: Type.String(), count: Type.Integer() }));

export const ListingReply = Type.Object({
  data: Type.Array(ProductCard),
  meta: Type.Object({
    current_page: Type.Integer(),
    last_page: Type.Integer(),
    per_page: Type.Integer(),
    total: Type.Integer(),
    /** True when counting stopped at its cap: show "total+". */
    total_capped: Type.Boolean(),
    /** True when a facet's set of ads was larger than was counted (facets.ts): its counts are of the first ads found. */
    facets_capped: Type.Optional(Type.Boolean()),
  }),
  /**
   * Inside catalogs with choice filter fields: per field, how many ads have each value among what
   * the other filters leave (values in the field's order; none without ads).
   */
  facets: Type.Optional(Type.Record(Type.String(), FacetValues)),
  links: Type.Object({
    first: Type.String(),
    last: Type.String(),
    prev: Type.Union([Type.String(), Type.Null()]),
    next: Type.Union([Type.String(), Type.Null()]),
  }),
});
export type ListingReply = Static<typeof ListingReply>;

/** A seller's public page: who they are, and their active ads, 20 a page, in the listing's envelope. */
export const SellerParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const SellerQuery = Type.Object(
  { page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })) },
  { additionalProperties: false },
);
export const SellerReply = Type.Object({
  seller: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    avatar: Type.Union([Type.String(), Type.Null()]),
    member_since: Type.String({ description: 'When the account was made (ISO 8601)' }),
    active_ads_count: Type.Integer({ description: 'Counted up to 1,001' }),
    identity_verified: Type.Boolean({ description: 'Strongly identified (bank ID or mobile certificate through an FTN broker)' }),
    phone_shown: Type.Boolean({ description: 'The seller shows a phone number: POST /api/product/{uuid}/phone gives it' }),
    rating: RatingSummary,
    ...PublicTraderFields,
  }),
  ...ListingReply.properties,
});
export type SellerReply = Static<typeof SellerReply>;

export const ProductParams = Type.Object({ id: Type.String({ maxLength: 64, description: 'The ad uuid' }) });
export const SimilarBody = Type.Object(
  { catalogId: Type.Integer({ minimum: 1 }), cityId: Type.Integer({ minimum: 1 }), currentProductId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export const SimilarReply = Type.Object({ data: Type.Array(ProductCard) });
/** POST /api/catalog-suggestions: a new ad's title in, up to three leaf categories out. */
export const SuggestionBody = Type.Object({ title: Type.String({ maxLength: 200 }) }, { additionalProperties: false });
export const SuggestionReply = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      trail: Type.Array(Type.String(), { description: 'Names from the top category down to this one' }),
    }),
  ),
});

export const HintBody = Type.Object({ query: Type.String({ maxLength: MAX_QUERY_LENGTH }) }, { additionalProperties: false });
export const HintReply = Type.Object({
  data: Type.Array(
    Type.Object({ type: Type.Enum(['catalog', 'ad'] as const), text: Type.String(), path: Type.Union([Type.String(), Type.Null()]) }),
  ),
});
