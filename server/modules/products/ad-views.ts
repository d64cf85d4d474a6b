import { isbot } from 'isbot';
import { PUBLIC_AD_STATUSES } from '../../../common/ad-rules.ts';
import type { Counters } from '../../platform/counters.ts';

/** One visitor's views of one ad count once in this time. */
export const VIEW_WINDOW_SECONDS = 6 * 60 * 60;
/** How often the views counted in this process are written to the ads' rows. */
export const VIEW_FLUSH_MS = 10_000;

/** A visit to an ad's page, as the page or the API saw it. */
export interface AdVisit {
  ad: { id: number; userId: number; status: string };
  /** The signed-in viewer's account id; null for a visitor. */
  viewerId: number | null;
  ip: string;
  userAgent: string | undefined;
}

export interface AdViewCounter {
  /** Notes a visit: returns at once, never throws, and never makes the page wait for a database or Redis. */
  record(visit: AdVisit): void;
  /** Writes the views counted so far, in one statement (the timer calls it; tests and shutdown too). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
}

/**
 * Is this a view a person made? Not the seller's own, not a robot's (search engines, link
 * previews, monitors, scripts: by user agent; no user agent at all is a script too), and only of
 * an ad the public can open.
 */
export function countsAsView(visit: AdVisit): boolean {
  if (visit.viewerId === visit.ad.userId) return false;
  if (!(PUBLIC_AD_STATUSES as readonly string[]).includes(visit.ad.status)) return false;
  return !!visit.userAgent && !isbot(visit.userAgent);
}

/**
 * The ad-view counter of the dashboard (`products.view_count`), batched: an ad page never waits
 * for it. A view is deduplicated per visitor (the account, or the address) and ad through the
 * shared counters (memory, or Redis when configured, so every instance agrees), added up in this
 * process, and written every ten seconds with one UPDATE for all the ads viewed meanwhile; each
 * instance adds its own sums, so nothing is counted twice. A crash loses at most those seconds.
 */
export function createAdViewCounter(deps: {
  counters: Counters;
  /** Adds each ad's new views to its row (one statement). */
  addViews: (views: ReadonlyMap<number, number>) => Promise<void>;
  flushMs?: number;
  log?: (message: string, detail: Record<string, unknown>) => void;
}): AdViewCounter {
  let pending = new Map<number, number>();
  /** Deduplication checks on their way: a flush waits for them, so no view is left behind. */
  const checking = new Set<Promise<void>>();

  async function check(visit: AdVisit) {
    const who = visit.viewerId !== null ? `user:${visit.viewerId}` : `ip:${visit.ip}`;
    const { count } = await deps.counters.hit(`ad-view:${visit.ad.id}:${who}`, VIEW_WINDOW_SECONDS);
    if (count === 1) pending.set(visit.ad.id, (pending.get(visit.ad.id) ?? 0) + 1);
  }

  async function flush() {
    await Promise.all(checking);
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await deps.addViews(batch);
    } catch (error) {
      // Kept for the next round rather than lost (a database restart, a deadlock).
      for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
      deps.log?.('could not write ad views', { err: error, ads: batch.size });
    }
  }

  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = flush();
  }, deps.flushMs ?? VIEW_FLUSH_MS);
  timer.unref();

  return {
    record(visit) {
      if (!countsAsView(visit)) return;
      const work = check(visit).catch((error: unknown) => deps.log?.('could not count an ad view', { err: error, adId: visit.ad.id }));
      checking.add(work);
      void work.finally(() => checking.delete(work));
    },
    flush,
    async stop() {
      clearInterval(timer);
      await running;
      await flush();
    },
  };
}
