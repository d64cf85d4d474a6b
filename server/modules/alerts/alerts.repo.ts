import { and, asc, eq, gt, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Locale } from '../../../common/locales.ts';
import type { Database, Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import {
  type SavedSearchAlerts,
  savedSearchAlerts,
  savedSearchQueries,
  savedSearchQueryKeys,
  savedSearches,
} from '../../db/schema/saved-searches.ts';
import { users } from '../../db/schema/users.ts';
import { type CardRow, adCover, cardColumns } from '../ads/ads.repo.ts';
import { alertDocument, rowsOf } from '../search/text-query-sql.ts';
import { NOT_ENDED, NOT_ENDED_PLAIN } from '../lifecycle/validity-sql.ts';
import { type CompiledQuery, storeSavedQueries } from '../saved-searches/saved-searches.repo.ts';

/** What of a new ad matching reads: its seller, its place and catalog, its search document's lexemes. */
export interface MatchingAd {
  sellerId: number;
  catalogId: number;
  cityId: number;
  regionId: number;
  priceCents: number | null;
  kind: string;
  imageCount: number;
  createdAt: Date;
  lexemes: string[];
}

/** The saved queries an ad's keys found, and which of them show it. */
export interface QueryMatches {
  /** Distinct queries found by the ad's keys (and those not compiled yet). */
  candidates: number;
  /** Those the compiled form confirmed. */
  confirmed: number[];
  /** Those to confirm with the listing's own predicate: filters not compiled, or compiled with other rules. */
  byListing: { id: number; query: Record<string, unknown> }[];
  /** How many of the candidates were compiled with other rules than today's (or not at all). */
  stale: number;
}

/** A search newly told about an ad: who, and how it wants to be told. */
export interface NewAlert {
  savedSearchId: number;
  userId: number;
  alerts: SavedSearchAlerts;
  channels: string[];
}

/** Alerts taken for one mail: their ids (all of them, to give back), whom it goes to, and those whose ad is still shown. */
export interface TakenAlerts {
  alertIds: number[];
  recipient: { email: string; name: string; locale: Locale } | undefined;
  items: AlertItem[];
}

/** An alert to deliver: the search it is for and the ad's card. */
export interface AlertItem {
  alertId: number;
  searchId: number;
  searchName: string;
  searchQuery: Record<string, unknown>;
  ad: CardRow;
}

export function createAlertsRepo(db: Database) {
  /**
   * The person's alerts not yet e-mailed, of searches told by e-mail at these frequencies, taken
   * for sending, with whom the mail goes to: marked e-mailed in the same statement, so two runs
   * never take the same alert (a failed send gives them back with `release`); only for a verified,
   * unblocked account (else nothing is taken), only ads still shown (active). Undefined when
   * nothing was taken. Two statements a mail: the digest sends one to each of 100,000 people.
   */
  async function takeUnemailed(userId: number, frequencies: SavedSearchAlerts[], at: Date): Promise<TakenAlerts | undefined> {
    const taken = await db
      .update(savedSearchAlerts)
      .set({ emailedAt: at })
      .where(
        and(
          eq(savedSearchAlerts.userId, userId),
          isNull(savedSearchAlerts.emailedAt),
          sql`${savedSearchAlerts.savedSearchId} in (select ${savedSearches.id} from ${savedSearches} where ${savedSearches.userId} = ${userId} and ${inArray(savedSearches.alerts, frequencies)} and 'email' = any(${savedSearches.channels}))`,
          sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.emailVerifiedAt} is not null and ${users.blockedAt} is null)`,
        ),
      )
      .returning({ id: savedSearchAlerts.id });
    if (!taken.length) return undefined;
    const cover = adCover(db);
    const rows = await db
      .select({
        alertId: savedSearchAlerts.id,
        searchId: savedSearches.id,
        searchName: savedSearches.name,
        searchQuery: savedSearches.query,
        recipientEmail: users.email,
        recipientName: users.name,
        recipientLocale: users.locale,
        ...cardColumns(cover),
      })
      .from(savedSearchAlerts)
      .innerJoin(savedSearches, eq(savedSearches.id, savedSearchAlerts.savedSearchId))
      .innerJoin(users, eq(users.id, savedSearchAlerts.userId))
      .innerJoin(products, eq(products.id, savedSearchAlerts.productId))
      .leftJoinLateral(cover, sql`true`)
      .where(
        and(
          inArray(
            savedSearchAlerts.id,
            taken.map((t) => t.id),
          ),
          eq(products.status, 'active'),
          NOT_ENDED,
        ),
      )
      .orderBy(asc(savedSearches.id), sql`${products.createdAt} desc`, asc(products.id));
    const alertIds = taken.map((t) => t.id);
    const [first] = rows;
    if (!first) return { alertIds, recipient: undefined, items: [] };
    return {
      alertIds,
      recipient: { email: first.recipientEmail, name: first.recipientName, locale: first.recipientLocale },
      items: rows.map(
        ({ alertId, searchId, searchName, searchQuery, recipientEmail: _e, recipientName: _n, recipientLocale: _l, ...ad }) => ({
          alertId,
          searchId,
          searchName,
          searchQuery,
          ad,
        }),
      ),
    };
  }

  return {
    /** A shown (active) ad as matching reads it; undefined when it is gone or not shown. */
    async matchingAd(productId: number): Promise<MatchingAd | undefined> {
      const [row] = await db
        .select({
          sellerId: products.userId,
          catalogId: products.catalogId,
          cityId: products.cityId,
          regionId: products.regionId,
          priceCents: products.priceCents,
          kind: products.kind,
          imageCount: products.imageCount,
          createdAt: products.createdAt,
          lexemes: sql<string[]>`coalesce(tsvector_to_array(${products.searchVector}), '{}')`,
        })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.status, 'active'), NOT_ENDED));
      return row;
    },

    /**
     * The saved queries the ad's keys find (and those not compiled yet), each confirmed against the
     * ad's row in the same statement by its compiled form — the listing's conditions as values:
     * its words' tsquery on the ad's search document, the catalogs among the ad's catalog and its
     * public ancestors (`catalogs`: what the listing's catalog subtree means for one ad), the
     * place, price, kinds, pictures and age. Queries compiled with other rules than `rules`, or with
     * filters not compiled, are answered for the listing's own predicate.
     */
    async matchQueries(productId: number, keys: string[], catalogs: number[], rules: string): Promise<QueryMatches> {
      const [row] = rowsOf<QueryMatches>(
        await db.execute(sql`
          with ad as materialized (
            -- The document read out of its row once (a fresh value): hundreds of candidates test
            -- their words against it, and the row's compressed copy would be expanded for each.
            -- With its words also spelt with a and o for ä, å and ö, as the compiled words meet it.
            select ${alertDocument(sql`search_vector`)} as search_vector, price_cents, kind, image_count, created_at, city_id, region_id
            from ${products} where id = ${productId} and status = 'active' and ${NOT_ENDED_PLAIN}
          ),
          found as (
            select query_id as id from ${savedSearchQueryKeys}
            where key = any(array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)))
            union
            select id from ${savedSearchQueries} where compiled_with is null
          ),
          -- The filters from saved_search_queries_filters_idx alone (index-only); the row (its
          -- jsonb and its words' tsquery, ~1 kB) is read only for a query with words whose filters
          -- pass, and the words are tested last: a tsquery with its forms and synonyms costs more
          -- than all the rest together, and an AND stops at its first false.
          checked as materialized (
            select q.id, q.fallback, q.compiled_with is distinct from ${rules} as stale, q.has_words,
              not q.fallback and q.compiled_with is not distinct from ${rules}
              and coalesce(
                (q.catalog_ids is null or q.catalog_ids && ${`{${catalogs.join(',')}}`}::int[])
                and ((q.city_ids is null and q.region_ids is null) or ad.city_id = any(q.city_ids) or ad.region_id = any(q.region_ids))
                and (q.price_from_cents is null or ad.price_cents >= q.price_from_cents)
                and (q.price_to_cents is null or ad.price_cents <= q.price_to_cents)
                and (q.kinds is null or ad.kind = any(q.kinds))
                and (not q.with_images or ad.image_count > 0)
                and (q.posted_within_days is null or ad.created_at >= now() - make_interval(days => q.posted_within_days)),
                false
              ) as passes
            from found join ${savedSearchQueries} q on q.id = found.id cross join ad
          ),
          shown as (
            select id from checked where passes and not has_words
            union all
            select c.id from checked c join ${savedSearchQueries} w on w.id = c.id cross join ad
            where c.passes and c.has_words and ad.search_vector @@ w.words
          )
          select (select count(*) from checked)::int as candidates,
            coalesce((select array_agg(id) from shown), '{}') as confirmed,
            coalesce((select jsonb_agg(jsonb_build_object('id', q.id, 'query', q.query)) from checked c
              join ${savedSearchQueries} q on q.id = c.id where c.fallback or c.stale), '[]') as "byListing",
            (select count(*) from checked where stale)::int as stale`),
      );
      return row ?? { candidates: 0, confirmed: [], byListing: [], stale: 0 };
    },

    /**
     * Tells the searches of these queries about the ad, each once (a search already told keeps its
     * row): those with alerts on, not the seller's, not of a blocked person. One statement; answers
     * the searches newly told.
     */
    async alertSearches(queryIds: number[], productId: number, sellerId: number): Promise<NewAlert[]> {
      if (!queryIds.length) return [];
      return rowsOf<NewAlert>(
        await db.execute(sql`
          with told as (
            select s.id, s.user_id, s.alerts, s.channels from ${savedSearches} s
            join ${users} u on u.id = s.user_id
            where s.query_id = any(${`{${queryIds.join(',')}}`}::int[])
              and s.alerts <> 'off' and s.user_id <> ${sellerId} and u.blocked_at is null
          ),
          inserted as (
            insert into ${savedSearchAlerts} (saved_search_id, user_id, product_id)
            select id, user_id, ${productId} from told
            on conflict (saved_search_id, product_id) do nothing
            returning saved_search_id, user_id
          )
          select i.saved_search_id as "savedSearchId", i.user_id as "userId", t.alerts, t.channels
          from inserted i join told t on t.id = i.saved_search_id`),
      );
    },

    takeUnemailed,

    /** A send failed: the alerts are to be e-mailed again. */
    async release(alertIds: number[]): Promise<void> {
      if (alertIds.length) await db.update(savedSearchAlerts).set({ emailedAt: null }).where(inArray(savedSearchAlerts.id, alertIds));
    },

    /** The people with alerts waiting for a digest of these frequencies. */
    async digestRecipients(frequencies: SavedSearchAlerts[]): Promise<number[]> {
      const rows = await db
        .selectDistinct({ userId: savedSearchAlerts.userId })
        .from(savedSearchAlerts)
        .innerJoin(savedSearches, eq(savedSearches.id, savedSearchAlerts.savedSearchId))
        .where(
          and(
            isNull(savedSearchAlerts.emailedAt),
            inArray(savedSearches.alerts, frequencies),
            sql`'email' = any(${savedSearches.channels})`,
          ),
        )
        .orderBy(asc(savedSearchAlerts.userId));
      return rows.map((row) => row.userId);
    },

    /** A saved search by id, whoever's (the unsubscribe link names it, signed). */
    async findSearch(id: number) {
      const [row] = await db
        .select({ id: savedSearches.id, name: savedSearches.name, alerts: savedSearches.alerts, locale: users.locale })
        .from(savedSearches)
        .innerJoin(users, eq(users.id, savedSearches.userId))
        .where(eq(savedSearches.id, id));
      return row;
    },

    /** Stops the search's alerts; false when they were off already. */
    async turnOff(id: number): Promise<boolean> {
      const rows = await db
        .update(savedSearches)
        .set({ alerts: 'off', updatedAt: sql`now()` })
        .where(and(eq(savedSearches.id, id), ne(savedSearches.alerts, 'off')))
        .returning({ id: savedSearches.id });
      return rows.length > 0;
    },

    /** An active ad's card row (a notification or push names it); undefined when it is gone or hidden. */
    async activeCard(productId: number): Promise<CardRow | undefined> {
      const cover = adCover(db);
      const [row] = await db
        .select(cardColumns(cover))
        .from(products)
        .leftJoinLateral(cover, sql`true`)
        .where(and(eq(products.id, productId), eq(products.status, 'active'), NOT_ENDED));
      return row;
    },

    /** A seller's shown ads changed since `since` (a lifted ban brought them back): each with its version. */
    async shownAdsOf(userId: number, since: Date, tx: Db = db): Promise<{ id: number; updatedAt: Date }[]> {
      return tx
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(and(eq(products.userId, userId), eq(products.status, 'active'), gte(products.updatedAt, since)));
    },

    /** Saved queries (after `afterId`, by id) not compiled, or compiled with other rules than `rules`. */
    async staleQueries(rules: string, afterId: number, limit: number): Promise<{ id: number; query: Record<string, unknown> }[]> {
      return db
        .select({ id: savedSearchQueries.id, query: savedSearchQueries.query })
        .from(savedSearchQueries)
        .where(and(gt(savedSearchQueries.id, afterId), sql`${savedSearchQueries.compiledWith} is distinct from ${rules}`))
        .orderBy(asc(savedSearchQueries.id))
        .limit(limit);
    },

    /**
     * Stores the queries compiled (their keys replaced), in one transaction. `words`: the words'
     * tsqueries worked out so far, kept across calls (storeSavedQueries).
     */
    async compileQueries(items: { query: Record<string, unknown>; compiled: CompiledQuery }[], words?: Map<string, string>): Promise<void> {
      await db.transaction((tx) => storeSavedQueries(tx, items, words));
    },

    /** Marks an alert pushed. */
    async markPushed(savedSearchId: number, productId: number, at: Date): Promise<void> {
      await db
        .update(savedSearchAlerts)
        .set({ pushedAt: at })
        .where(and(eq(savedSearchAlerts.savedSearchId, savedSearchId), eq(savedSearchAlerts.productId, productId)));
    },
  };
}

export type AlertsRepo = ReturnType<typeof createAlertsRepo>;
