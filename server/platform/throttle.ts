import type { Counters } from './counters.ts';
import { AppError } from '../../common/errors.ts';

export interface ThrottleRule {
  /** How many hits the window allows. */
  limit: number;
  windowSeconds: number;
}

/**
 * Throttling on top of the shared counters: `check` refuses once a key has used up its window
 * (429 with Retry-After), `hit` counts one more. Failed log-ins count; successful ones reset.
 */
export function createThrottle(counters: Counters) {
  return {
    async check(key: string, rule: ThrottleRule): Promise<void> {
      const { count, resetSeconds } = await counters.peek(key);
      if (count >= rule.limit) throw new AppError('too_many_requests', { seconds: resetSeconds || rule.windowSeconds });
    },
    async hit(key: string, rule: ThrottleRule): Promise<number> {
      return (await counters.hit(key, rule.windowSeconds)).count;
    },
    /** Counts and refuses in one step: for actions limited whether they succeed or not (mails, uploads). */
    async consume(key: string, rule: ThrottleRule): Promise<void> {
      const { count, resetSeconds } = await counters.hit(key, rule.windowSeconds);
      if (count > rule.limit) throw new AppError('too_many_requests', { seconds: resetSeconds });
    },
    reset: (key: string) => counters.reset(key),
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
