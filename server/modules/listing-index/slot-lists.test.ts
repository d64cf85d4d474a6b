import { describe, expect, it } from 'vitest';
import { SlotLists } from './slot-lists.ts';

describe('slot lists', () => {
  it('keeps each slot its last list through rewrites, clears, growth and compaction', () => {
    const lists = new SlotLists((n) => new Int32Array(n));
    lists.growSlots(4096);
    const expected = new Map<number, number[]>();
    // Enough rewrites that the garbage passes the compaction threshold several times.
    for (let step = 0; step < 120_000; step++) {
      const slot = (step * 7919) % 4096;
      if (step % 11 === 0) {
        lists.clear(slot);
        expected.delete(slot);
        continue;
      }
      const values = Array.from({ length: 1 + (step % 5) }, (_, i) => step + i);
      lists.set(slot, values);
      expected.set(slot, values);
    }
    for (let slot = 0; slot < 4096; slot++) {
      const start = lists.start[slot]!;
      expect([...lists.data.subarray(start, start + lists.length[slot]!)]).toEqual(expected.get(slot) ?? []);
    }
    // Compacted: the data is not the 400,000 values written but about what is alive.
    expect(lists.data.length).toBeLessThan(100_000);
  });
});
