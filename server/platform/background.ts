/**
 * Work that runs after the answer has gone: its time is not the request's (a reply must not take
 * longer because an account exists), and its failure is logged, never thrown at the caller.
 * In memory and in this process: what must survive a restart or run once across instances goes
 * to a database-backed queue instead.
 */
export function createBackgroundWork(log: (message: string, detail: Record<string, unknown>) => void) {
  const pending = new Set<Promise<void>>();
  return {
    run(name: string, work: () => Promise<void>): void {
      const running: Promise<void> = work()
        .catch((error: unknown) => log('background work failed', { work: name, error: String(error) }))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    /** Resolves once everything started so far has finished (shutdown, tests). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
