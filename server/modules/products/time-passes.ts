/**
 * The time passes of a text search (products.repo.ts searchActive): the newest blocks of days
 * first, sized by the rate of matches found, last without a time limit.
 */

/** A pass of a text search: the last `count` time blocks of `size` days, the current one partly gone by. */
export interface TimePass {
  size: number;
  count: number;
}

/** At most this many time blocks OR-ed in one pass (each is an index condition of its own). */
export const MAX_BLOCKS_A_PASS = 4;

/** How many days the pass covers up to `nowDays` (days since 1970, with the part of today gone by). */
export function passDays(pass: TimePass, nowDays: number): number {
  return nowDays - (Math.floor(nowDays / pass.size) - pass.count + 1) * pass.size;
}

/**
 * After a pass that covered the last `covered` days and found `found` (< limit) matches: the
 * next pass expected to hold `limit` at a cautious rate (two standard deviations below the rate
 * found) — the smallest block size whose last few blocks (at most MAX_BLOCKS_A_PASS) cover that
 * many days — or undefined: the pass without a time limit, also when a handful of matches says
 * too little to size a pass by. A pass reads every match in its days from the table to find the
 * newest, so the closer it comes to `limit`, the less it reads (a 32-day pass where 12 days would
 * do read four times the rows needed); one that falls short costs a whole pass more. Which passes
 * run never changes the answer, only its cost.
 */
export function nextPass(sizes: readonly number[], nowDays: number, covered: number, found: number, limit: number): TimePass | undefined {
  const low = found - 2 * Math.sqrt(found);
  if (low <= 0) return undefined;
  const needed = (covered * limit) / low;
  for (const size of sizes) {
    const current = nowDays - Math.floor(nowDays / size) * size;
    const count = 1 + Math.max(0, Math.ceil((needed - current) / size));
    if (count > MAX_BLOCKS_A_PASS) continue;
    const pass = { size, count };
    if (passDays(pass, nowDays) > covered) return pass;
  }
  return undefined;
}
