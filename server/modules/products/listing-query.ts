import type { AdKind, SortKey } from '../../../common/ad-rules.ts';
import type { Facets } from '../../../common/attributes.ts';
import type { PostedWithin } from '../../../common/listing-filters.ts';
import type { CardRow } from '../ads/ads.repo.ts';
import type { AttributeConditions, FacetField } from './attribute-filters.ts';
import type { SearchTerm } from '../search/text-query-sql.ts';

/** What a listing asks the repository for, and what a page of it answers (the listing's query types). */

/**
 * The buyer's filters beside place, category and words. Absent means "any"; each is one WHERE
 * condition, so they combine with the plain listing and the text search alike.
 */
export interface ListingFilters {
  priceFromCents?: number;
  priceToCents?: number;
  /** Any of these kinds (sorted, without repeats: the query is also the cache key). */
  kinds?: AdKind[];
  withImages?: boolean;
  /** Counted back from the database's clock, so the query (and its cache key) stays the same all day. */
  postedWithin?: PostedWithin;
}

export interface ListingQuery extends ListingFilters {
  cityIds: number[];
  regionIds: number[];
  catalogIds: number[];
  /**
   * The catalogs as asked, each standing for itself and all below it (`catalogIds` lists them
   * all): every ad's document has the §c lexeme of its category's ancestors too, so a text search
   * narrows by these in the index. Absent: `catalogIds`.
   */
  catalogRoots?: number[];
  terms: SearchTerm[];
  sort: SortKey | 'relevance';
  limit: number;
  offset: number;
  /** The category fields' filters (attribute-filters.ts). */
  attributes?: AttributeConditions;
  /** The choice fields to count facets for (page answers only). */
  facets?: FacetField[];
  /** "Near": the towns within the radius, nearest first (the distance sort's order). */
  townOrder?: number[];
}

/** A page of the listing, how many match in all (up to COUNT_CAP), and the facets when asked. */
export interface ListingPage {
  rows: ListingRow[];
  total: number;
  capped: boolean;
  facets?: { facets: Facets; capped: boolean };
}

/** A row of the listing: what an ad's card shows. */
export type ListingRow = CardRow;
