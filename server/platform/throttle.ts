import type { Counters } from './counters.ts';
import { AppError } from '../../common/errors.ts';

export interface ThrottleRule {
  /** How many hits the window allows. */
  limit: number;
  windowSeconds: number;
}

/** One counted attempt: settle it once the work is done. A failure needs nothing: it stays counted. */
export interface Attempt {
  /** The work succeeded and ends the run of failures (a right password): the count starts again. */
  succeeded(): Promise<void>;
  /** The work succeeded and should not count against this key at all (a right password, per address). */
  giveBack(): Promise<void>;
}

/**
 * Throttling on top of the shared counters. Every rule counts *before* the work, in one atomic
 * step on the shared counter, and refuses once the window is used up (429 with Retry-After): a
 * burst sent in parallel gets exactly as many tries as the rule allows, whichever instance they
 * reach. There is no "check now, count after": that is what let parallel guesses through.
 */
export function createThrottle(counters: Counters) {
  async function take(key: string, rule: ThrottleRule): Promise<void> {
    const { count, resetSeconds } = await counters.hit(key, rule.windowSeconds);
    if (count > rule.limit) throw new AppError('too_many_requests', { seconds: resetSeconds || rule.windowSeconds });
  }
  return {
    /** Counts and refuses in one step: for actions limited whether they succeed or not (mails, uploads, toggles). */
    consume: take,
    /** Counts an attempt whose success may be forgiven (log-ins, codes, passwords); see Attempt. */
    async attempt(key: string, rule: ThrottleRule): Promise<Attempt> {
      await take(key, rule);
      return { succeeded: () => counters.reset(key), giveBack: () => counters.release(key) };
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;

/**
 * Picture uploads per account (ads and profile pictures together): a seller posting a few ads
 * with ten pictures each stays well within it; a loop of 49-megapixel uploads does not.
 */
export const UPLOADS_PER_USER: ThrottleRule = { limit: 30, windowSeconds: 10 * 60 };
export const uploadsKey = (userId: number) => `uploads:${userId}`;
