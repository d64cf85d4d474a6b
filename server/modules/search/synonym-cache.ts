import { type Synonyms, synonymsFrom } from './search-terms.ts';

/** The synonym table is read again after this long (staff edits show within a minute). */
export const SYNONYMS_TTL_MS = 60_000;

/**
 * The synonym table as a lookup, read at most once a minute per process (each query's terms are
 * made with it), and at once after a change made here. A failed read is not kept: the next search
 * reads again.
 */
export function createSynonymCache(read: () => Promise<{ groupId: number; word: string }[]>, clock: () => number = () => Date.now()) {
  let cached: { at: number; value: Promise<Synonyms> } | undefined;
  return {
    get(): Promise<Synonyms> {
      const now = clock();
      if (!cached || now - cached.at > SYNONYMS_TTL_MS) {
        const value = read().then(synonymsFrom);
        cached = { at: now, value };
        value.catch(() => (cached = undefined));
      }
      return cached.value;
    },
    /** Staff changed the table in this process: the next search reads it. */
    clear(): void {
      cached = undefined;
    },
  };
}
