/**
 * The search's plan as pure functions: the time passes of a text search (time-passes.ts, run by
 * search.repo.ts), the newest blocks of days first, sized by the rate of matches found, last without a
 * time limit; and how far a vocabulary word may be from a typed one to count as its correction.
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

/** Damerau–Levenshtein distance (adjacent swaps count one), for accepting a vocabulary word as a correction. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[x.length]![y.length]!;
}

/** How many edits a misspelling of a word this long may have: one up to five letters, two beyond. */
export const allowedEdits = (word: string) => ([...word].length <= 5 ? 1 : 2);
