import { memoryCopy } from '../../platform/memory-copy.ts';
import type { PercolatorRepo } from './percolator.repo.ts';
import { QueryTable, type QueryTableAd } from './query-table.ts';
import type { QueryMatches } from './alerts.repo.ts';

/**
 * Matching new ads from memory (issue 29): a process that matches keeps the compiled saved queries
 * (query-table.ts) and finds and confirms an ad's queries without a statement per candidate —
 * the SQL's way costs an index probe per candidate, hundreds an ad. Before each match it reads
 * the queries written since it last looked (one indexed statement, shared by the matches that
 * arrive meanwhile), so a search saved before the ad was shown is never missed. Loaded at the
 * first match of the process (which, and every match until the load ends, the SQL answers);
 * loaded again when queries compiled anew have left too many old keys behind.
 */

export interface PercolatorOptions {
  /** A load or catch-up failing is reported here; the SQL matches meanwhile. */
  onError?: (error: unknown) => void;
}

export function createPercolator(repo: PercolatorRepo, options: PercolatorOptions = {}) {
  let table: QueryTable | undefined;
  let xmin = '';
  let stopped = false;

  /** Reads every query into a new table; the old one answers until it is done. */
  async function load(): Promise<void> {
    const next = new QueryTable();
    // Writes from this snapshot on are read after the load: none is lost, some are read twice.
    const from = await repo.snapshotXmin();
    for (let after = 0; !stopped;) {
      const batch = await repo.queriesAfter(after);
      if (!batch.length) break;
      for (const query of batch) next.put(query);
      after = batch[batch.length - 1]!.id;
    }
    if (stopped) return;
    xmin = from;
    table = next;
    await copy.fresh();
  }

  /** Applies the writes since the last look. */
  async function catchUp(): Promise<void> {
    const written = await repo.writtenSince(xmin);
    for (const query of written.queries) table!.put(query);
    xmin = written.xmin;
    // Queries compiled anew (new rules) keep their old keys until a reload: harmless, but not for ever.
    if (table!.garbage > 0.5) copy.reload();
  }

  const copy = memoryCopy({ copy: () => table, load, catchUp, drop: () => (table = undefined), onError: options.onError });

  return {
    /** Starts the load (again after a failure); resolves when it ended, loaded or not. */
    start: copy.start,

    get ready(): boolean {
      return table !== undefined;
    },

    /** How many queries it holds. */
    get size(): number {
      return table?.size ?? 0;
    },

    /** Stops a load under way (the app is closing). */
    stop(): void {
      stopped = true;
    },

    /**
     * The queries the shown ad's keys find, confirmed as `alerts.repo.ts` `matchQueries` confirms
     * them, up to date with every query written before the call: in memory, but for the words of a
     * tsquery the table does not read (PostgreSQL tests them) and the bodies of those the listing
     * confirms. Undefined when the SQL must answer: not loaded yet (the load starts), or the
     * catch-up failed (reported; the next match tries again).
     */
    async match(productId: number, ad: QueryTableAd, rules: string, nowMs: number): Promise<QueryMatches | undefined> {
      const current = await copy.current();
      if (!current) return undefined;
      const found = current.match(ad, rules, nowMs);
      const [byWords, byListing] = await Promise.all([repo.wordsMet(productId, found.byWords), repo.bodiesOf(found.byListing)]);
      return { candidates: found.candidates, confirmed: [...found.confirmed, ...byWords], byListing, stale: found.stale };
    },
  };
}

export type Percolator = ReturnType<typeof createPercolator>;
