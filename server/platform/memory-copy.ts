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

/**
 * The loading and catching up of an in-memory copy of database rows: loaded once, in the
 * background (the caller's SQL answers until then), then brought up to date before each use by a
 * shared catch-up (`freshRuns`). A failed load drops the copy and a failed catch-up answers
 * undefined, each reported; the next use tries again.
 */
export function memoryCopy<T>(source: {
  /** The copy now; undefined until a load ends. */
  copy: () => T | undefined;
  /** Reads a new copy and puts it in place (the old one answers until then), caught up to the load's start. */
  load: () => Promise<void>;
  /** Brings the copy up to date with the writes since the last look. */
  catchUp: () => Promise<void>;
  /** A load failed: the copy is dropped. */
  drop: () => void;
  onError?: (error: unknown) => void;
}) {
  let loading: Promise<void> | undefined;
  let reloading = false;
  const fresh = freshRuns(source.catchUp);

  /** Starts the load (again after a failure); resolves when it ended, loaded or not. */
  function start(): Promise<void> {
    loading ??= source.load().catch((error: unknown) => {
      loading = undefined;
      source.drop();
      source.onError?.(error);
    });
    return loading;
  }

  return {
    start,
    /** Waits for a catch-up that began after the call (joining one when it can). */
    fresh,

    /** Loads a new copy in the background, unless one is loading already; the old copy answers meanwhile. */
    reload(): void {
      if (reloading) return;
      reloading = true;
      loading = undefined;
      void start().finally(() => (reloading = false));
    },

    /**
     * The copy, up to date with every write committed before the call; undefined when the SQL must
     * answer: not loaded yet (the load starts), or the catch-up failed (reported; the next call tries again).
     */
    async current(): Promise<T | undefined> {
      if (source.copy() === undefined) {
        void start();
        return undefined;
      }
      try {
        await fresh();
      } catch (error) {
        source.onError?.(error);
        return undefined;
      }
      return source.copy();
    },
  };
}
