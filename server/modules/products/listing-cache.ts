/**
 * A short-lived cache of listing results in this process, keyed by the normalized query.
 * Popular searches and the front page are asked for far more often than ads change, so a few
 * seconds of reuse take most of the load off the database; identical requests that arrive while
 * the first is still running share its answer instead of running the same query again.
 * A change to the ads (publish, status, edit, delete) clears it at once in this instance; other
 * instances see the change within the TTL.
 */
export interface ListingCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  readonly size: number;
}

export function createListingCache<T>(options: { ttlMs: number; maxEntries: number; now?: () => number }): ListingCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  let generation = 0;

  return {
    get(key, load) {
      if (options.ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.expires > now()) {
        // Most recently used last: the oldest entry is the first to go.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const started = generation;
      const value = load();
      entries.delete(key);
      entries.set(key, { expires: now() + options.ttlMs, value });
      // A failure is not remembered, and neither is an answer that started before a clear().
      const forget = () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      };
      value.then(() => {
        if (started !== generation) forget();
      }, forget);
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
