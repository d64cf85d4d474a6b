/**
 * A value every process keeps in memory and reads again when a stored version number changes (the
 * catalog tree and its fields: staff changes raise the version in their transaction). The version
 * is compared at most every `checkMs`, by one check at a time; `invalidate` forgets the value at
 * once in this process. A failed read is not kept: the next call reads again.
 */
export function createVersionedCache<T extends { version: number }>(options: {
  read: () => Promise<T>;
  version: () => Promise<number>;
  checkMs: number;
}) {
  let cache: Promise<T> | undefined;
  let checkedAt = 0;
  let checking: Promise<void> | undefined;

  const invalidate = () => {
    cache = undefined;
  };

  async function checkVersion(current: Promise<T>): Promise<void> {
    try {
      const [stored, snapshot] = await Promise.all([options.version(), current]);
      if (stored !== snapshot.version && cache === current) invalidate();
    } catch {
      // Keep serving what we have; the next check asks again.
    } finally {
      checkedAt = Date.now();
      checking = undefined;
    }
  }

  async function load(): Promise<T> {
    if (cache && Date.now() - checkedAt >= options.checkMs) {
      checking ??= checkVersion(cache);
      await checking;
    }
    if (!cache) {
      const loading = options.read();
      cache = loading;
      checkedAt = Date.now();
      loading.catch(() => {
        if (cache === loading) cache = undefined;
      });
    }
    return cache;
  }

  return { load, invalidate };
}
