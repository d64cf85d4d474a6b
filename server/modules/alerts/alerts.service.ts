import { AppError } from '../../../common/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { Sealer } from '../../platform/secrets.ts';
import type { Storage } from '../../platform/storage.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { GeoService } from '../geo/geo.service.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { type PercolationPlan, adPercolationKeys } from '../products/percolation.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { SavedSearchQuery } from '../saved-searches/saved-searches.schemas.ts';
import type { AlertsRepo } from './alerts.repo.ts';
import { createAlertDelivery } from './alert-delivery.ts';
import type { Percolator } from './percolator.ts';

export { DIGEST_ADS_PER_SEARCH, DIGEST_HOUR } from './alert-delivery.ts';
/** Queries confirmed with the listing's own predicate per statement (those the compiled form does not cover). */
const CONFIRM_BATCH = 100;
/** Saved queries compiled per batch of the rekey job. */
const REKEY_BATCH = 500;

export const JOB_KINDS = {
  matchAd: 'match-ad',
  tell: 'alert-tell',
  instant: 'alert-instant',
  notify: 'alert-notify',
  push: 'alert-push',
  digest: 'digest',
  rekey: 'saved-search-rekey',
} as const;

/** What matching one ad found: the counts bench/alerts.ts reports, and the confirmed queries. */
export interface MatchFound {
  /** Distinct saved queries the ad's keys found. */
  candidates: number;
  /** The queries that show the ad (their searches are told by a job of their own). */
  queryIds: number[];
  /** The ad's seller (never told about their own ad); undefined when the ad is not shown. */
  sellerId?: number;
}

/** What matching and telling one ad did (bench/alerts.ts reports them). */
export interface MatchCounts {
  /** Distinct saved queries the ad's keys found. */
  candidates: number;
  /** Of them, those that show the ad. */
  confirmed: number;
  /** Saved searches newly told about the ad. */
  inserted: number;
}

/** A notification-centre entry of new ads for a saved search (common/notifications.ts, kind `saved_search`). */
export interface SavedSearchNotice {
  search_id: number;
  search_name: string;
  count: number;
  ad: { uuid: string; name: string; picture: string | null };
}

/** A push as the push module sends it (server/modules/push): texts translated, a path of this site. */
export interface AlertPush {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

export interface AlertsDeps {
  repo: AlertsRepo;
  /** Matching from memory (percolator.ts); without it, or until it is loaded, the SQL matches. */
  percolator?: Percolator;
  jobs: JobsService;
  products: Pick<ProductsService, 'bodiesShowingAd' | 'percolationPlan' | 'percolationRules'>;
  geo: GeoService;
  catalog: CatalogService;
  storage: Storage;
  mailer: Mailer;
  sealer: Sealer;
  site: { readonly siteName: string; publicUrl: string };
  log: (message: string, detail: Record<string, unknown>) => void;
  /** The notification centre (server/modules/notifications): one entry per instant alert. */
  notify?: (userId: number, kind: 'saved_search', data: SavedSearchNotice) => Promise<unknown>;
  /** Web Push (server/modules/push): one push per instant alert of a search told by push; throws to be retried. */
  push?: (userId: number, payload: AlertPush) => Promise<unknown>;
}

/** The unsubscribe token of a saved search: its id, signed with the app secret. */
export function unsubscribeToken(sealer: Sealer, searchId: number): string {
  return `${searchId}.${sealer.sign(`saved-search-unsubscribe:${searchId}`)}`;
}

/** The search id a token names, or undefined for a token the app did not sign. */
export function searchOfToken(sealer: Sealer, token: string): number | undefined {
  const match = /^(\d{1,10})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 && sealer.verify(`saved-search-unsubscribe:${id}`, match[2]!) ? id : undefined;
}

/**
 * Alerts of saved searches (issue 29): a new visible ad is matched against the stored searches
 * (percolation: candidates by key, each confirmed with the listing's own predicate), each search
 * is told about an ad once (one row per search and ad), never the ad's seller. Instant searches
 * get a mail within the poll's seconds (several ads in one), daily and weekly ones a digest at
 * 7:00 Finnish time. All of it runs as jobs: once across processes, kept over restarts, retried.
 */
export function createAlertsService(deps: AlertsDeps) {
  const { repo, jobs, products } = deps;

  /**
   * Matches one ad against the saved searches: the distinct queries its keys find are confirmed in
   * one statement by their compiled form (or, for the few the compiled form does not cover, by the
   * listing's own predicate), and the telling of their searches is queued as a job of its own with
   * the confirmed queries (`tell`). Matching is the work every new ad costs whoever saved what;
   * telling is the fan-out to the searches (hundreds of rows for a popular ad) and their
   * deliveries, retried on its own without matching again.
   */
  async function match(productId: number, now: Date): Promise<MatchFound> {
    const found = await queriesShowingAd(productId, now);
    if (!found) return { candidates: 0, queryIds: [] };
    // Queries compiled with other rules (a synonym changed) are compiled again, once per set of rules.
    if (found.stale) await scheduleRekey(now);
    if (found.confirmed.length) {
      await jobs.enqueue(JOB_KINDS.tell, { productId, sellerId: found.ad.sellerId, queryIds: found.confirmed }, { runAt: now });
    }
    return { candidates: found.candidates, queryIds: found.confirmed, sellerId: found.ad.sellerId };
  }

  /**
   * Tells the searches of the confirmed queries about the ad, each once, in one statement, and
   * queues the instant ones' deliveries in one more. Answers how many searches were newly told.
   */
  async function tell(productId: number, sellerId: number, queryIds: number[], now: Date): Promise<number> {
    const inserted = await repo.alertSearches(queryIds, productId, sellerId);
    const queued: Parameters<JobsService['enqueueMany']>[0] = [];
    for (const row of inserted) {
      if (row.alerts !== 'instant') continue;
      const payload = { savedSearchId: row.savedSearchId, userId: row.userId, productId };
      const key = `${row.savedSearchId}:${productId}`;
      if (row.channels.includes('email'))
        queued.push({ kind: JOB_KINDS.instant, payload: { userId: row.userId }, runAt: now, key: `${row.userId}:${productId}` });
      // The centre and the push are jobs of their own: a push service that fails is retried
      // there, never holding up the e-mail.
      if (deps.notify) queued.push({ kind: JOB_KINDS.notify, payload, runAt: now, key });
      if (deps.push && row.channels.includes('push')) queued.push({ kind: JOB_KINDS.push, payload, runAt: now, key });
    }
    // One statement for all of them: an ad many searches want queues hundreds.
    await jobs.enqueueMany(queued);
    return inserted.length;
  }

  /** Matching and telling at once, without the queue between them (tests, and the benchmark's total). */
  async function matchAd(productId: number, now: Date): Promise<MatchCounts> {
    const found = await queriesShowingAd(productId, now);
    if (!found) return { candidates: 0, confirmed: 0, inserted: 0 };
    if (found.stale) await scheduleRekey(now);
    const inserted = await tell(productId, found.ad.sellerId, found.confirmed, now);
    return { candidates: found.candidates, confirmed: found.confirmed.length, inserted };
  }

  /**
   * The saved queries that show a shown ad: those its keys find, confirmed by their compiled form,
   * or (`byListing` of them: filters not compiled, other rules) by the listing's own predicate.
   * From memory when the percolator is loaded (`via` 'sql' asks the SQL: tests hold both to the
   * listing). Undefined when the ad is gone or not shown.
   */
  async function queriesShowingAd(productId: number, now = new Date(), via: 'memory' | 'sql' = 'memory') {
    const ad = await repo.matchingAd(productId);
    if (!ad) return undefined;
    // The listing's catalog filter shows an ad below a public catalog: its public trail (none when hidden).
    const trail = (await deps.catalog.trailOf(ad.catalogId, 'fi')).map((c) => c.id);
    const catalogs = trail.at(-1) === ad.catalogId ? trail : [];
    const keys = adPercolationKeys({ lexemes: ad.lexemes, catalogs, cityId: ad.cityId, regionId: ad.regionId });
    const rules = await products.percolationRules();
    const inMemory =
      via === 'memory'
        ? await deps.percolator?.match(productId, { ...ad, keys, catalogs, createdMs: ad.createdAt.getTime() }, rules, now.getTime())
        : undefined;
    const found = inMemory ?? (await repo.matchQueries(productId, keys, catalogs, rules));
    const confirmed = [...found.confirmed];
    for (let i = 0; i < found.byListing.length; i += CONFIRM_BATCH) {
      const batch = found.byListing.slice(i, i + CONFIRM_BATCH);
      const shown = await products.bodiesShowingAd(
        batch.map((q) => q.query as SavedSearchQuery),
        productId,
      );
      batch.forEach((q, k) => shown[k] && confirmed.push(q.id));
    }
    return { ad, candidates: found.candidates, confirmed, byListing: found.byListing.length, stale: found.stale };
  }

  /**
   * Queues the compiling of saved queries not compiled (stored by a migration) or compiled with
   * other rules (a synonym added since): once per set of rules across processes (the job's key).
   * Until then such a query is confirmed with the listing's own predicate (an uncompiled one is a
   * candidate for every ad; a stale one may miss an ad found only through the new synonym), so
   * every alert stays true.
   */
  async function scheduleRekey(now: Date): Promise<void> {
    const rules = await products.percolationRules();
    await jobs.enqueue(JOB_KINDS.rekey, { rules }, { runAt: now, key: rules });
  }

  /** Compiles the saved queries not compiled, or compiled with other rules than today's; answers how many. */
  async function rekey(): Promise<number> {
    const rules = await products.percolationRules();
    // Many queries share their words: each word's tsquery is worked out once a run.
    const words = new Map<string, string>();
    let done = 0;
    for (let after = 0; ;) {
      const rows = await repo.staleQueries(rules, after, REKEY_BATCH);
      if (!rows.length) return done;
      const items = [];
      for (const row of rows) items.push({ query: row.query, compiled: { plan: await planOf(row.query as SavedSearchQuery), rules } });
      await repo.compileQueries(items, words);
      done += rows.length;
      after = rows.at(-1)!.id;
    }
  }

  /** A stored query's plan; one the listing now refuses (a rule changed since it was saved) shows nothing. */
  async function planOf(query: SavedSearchQuery): Promise<PercolationPlan> {
    try {
      return await products.percolationPlan(query);
    } catch (error) {
      if (!AppError.is(error)) throw error;
      return { ...(await products.percolationPlan({})), never: true };
    }
  }

  const numberOf = (payload: Record<string, unknown>, key: string) => {
    const value = payload[key];
    if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`job payload without ${key}`);
    return value;
  };
  const { scheduleDigest, sendDigests } = createAlertDelivery(deps, { numberOf, scheduleRekey });

  jobs.register(JOB_KINDS.matchAd, async (payload, job) => {
    await match(numberOf(payload, 'productId'), job.now);
  });
  jobs.register(JOB_KINDS.tell, async (payload, job) => {
    const queryIds = payload.queryIds;
    if (!Array.isArray(queryIds) || !queryIds.every((id) => Number.isInteger(id))) throw new Error('job payload without queryIds');
    await tell(numberOf(payload, 'productId'), numberOf(payload, 'sellerId'), queryIds as number[], job.now);
  });
  jobs.register(JOB_KINDS.rekey, async () => {
    await rekey();
  });
  /** What an unsubscribe token does to its search: stopped now, stopped before, or nothing (a forged token). */
  async function unsubscribe(token: string, apply: boolean) {
    const id = searchOfToken(deps.sealer, token);
    const search = id === undefined ? undefined : await repo.findSearch(id);
    if (!search) return { status: 'invalid' as const };
    if (search.alerts === 'off') return { status: 'already_stopped' as const, name: search.name, locale: search.locale };
    if (!apply) return { status: 'active' as const, name: search.name, locale: search.locale };
    const stopped = await repo.turnOff(search.id);
    return { status: stopped ? ('stopped' as const) : ('already_stopped' as const), name: search.name, locale: search.locale };
  }

  return {
    match,
    tell,
    matchAd,
    queriesShowingAd,
    scheduleDigest,
    scheduleRekey,
    rekey,
    sendDigests,

    /**
     * Queues the matching of an ad that is (again) shown, in the caller's transaction. The key is
     * the ad and its version (its last change), so the same change is matched once however often
     * it is announced, and a later change back to visible is matched again.
     */
    async adVisible(productId: number, version: Date, tx?: Parameters<JobsService['enqueue']>[3]): Promise<void> {
      await jobs.enqueue(JOB_KINDS.matchAd, { productId }, { key: `${productId}:${version.getTime()}` }, tx);
    },

    /**
     * A lifted ban brought a seller's ads back (reports.repo's restoreBanHiddenAds writes them
     * itself): each shown again since `since` is matched, in the caller's transaction.
     */
    async sellerAdsShown(userId: number, since: Date, tx?: Parameters<JobsService['enqueue']>[3]): Promise<void> {
      for (const ad of await repo.shownAdsOf(userId, since, tx)) {
        await jobs.enqueue(JOB_KINDS.matchAd, { productId: ad.id }, { key: `${ad.id}:${ad.updatedAt.getTime()}` }, tx);
      }
    },

    /** RFC 8058 one-click (POST from a mail program): the search's alerts stop. A forged token changes nothing (404). */
    async unsubscribeOneClick(token: string): Promise<{ status: 'stopped' | 'already_stopped'; name: string }> {
      const result = await unsubscribe(token, true);
      if (result.status === 'invalid' || result.status === 'active') throw new AppError('not_found');
      return { status: result.status, name: result.name };
    },

    /** The unsubscribe page: what the token names and whether it is stopped (GET), or stops it (POST). */
    unsubscribePage: (token: string, apply: boolean) => unsubscribe(token, apply),
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
