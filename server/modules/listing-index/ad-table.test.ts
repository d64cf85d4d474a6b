import { describe, expect, it } from 'vitest';
import type { ListingQuery } from '../products/listing-query.ts';
import { AdTable } from './ad-table.ts';
import { indexedAd } from './ad-table.fixtures.ts';
import { answerQuery } from './answer.ts';

/** The ad table's newest-first order through adds, re-dated ads, removals and merges, against a plain sort. */

const ad = indexedAd;

/** The live ads newest first, as the listing orders them: created desc, id desc. */
function expected(live: Map<number, number>): number[] {
  return [...live].sort(([ia, ca], [ib, cb]) => cb - ca || ib - ia).map(([id]) => id);
}

function walked(table: AdTable): number[] {
  const ids: number[] = [];
  table.walkNewest((slot) => {
    ids.push(table.id[slot]!);
    return true;
  });
  return ids;
}

describe('the ad table', () => {
  it('keeps the newest-first order through 3,000 changes with merges every few', () => {
    const table = new AdTable(7);
    const live = new Map<number, number>();
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let id = 1; id <= 200; id++) {
      const created = Math.floor(next() * 50) * 1000;
      table.put(ad(id, created));
      live.set(id, created);
    }
    table.seal();
    expect(walked(table)).toEqual(expected(live));
    for (let step = 0; step < 3000; step++) {
      const id = 1 + Math.floor(next() * 400);
      const roll = next();
      if (roll < 0.3) {
        table.remove(id);
        live.delete(id);
      } else {
        // A new ad, a re-dated one (a renewal), or one changed in place: ties to the microsecond too.
        const created = roll < 0.8 ? Math.floor(next() * 60) * 1000 : (live.get(id) ?? 5000);
        table.put(ad(id, created, { priceCents: step }));
        live.set(id, created);
      }
      if (step % 97 === 0) expect(walked(table)).toEqual(expected(live));
    }
    expect(walked(table)).toEqual(expected(live));
    expect(table.count).toBe(live.size);
  });

  it('stops a walk by date at the page and the count cap, with the page a full walk gives', () => {
    const table = new AdTable(5);
    for (let id = 1; id <= 500; id++) table.put(ad(id, (id % 37) * 1000));
    table.seal();
    for (let id = 501; id <= 520; id++) table.put(ad(id, (id % 41) * 1000));
    const query: ListingQuery = { catalogIds: [2], cityIds: [11, 12], regionIds: [], terms: [], sort: 'image_desc', limit: 10, offset: 20 };
    // (Catalogs count as large here, so the walk goes by date.)
    const early = answerQuery(table, query, Date.now(), 40, 0);
    const whole = answerQuery(table, query, Date.now(), 1_000_000, 0);
    // A small catalog's own ads, walked whole: the same page.
    expect(answerQuery(table, query, Date.now(), 40).ids).toEqual(whole.ids);
    expect(early.ids).toEqual(whole.ids);
    expect(early.ids).toHaveLength(10);
    expect(early.matched).toBe(40);
    expect(whole.matched).toBeGreaterThan(40);
    // Price order walks every ad: the heap gives the same page as a sort of them all.
    const byPrice = answerQuery(table, { ...query, sort: 'price_asc' }, Date.now(), 40, 0);
    expect(byPrice.matched).toBe(whole.matched);
  });

  it('keeps the ads of each choice value through changes and removals', () => {
    const table = new AdTable(3);
    const fuels = ['petrol', 'diesel', 'hybrid'];
    const live = new Map<number, string>();
    for (let step = 0; step < 2000; step++) {
      const id = 1 + ((step * 37) % 150);
      if (step % 7 === 0) {
        table.remove(id);
        live.delete(id);
      } else {
        const fuel = fuels[(step * 13) % 3]!;
        table.put(ad(id, step, { choices: [`fuel=${fuel}`] }));
        live.set(id, fuel);
      }
      if (step === 100) table.seal();
    }
    for (const fuel of fuels) {
      const found: number[] = [];
      table.forEachPosted((slot) => found.push(table.id[slot]!), {}, [[table.codeOf(`fuel=${fuel}`)]]);
      const expectedIds = [...live].filter(([, f]) => f === fuel).map(([id]) => id);
      expect(found.sort((a, b) => a - b)).toEqual(expectedIds.sort((a, b) => a - b));
    }
    // Two lists with shared ads: each ad once.
    const both: number[] = [];
    const petrol = table.codeOf('fuel=petrol');
    table.forEachPosted((slot) => both.push(slot), {}, [[petrol], [petrol, table.codeOf('fuel=diesel')]]);
    expect(new Set(both).size).toBe(both.length);
  });

  it('loads each catalog’s ads side by side in the room counted for it; an ad beyond it goes after, room left over is reused', () => {
    const table = new AdTable(3);
    // Counted before the load: catalog 1 lists 3 ads, catalog 2 lists 2, catalog 3 lists 2.
    table.reserveByCatalog([
      [2, 2],
      [1, 3],
      [3, 2],
    ]);
    // Loaded in id order: catalog 1 got a fourth ad meanwhile, catalog 3 lost one.
    const loaded = [ad(1, 10, { catalogId: 2 }), ad(2, 20, { catalogId: 1 }), ad(3, 30, { catalogId: 3 }), ad(4, 40, { catalogId: 1 })];
    loaded.push(ad(5, 50, { catalogId: 1 }), ad(6, 60, { catalogId: 2 }), ad(7, 70, { catalogId: 1 }));
    for (const one of loaded) table.put(one);
    table.seal();
    const slotOf = (id: number) => table.slotOf(id);
    expect([2, 4, 5].map(slotOf)).toEqual([0, 1, 2]);
    expect([1, 6].map(slotOf)).toEqual([3, 4]);
    expect(slotOf(3)).toBe(5);
    expect(slotOf(7)).toBe(7);
    expect(walked(table)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    // The room catalog 3 did not use (slot 6) is free: the next new ad takes it.
    table.put(ad(8, 80, { catalogId: 3 }));
    expect(slotOf(8)).toBe(6);
    expect(walked(table)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    const inCatalog: number[] = [];
    table.forEachSlot((slot) => inCatalog.push(table.id[slot]!), {}, [1]);
    expect(inCatalog.sort((a, b) => a - b)).toEqual([2, 4, 5, 7]);
  });

  it('filters and counts by the fields’ columns as a plain reading of the ads does, through changes, removals and a field that gets several values', () => {
    const table = new AdTable(11);
    // Homes for the first ads (scanned column by column); later ads and those beyond are strays.
    table.reserveByCatalog([
      [1, 120],
      [2, 30],
    ]);
    const makes = ['audi', 'skoda', 'volvo'];
    const kit = ['hook', 'heater', 'roof'];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)]!;
    type Car = { make: string; kit: string[]; year?: number };
    const live = new Map<number, Car>();
    for (let step = 0; step < 2500; step++) {
      const id = 1 + Math.floor(next() * 300);
      if (next() < 0.2) {
        table.remove(id);
        live.delete(id);
      } else {
        // Until step 1200 an ad has one piece of equipment at most (a column); then some have two.
        const car: Car = { make: pick(makes), kit: next() < 0.5 ? [] : step < 1200 ? [pick(kit)] : [...new Set([pick(kit), pick(kit)])] };
        if (next() < 0.8) car.year = 2000 + Math.floor(next() * 25);
        const values = [`make=${car.make}`, ...car.kit.map((k) => `kit=${k}`)];
        const catalogId = id % 10 === 0 ? 2 : 1;
        table.put(ad(id, step, { catalogId, choices: values, facetValues: values, numbers: car.year ? { year: car.year } : {} }));
        if (catalogId === 1) live.set(id, car);
        else live.delete(id);
      }
      if (step === 300) table.seal();
      if (step % 500 !== 499) continue;
      const query: ListingQuery = {
        catalogIds: [1],
        cityIds: [],
        regionIds: [],
        terms: [],
        sort: 'year_desc',
        limit: 5,
        offset: 0,
        attributes: {
          choices: [
            ['make', ['audi', 'volvo']],
            ['kit', ['hook']],
          ],
          ranges: [['year', 2005, 2015]],
        },
        facets: [
          { key: 'make', type: 'choice', options: makes },
          { key: 'kit', type: 'choices', options: kit },
        ],
      };
      const answer = answerQuery(table, query, Date.now(), 1_000_000);
      const inYears = (car: Car) => car.year !== undefined && car.year >= 2005 && car.year <= 2015;
      const okMake = (car: Car) => car.make === 'audi' || car.make === 'volvo';
      const okKit = (car: Car) => car.kit.includes('hook');
      const cars = [...live.values()].filter(inYears);
      expect(answer.matched).toBe(cars.filter((car) => okMake(car) && okKit(car)).length);
      const counted = (values: string[], of: (car: Car) => string[], others: (car: Car) => boolean) =>
        values
          .map((value) => ({ value, count: cars.filter((car) => others(car) && of(car).includes(value)).length }))
          .filter((facet) => facet.count > 0);
      expect(answer.facets).toEqual({
        make: counted(makes, (car) => [car.make], okKit),
        kit: counted(kit, (car) => car.kit, okMake),
      });
      const years = answer.ids.map((id) => live.get(id)!.year!);
      expect(years).toEqual([...years].sort((a, b) => b - a));
    }
    expect(table.choiceColumns.column('make')).toBeDefined();
    expect(table.choiceColumns.column('kit')).toBeUndefined();
  });

  it('pages the nearest towns first, each town newest first, whether a town is read in date order or through its own slots', () => {
    const table = new AdTable(9);
    // Town 11 holds most ads (read in date order), town 12 a few (read through its set), town 13 one.
    const townOf = (id: number) => (id % 50 === 0 ? 13 : id % 7 === 0 ? 12 : 11);
    for (let id = 1; id <= 600; id++) table.put(ad(id, (id % 97) * 1000, { cityId: townOf(id) }));
    table.seal();
    for (let id = 601; id <= 640; id++) table.put(ad(id, (id % 89) * 1000, { cityId: townOf(id) }));
    for (let id = 3; id <= 600; id += 11) table.remove(id);
    const live = [...Array(640).keys()].map((i) => i + 1).filter((id) => table.slotOf(id) >= 0);
    for (const [townOrder, offset, countCap] of [
      [[12, 11, 13], 0, 40],
      [[13, 12, 11], 5, 40],
      [[11, 13, 12], 30, 25],
      [[12, 13, 11], 0, 10_000],
    ] as const) {
      const query: ListingQuery = {
        catalogIds: [],
        cityIds: [11, 12, 13],
        regionIds: [],
        terms: [],
        sort: 'distance_asc',
        limit: 10,
        offset,
        kinds: ['sell', 'give'],
        townOrder: [...townOrder],
      };
      const answer = answerQuery(table, query, Date.now(), countCap);
      const kindOk = (id: number) => ['sell', 'give'].includes(ad(id, 0).kind);
      const expectedOrder = townOrder.flatMap((town) =>
        live
          .filter((id) => townOf(id) === town && kindOk(id))
          .map((id) => table.slotOf(id))
          .sort((a, b) => table.newer(a, b))
          .map((slot) => table.id[slot]!),
      );
      expect(answer.ids).toEqual(expectedOrder.slice(offset, offset + 10));
      expect(Math.min(answer.matched, countCap)).toBe(Math.min(expectedOrder.length, countCap));
    }
  });
});
