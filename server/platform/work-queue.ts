/**
 * At most `limit` pieces of heavy work at once in this process; the rest wait their turn in
 * arrival order. Picture decoding is the case: a burst of uploads then queues instead of taking
 * every core from page rendering.
 */
export function createWorkQueue(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        return await work();
      } finally {
        next();
      }
    },
    /** Work under way and waiting, for metrics and tests. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
