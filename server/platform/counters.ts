import type { Redis } from 'ioredis';

/**
 * Fixed-window counters for throttling (log-in attempts, resets, messages). In one process
 * they live in memory; with REDIS_URL every instance shares them.
 */
export interface Counters {
  /** Adds one and gives the count in the current window and the seconds until it resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>;
  /** The count without adding. */
  peek(key: string): Promise<{ count: number; resetSeconds: number }>;
  /** Takes one back (never below zero, never reviving an ended window). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryCounters(now: () => number = Date.now): Counters {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const sweep = setInterval(() => {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  }, 60_000);
  sweep.unref();

  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) return entry;
    entries.delete(key);
    return undefined;
  };
  const seconds = (entry: { expiresAt: number } | undefined) => (entry ? Math.max(1, Math.ceil((entry.expiresAt - now()) / 1000)) : 0);

  return {
    async hit(key, windowSeconds) {
      const entry = live(key) ?? { count: 0, expiresAt: now() + windowSeconds * 1000 };
      entry.count += 1;
      entries.set(key, entry);
      return { count: entry.count, resetSeconds: seconds(entry) };
    },
    async peek(key) {
      const entry = live(key);
      return { count: entry?.count ?? 0, resetSeconds: seconds(entry) };
    },
    async release(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

const RELEASE_SCRIPT = "if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then return redis.call('decr', KEYS[1]) end return 0";

export function createRedisCounters(redis: Redis, prefix: string): Counters {
  return {
    async hit(key, windowSeconds) {
      const name = prefix + key;
      // INCR and EXPIRE NX in one round trip: the window starts at the first hit.
      const results = await redis.multi().incr(name).expire(name, windowSeconds, 'NX').ttl(name).exec();
      const count = Number(results?.[0]?.[1] ?? 1);
      const ttl = Number(results?.[2]?.[1] ?? windowSeconds);
      return { count, resetSeconds: Math.max(1, ttl) };
    },
    async peek(key) {
      const name = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(name), redis.ttl(name)]);
      return { count: Number(count ?? 0), resetSeconds: Math.max(0, ttl) };
    },
    async release(key) {
      // One step on the server, so a window that ends meanwhile is not brought back at -1.
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {},
  };
}
