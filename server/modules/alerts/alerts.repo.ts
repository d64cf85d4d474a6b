import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { type SavedSearchAlerts, savedSearchAlerts, savedSearches } from '../../db/schema/saved-searches.ts';
import { users } from '../../db/schema/users.ts';
import { type CardRow, adCover, cardColumns } from '../ads/ads.repo.ts';

/** A saved search that may want a new ad: its owner, query and how it is told. */
export interface AlertCandidate {
  id: number;
  userId: number;
  query: Record<string, unknown>;
  alerts: SavedSearchAlerts;
  channels: string[];
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
   * for sending: marked e-mailed in the same statement, so two runs never take the same alert (a
   * failed send gives them back with `release`). Only ads still shown (active).
   */
  async function takeUnemailed(userId: number, frequencies: SavedSearchAlerts[], at: Date): Promise<AlertItem[]> {
    const taken = await db
      .update(savedSearchAlerts)
      .set({ emailedAt: at })
      .where(
        and(
          eq(savedSearchAlerts.userId, userId),
          isNull(savedSearchAlerts.emailedAt),
          sql`${savedSearchAlerts.savedSearchId} in (select ${savedSearches.id} from ${savedSearches} where ${savedSearches.userId} = ${userId} and ${inArray(savedSearches.alerts, frequencies)} and 'email' = any(${savedSearches.channels}))`,
        ),
      )
      .returning({ id: savedSearchAlerts.id });
    if (!taken.length) return [];
    const cover = adCover(db);
    const rows = await db
      .select({
        alertId: savedSearchAlerts.id,
        searchId: savedSearches.id,
        searchName: savedSearches.name,
        searchQuery: savedSearches.query,
        ...cardColumns(cover),
      })
      .from(savedSearchAlerts)
      .innerJoin(savedSearches, eq(savedSearches.id, savedSearchAlerts.savedSearchId))
      .innerJoin(products, eq(products.id, savedSearchAlerts.productId))
      .leftJoinLateral(cover, sql`true`)
      .where(
        and(
          inArray(
            savedSearchAlerts.id,
            taken.map((t) => t.id),
          ),
          eq(products.status, 'active'),
        ),
      )
      .orderBy(asc(savedSearches.id), sql`${products.createdAt} desc`, asc(products.id));
    return rows.map(({ alertId, searchId, searchName, searchQuery, ...ad }) => ({ alertId, searchId, searchName, searchQuery, ad }));
  }

  return {
    /**
     * The saved searches whose key is among the ad's (or not yet keyed), told about new ads, not
     * the seller's own: the candidates the listing's predicate then confirms.
     */
    async candidates(keys: string[], sellerId: number): Promise<AlertCandidate[]> {
      return db
        .select({
          id: savedSearches.id,
          userId: savedSearches.userId,
          query: savedSearches.query,
          alerts: savedSearches.alerts,
          channels: savedSearches.channels,
        })
        .from(savedSearches)
        .innerJoin(users, eq(users.id, savedSearches.userId))
        .where(
          and(
            or(inArray(savedSearches.matchKey, keys), isNull(savedSearches.matchKey)),
            ne(savedSearches.alerts, 'off'),
            ne(savedSearches.userId, sellerId),
            isNull(users.blockedAt),
          ),
        );
    },

    /** The alerts, each once: a search already told about the ad keeps its row. Answers the new ones. */
    async insertAlerts(rows: { savedSearchId: number; userId: number; productId: number }[]) {
      if (!rows.length) return [];
      return db
        .insert(savedSearchAlerts)
        .values(rows)
        .onConflictDoNothing({ target: [savedSearchAlerts.savedSearchId, savedSearchAlerts.productId] })
        .returning({
          savedSearchId: savedSearchAlerts.savedSearchId,
          userId: savedSearchAlerts.userId,
          productId: savedSearchAlerts.productId,
        });
    },

    takeUnemailed,

    /** A send failed: the alerts are to be e-mailed again. */
    async release(alertIds: number[]): Promise<void> {
      if (alertIds.length) await db.update(savedSearchAlerts).set({ emailedAt: null }).where(inArray(savedSearchAlerts.id, alertIds));
    },

    /** Whom a mail goes to: only a verified, unblocked account. */
    async recipient(userId: number) {
      const [row] = await db
        .select({ email: users.email, name: users.name, locale: users.locale })
        .from(users)
        .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt), isNull(users.blockedAt)));
      return row;
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
        .where(and(eq(products.id, productId), eq(products.status, 'active')));
      return row;
    },

    /** A seller's shown ads changed since `since` (a lifted ban brought them back): each with its version. */
    async shownAdsOf(userId: number, since: Date, tx: Db = db): Promise<{ id: number; updatedAt: Date }[]> {
      return tx
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(and(eq(products.userId, userId), eq(products.status, 'active'), gte(products.updatedAt, since)));
    },

    /** Saved searches (after `afterId`, by id) whose key is missing or was read with other rules than `rules`. */
    async staleKeys(rules: string, afterId: number, limit: number): Promise<{ id: number; query: Record<string, unknown> }[]> {
      return db
        .select({ id: savedSearches.id, query: savedSearches.query })
        .from(savedSearches)
        .where(
          and(
            gt(savedSearches.id, afterId),
            or(isNull(savedSearches.matchKey), sql`${savedSearches.matchKeyOf} is distinct from ${rules}`),
          ),
        )
        .orderBy(asc(savedSearches.id))
        .limit(limit);
    },

    /** Stores keys read with `rules`; a search whose query changed meanwhile keeps the key its edit wrote. */
    async setKeys(rows: { id: number; query: Record<string, unknown>; key: string }[], rules: string): Promise<void> {
      for (const row of rows) {
        await db
          .update(savedSearches)
          .set({ matchKey: row.key, matchKeyOf: rules })
          .where(and(eq(savedSearches.id, row.id), sql`${savedSearches.query} = ${JSON.stringify(row.query)}::jsonb`));
      }
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
