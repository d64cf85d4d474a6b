/**
 * Asks for a page over and over until stopped, recording whether each answer held what the test waits
 * for, in order: a test that changes something can then show that once an answer held the new state,
 * no later one went back to the old.
 */
export function keepAsking(ask: () => Promise<string>, holds: (body: string) => boolean) {
  const seen: boolean[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) seen.push(holds(await ask()));
  })();
  return {
    seen,
    async stop() {
      stopped = true;
      await done;
    },
  };
}
