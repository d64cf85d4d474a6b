/**
 * Shared catch-ups for an in-memory copy of database rows (the listing's index, the alerts'
 * saved queries): a caller waits for a run of `catchUp` that began after it asked, so what it
 * then reads holds every write committed before its call, and callers that arrive while a run is
 * on share the next one instead of each starting its own statement.
 */
export function freshRuns(catchUp: () => Promise<void>): () => Promise<void> {
  /** Callers are numbered; a run covers every caller numbered up to its start. */
  let asked = 0;
  let running: { covers: number; done: Promise<void> } | undefined;

  return async function fresh(): Promise<void> {
    const ticket = ++asked;
    for (;;) {
      if (running && running.covers >= ticket) return running.done;
      if (running) {
        await running.done.catch(() => undefined);
        continue;
      }
      const covers = asked;
      const done = catchUp().finally(() => {
        if (running?.done === done) running = undefined;
      });
      running = { covers, done };
      return done;
    }
  };
}
