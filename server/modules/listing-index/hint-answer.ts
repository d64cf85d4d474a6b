import type { AdTable } from './ad-table.ts';
import type { WordCondition } from './title-words.ts';

/**
 * The search hints' ads from memory (issue 28): the newest listed ads whose title has every typed
 * word (search/hints.ts makes the conditions), without a statement. The ads of the typed word with
 * the fewest are read newest first, each of its words' lists until the page is full and the list
 * has only older ads left.
 */

/**
 * The most ads a hint reads: two common words that seldom meet ("sohva auto") must not cost a read
 * of every sofa. Hints speak of what is on sale lately; a search finds the rest.
 */
export const HINT_READ_CAP = 50_000;

/** The slots of the newest (created desc, id desc) matching ads, at most `limit`. */
export function newestTitled(
  table: AdTable,
  conditions: readonly WordCondition[],
  nowMs: number,
  limit: number,
  readCap = HINT_READ_CAP,
): number[] {
  if (!conditions.length || conditions.length > 8 || limit <= 0) return [];
  const marked = table.titles.mark(conditions);
  if (marked.some((words) => words.codes.length === 0)) return [];
  const all = (1 << conditions.length) - 1;
  const { id, created, expires, reserved, titles } = table;
  const rarest = marked.reduce((a, b) => (b.ads < a.ads ? b : a));
  const best: number[] = [];
  const wantedFrom = () => (best.length < limit ? -Infinity : created[best[limit - 1]!]!);
  titles.forEachPosted(
    rarest.codes,
    (slot) => {
      // Listed and not ended, as the SQL's LISTED and NOT_ENDED (a reserved ad does not end).
      if (id[slot] === 0 || titles.bitsOf(slot) !== all || (reserved[slot] === 0 && expires[slot]! <= nowMs)) return;
      if (best.length === limit && table.newer(slot, best[limit - 1]!) > 0) return;
      table.insertByDate(best, slot);
      if (best.length > limit) best.pop();
    },
    wantedFrom,
    readCap,
  );
  return best;
}
