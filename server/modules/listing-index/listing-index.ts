import type { ListingQuery } from '../products/listing-query.ts';
import { AdTable } from './ad-table.ts';
import { type IndexAnswer, answerQuery } from './answer.ts';
import type { ListingIndexRepo } from './listing-index.repo.ts';
import { COUNT_CAP } from '../products/listing-pages.ts';
import { newestTitled } from './hint-answer.ts';
import type { CardRow } from '../ads/ads.repo.ts';
import type { WordCondition } from './title-words.ts';
import { memoryCopy } from '../../platform/memory-copy.ts';

/**
 * The listing's in-memory index (issue 26): each process keeps the listed ads' filter columns and
 * answers listings without words from them — the car search with its facets and the radius search
 * walk memory instead of the ads' rows. Before each answer it reads what changed since it last
 * looked (one indexed statement, shared by the requests that arrive meanwhile), so an answer is
 * never older than the writes committed before the request: a seller sees the ad they just posted,
 * on any instance. Until the first load ends, and for searches with words, the SQL answers.
 */

export interface ListingIndexOptions {
  /**
   * The clock the listing's end is read at. The database's own `now()` decides the SQL's answer,
   * so the default is the machine's clock, not a test's.
   */
  now?: () => number;
  /** A load or catch-up failing is reported here; the SQL answers meanwhile. */
  onError?: (error: unknown) => void;
  /** Changes are kept this long (the housekeeping prunes them); an index that slept longer reloads. */
  changesKeptMs?: number;
}

/** How long change rows are kept: far longer than a request's wait, short enough to stay small. */
export const CHANGES_KEPT_MS = 24 * 3_600_000;

export function createListingIndex(repo: ListingIndexRepo, options: ListingIndexOptions = {}) {
  const now = options.now ?? Date.now;
  const changesKeptMs = options.changesKeptMs ?? CHANGES_KEPT_MS;
  let table: AdTable | undefined;
  let xmin = '';
  let caughtUpAt = 0;

  /** Reads every listed ad into a new table; the old one answers until it is done. */
  async function load(): Promise<void> {
    const next = new AdTable();
    // Changes from this snapshot on are read after the load: none is lost, some are read twice.
    const from = await repo.snapshotXmin();
    next.reserveByCatalog(await repo.listedPerCatalog());
    let after = 0;
    for (;;) {
      const batch = await repo.listedAfter(after);
      for (const ad of batch) next.put(ad);
      if (!batch.length) break;
      after = batch[batch.length - 1]!.id;
    }
    next.seal();
    xmin = from;
    table = next;
    caughtUpAt = now();
    await catchUp();
  }

  /** Applies the changes since the last look. */
  async function catchUp(): Promise<void> {
    const started = now();
    if (started - caughtUpAt > changesKeptMs / 2) {
      // The change rows of the time slept may be pruned already: read everything again.
      caughtUpAt = started;
      return load();
    }
    const changed = await repo.changedSince(xmin);
    if (changed.ids.length) {
      const listed = await repo.listedOf(changed.ids);
      const stillListed = new Set(listed.map((ad) => ad.id));
      for (const id of changed.ids) if (!stillListed.has(id)) table!.remove(id);
      for (const ad of listed) table!.put(ad);
    }
    xmin = changed.xmin;
    caughtUpAt = started;
  }

  const copy = memoryCopy({ copy: () => table, load, catchUp, drop: () => (table = undefined), onError: options.onError });
  const current = copy.current;

  return {
    /** Starts the first load (again after a failure); answers come from SQL until it ends. */
    start: copy.start,

    get ready(): boolean {
      return table !== undefined;
    },

    /** How many ads the index holds (for the health page and tests). */
    get size(): number {
      return table?.count ?? 0;
    },

    /**
     * A listing without words from memory, its cards too, up to date with every committed write; undefined when
     * the SQL must answer: words, a distance sort with no towns, the index not loaded, or a failed
     * catch-up (reported, and the next request tries again).
     */
    async answer(query: ListingQuery): Promise<(IndexAnswer & { cards: CardRow[] }) | undefined> {
      if (query.terms.length || (query.sort === 'distance_asc' && !query.townOrder?.length)) return undefined;
      const ads = await current();
      if (!ads) return undefined;
      const found = answerQuery(ads, query, now(), COUNT_CAP);
      return { ...found, cards: found.ids.map((id) => ads.cardOf(ads.slotOf(id))) };
    },

    /**
     * The search hints' ads: the newest listed ads whose titles meet any of the readings of the typed
     * text (each a condition per word), at most `limit`, id, title and catalog; undefined when the
     * SQL must answer (not loaded, a failed catch-up).
     */
    async hintMatches(
      readings: readonly (readonly WordCondition[])[],
      limit: number,
    ): Promise<{ id: number; name: string; catalogId: number }[] | undefined> {
      const ads = await current();
      if (!ads) return undefined;
      const slots = [...new Set(readings.flatMap((conditions) => newestTitled(ads, conditions, now(), limit)))];
      return slots
        .sort((a, b) => ads.newer(a, b))
        .slice(0, limit)
        .map((slot) => ({ id: ads.id[slot]!, name: ads.titles.titleOf(slot), catalogId: ads.catalog[slot]! }));
    },
  };
}
export type ListingIndex = ReturnType<typeof createListingIndex>;
