import { describe, expect, it } from 'vitest';
import { CatalogRuns } from './catalog-runs.ts';

describe('the catalogs’ runs of slots', () => {
  it('walk a catalog’s home from its end, skipping what another catalog took, then its strays', () => {
    const runs = new CatalogRuns();
    // Catalog 4 counted 3 ads, catalog 2 counted 2: homes [0, 2) and [2, 5).
    expect(
      runs.reserve([
        [4, 3],
        [2, 2],
        [9, 0],
      ]),
    ).toBe(5);
    const catalog = new Int32Array(8);
    const id = new Int32Array(8);
    const put = (catalogId: number, slot: number, adId: number) => {
      catalog[slot] = catalogId;
      id[slot] = adId;
      runs.add(catalogId, slot);
    };
    expect([runs.roomOf(2), runs.roomOf(4), runs.roomOf(4), runs.roomOf(2), runs.roomOf(2), runs.roomOf(9)]).toEqual([
      0,
      2,
      3,
      1,
      undefined,
      undefined,
    ]);
    put(2, 0, 10);
    put(4, 2, 11);
    put(4, 3, 12);
    put(2, 1, 13);
    // Catalog 2's third ad goes after the homes; catalog 4's unused slot 4 is handed back.
    put(2, 5, 14);
    expect(runs.endLoad()).toEqual([4]);
    // The unused slot is taken by an ad of catalog 2: a stray of it, outside its home.
    put(2, 4, 15);
    // Catalog 4's ad in slot 2 leaves, and an ad of catalog 2 takes the slot: a stray in 4's home.
    id[2] = 0;
    runs.delete(4, 2);
    put(2, 2, 16);
    // A walk: the home from its end (the slots of the catalog's live ads), then the strays.
    const walk = (catalogId: number) => {
      const slots: number[] = [];
      const home = runs.home(catalogId);
      if (home)
        for (let slot = home.end - 1; slot >= home.start; slot--) if (catalog[slot] === catalogId && id[slot] !== 0) slots.push(slot);
      runs.straysOf(catalogId)?.forEach((slot) => slots.push(slot));
      return slots;
    };
    expect(walk(2)).toEqual([1, 0, 5, 4, 2]);
    expect(walk(4)).toEqual([3]);
    expect([runs.size(2), runs.size(4), runs.size(7)]).toEqual([5, 1, 0]);
    runs.delete(2, 5);
    id[5] = 0;
    expect(walk(2)).toEqual([1, 0, 4, 2]);
  });

  it('without a reservation keeps every ad as a stray', () => {
    const runs = new CatalogRuns();
    expect(runs.roomOf(3)).toBeUndefined();
    runs.add(3, 0);
    runs.add(3, 1);
    expect(runs.home(3)).toBeUndefined();
    expect([...runs.straysOf(3)!]).toEqual([0, 1]);
    expect(runs.size(3)).toBe(2);
  });
});
