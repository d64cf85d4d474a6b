import { type Static, Type } from 'typebox';
import { SAVED_SEARCH_ALERTS, SAVED_SEARCH_CHANNELS } from '../../db/schema/saved-searches.ts';
import { AD_KINDS } from '../../../common/ad-rules.ts';
import { ListingBody } from '../products/products.schemas.ts';

/** Enough for every search a person follows; it also bounds the list page's new-ad counts. */
export const MAX_SAVED_SEARCHES = 50;
export const SAVED_SEARCH_NAME_MAX = 120;
/** New ads are counted up to this many; beyond it the page shows "99+". */
export const NEW_COUNT_CAP = 99;

/**
 * The search as the listing takes it (POST /api/products), without the page and the sort: the
 * listing's own schema, so a filter added there is saved here with no change.
 */
export const SavedSearchQuery = Type.Omit(ListingBody, ['page', 'sort'], { additionalProperties: false });
export type SavedSearchQuery = Static<typeof SavedSearchQuery>;

/**
 * The query as a request may write it: the listing's names, and the names of issue 29's contract
 * (`kind`, one kind or several, for the listing's `kinds`; `with_pictures` for `with_images`),
 * which are stored under the listing's names.
 */
const { page: _page, sort: _sort, ...listingFilters } = ListingBody.properties;
export const SavedSearchQueryInput = Type.Object(
  {
    ...listingFilters,
    kind: Type.Optional(
      Type.Union([Type.Enum(AD_KINDS), Type.Array(Type.Enum(AD_KINDS), { maxItems: AD_KINDS.length })], {
        description: 'Only this kind of ad (or these): the same as `kinds`',
      }),
    ),
    with_pictures: Type.Optional(Type.Boolean({ description: 'Only ads with at least one picture: the same as `with_images`' })),
  },
  { additionalProperties: false },
);
export type SavedSearchQueryInput = Static<typeof SavedSearchQueryInput>;

export const SavedSearchAlerts = Type.Enum(SAVED_SEARCH_ALERTS, { description: 'How often new ads are told about' });
export const SavedSearchChannels = Type.Array(Type.Enum(SAVED_SEARCH_CHANNELS), {
  uniqueItems: true,
  maxItems: SAVED_SEARCH_CHANNELS.length,
  description: 'Where new ads are told about',
});
const SavedSearchName = Type.String({
  minLength: 1,
  maxLength: SAVED_SEARCH_NAME_MAX,
  description: 'Made from the filters when absent',
});

export const SavedSearchParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export const CreateSavedSearchBody = Type.Object(
  {
    name: Type.Optional(SavedSearchName),
    query: SavedSearchQueryInput,
    alerts: Type.Optional({ ...SavedSearchAlerts, description: 'Default "daily"' }),
    channels: Type.Optional({ ...SavedSearchChannels, description: 'Default ["email"]' }),
  },
  { additionalProperties: false },
);
export type CreateSavedSearchBody = Static<typeof CreateSavedSearchBody>;

export const UpdateSavedSearchBody = Type.Object(
  {
    name: Type.Optional(SavedSearchName),
    query: Type.Optional(SavedSearchQueryInput),
    alerts: Type.Optional(SavedSearchAlerts),
    channels: Type.Optional(SavedSearchChannels),
  },
  { additionalProperties: false },
);
export type UpdateSavedSearchBody = Static<typeof UpdateSavedSearchBody>;

export const SavedSearch = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The stored, normalised search: empty lists, blank text and `false` left out, id lists sorted. */
  query: SavedSearchQuery,
  alerts: SavedSearchAlerts,
  channels: SavedSearchChannels,
  /** Active ads matching the search posted since it was last opened (or saved), up to NEW_COUNT_CAP. */
  new_count: Type.Integer({ minimum: 0, maximum: NEW_COUNT_CAP }),
  /** True when there are more than `new_count`: show "99+". */
  new_count_capped: Type.Boolean(),
  last_opened_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  /** The site path that opens the search's results ("/?q=sohva&region=1"). */
  url: Type.String(),
});
export type SavedSearch = Static<typeof SavedSearch>;

export const SavedSearchListReply = Type.Object({
  data: Type.Array(SavedSearch),
  meta: Type.Object({ count: Type.Integer(), limit: Type.Integer({ description: 'At most this many per account' }) }),
});
export type SavedSearchListReply = Static<typeof SavedSearchListReply>;

export const SavedSearchReply = Type.Object({
  data: SavedSearch,
  /** "Search saved." and the like, in the request's language. */
  message: Type.String(),
});
export type SavedSearchReply = Static<typeof SavedSearchReply>;

export const SavedSearchDeletedReply = Type.Object({ message: Type.String() });
export type SavedSearchDeletedReply = Static<typeof SavedSearchDeletedReply>;
