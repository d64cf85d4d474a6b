import { describe, expect, it } from 'vitest';
import { freshRuns, memoryCopy } from './memory-copy.ts';

/** A promise and its resolver, to hold a catch-up or a load open. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('the shared catch-up of an in-memory copy', () => {
  it('a caller waits for a run that began after it asked; callers meanwhile share the next run', async () => {
    let runs = 0;
    let hold = gate();
    const fresh = freshRuns(async () => {
      runs++;
      await hold.opened;
    });
    const first = fresh();
    // Asked while the first run is on: it may have missed their writes, so one more run follows, for both.
    const second = fresh();
    const third = fresh();
    expect(runs).toBe(1);
    const held = hold;
    hold = gate();
    held.open();
    await first;
    await Promise.resolve();
    expect(runs).toBe(2);
    hold.open();
    await Promise.all([second, third]);
    expect(runs).toBe(2);
  });
});

describe('an in-memory copy of database rows', () => {
  function copyOf(options: { failLoads?: number; failCatchUps?: number } = {}) {
    let copy: { loaded: number } | undefined;
    let loads = 0;
    let catchUps = 0;
    let failLoads = options.failLoads ?? 0;
    let failCatchUps = options.failCatchUps ?? 0;
    const errors: unknown[] = [];
    const memory = memoryCopy({
      copy: () => copy,
      load: async () => {
        loads++;
        if (failLoads-- > 0) throw new Error('load failed');
        copy = { loaded: loads };
      },
      catchUp: async () => {
        catchUps++;
        if (failCatchUps-- > 0) throw new Error('catch-up failed');
      },
      drop: () => (copy = undefined),
      onError: (error) => errors.push(error),
    });
    return { memory, errors, counts: () => ({ loads, catchUps }) };
  }

  it('answers nothing until loaded (the load starts), then the copy caught up before each use', async () => {
    const { memory, counts } = copyOf();
    expect(await memory.current()).toBeUndefined();
    await memory.start();
    expect(await memory.current()).toEqual({ loaded: 1 });
    expect(await memory.current()).toEqual({ loaded: 1 });
    expect(counts()).toEqual({ loads: 1, catchUps: 2 });
  });

  it('a failed load is reported and tried again at the next use; a failed catch-up answers nothing that once', async () => {
    const { memory, errors } = copyOf({ failLoads: 1, failCatchUps: 1 });
    await memory.start();
    expect(errors).toHaveLength(1);
    expect(await memory.current()).toBeUndefined();
    await memory.start();
    expect(await memory.current()).toBeUndefined();
    expect(errors).toHaveLength(2);
    expect(await memory.current()).toEqual({ loaded: 2 });
  });

  it('a reload puts a new copy in place, once however often it is asked while it runs', async () => {
    const { memory, counts } = copyOf();
    await memory.start();
    memory.reload();
    memory.reload();
    await memory.start();
    expect(counts().loads).toBe(2);
    expect(await memory.current()).toEqual({ loaded: 2 });
  });
});
