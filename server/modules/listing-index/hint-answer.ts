import type { AdTable } from './ad-table.ts';
import type { WordCondition } from './title-words.ts';

/**
 * The search hints' ads from memory (issue 28): the newest listed ads whose title has every typed
 * word (search/hints.ts makes the conditions), without a statement. A rare word reads its own ads;
 * common ones walk the ads newest first until the sample is full.
 */

/** A word with at most this many ads is read through its ads rather than by walking all ads. */
export const HINT_GATHER_MAX = 20_000;
/**
 * The most ads a walk reads: hints speak of what is on sale lately, and two common words that
 * seldom meet ("sohva auto") must not cost a walk over every ad.
 */
export const HINT_WALK_CAP = 200_000;

/** The slots of the newest (created desc, id desc) matching ads, at most `limit`. */
export function newestTitled(
  table: AdTable,
  conditions: readonly WordCondition[],
  nowMs: number,
  limit: number,
  { walkCap = HINT_WALK_CAP, gatherMax = HINT_GATHER_MAX } = {},
): number[] {
  if (!conditions.length || conditions.length > 8 || limit <= 0) return [];
  const marked = table.titles.mark(conditions);
  if (marked.some((words) => words.codes.length === 0)) return [];
  const all = (1 << conditions.length) - 1;
  const { id, expires, reserved, titles } = table;
  // Listed and not ended, as the SQL's LISTED and NOT_ENDED (a reserved ad does not end).
  const matches = (slot: number) => id[slot] !== 0 && titles.bitsOf(slot) === all && (reserved[slot] === 1 || !(expires[slot]! <= nowMs));

  const rarest = marked.reduce((a, b) => (b.ads < a.ads ? b : a));
  if (rarest.ads <= gatherMax) {
    const seen = new Set<number>();
    const best: number[] = [];
    titles.forEachPosted(rarest.codes, (slot) => {
      if (seen.has(slot)) return;
      seen.add(slot);
      if (!matches(slot)) return;
      if (best.length === limit && table.newer(slot, best[limit - 1]!) > 0) return;
      let low = 0;
      let high = best.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (table.newer(best[middle]!, slot) < 0) low = middle + 1;
        else high = middle;
      }
      best.splice(low, 0, slot);
      if (best.length > limit) best.pop();
    });
    return best;
  }
  const found: number[] = [];
  let walked = 0;
  table.walkNewest((slot) => {
    if (matches(slot)) found.push(slot);
    return found.length < limit && ++walked < walkCap;
  });
  return found;
}
