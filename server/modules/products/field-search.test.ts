import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { car, defineCarFields } from './field-search.fixtures.ts';
import type { ListingQuery } from './listing-query.ts';
import { createSearchRepo } from '../search/search.repo.ts';

/** POST /api/products with issue 26's category-field filters, facets, sorts by field and reserved ads. */
let app: FastifyInstance;
let cars: number;
let bikes: number;
let helsinki: number;
let corolla: number;

const search = (body: Record<string, unknown>, lang = 'fi') =>
  app.inject({ method: 'POST', url: '/api/products', payload: body, headers: { 'accept-language': lang } });
async function found(body: Record<string, unknown>) {
  const res = await search(body);
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return res.json() as { data: { name: string; status: string }[]; facets?: Record<string, { value: string; count: number }[]> };
}
const names = async (body: Record<string, unknown>) => (await found(body)).data.map((ad) => ad.name).sort();
const inCars = (more: Record<string, unknown>) => ({ catalogs: [cars], ...more });

beforeAll(async () => {
  app = await buildTestApp();
  await defineCarFields(app);
  const seller = await createUser(app);
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  ({ id: corolla } = await car(
    app,
    seller.id,
    'Toyota Corolla hybrid',
    '091',
    {
      make: 'toyota',
      year: 2018,
      mileage_km: 90_000,
      fuel: 'hybrid',
      equipment: ['winter_tyres'],
      service_book: true,
      inspection_until: '2026-05-01',
    },
    { createdAt: hoursAgo(1) },
  ));
  await car(
    app,
    seller.id,
    'Toyota Avensis',
    '049',
    { make: 'toyota', year: 2012, mileage_km: 250_000, fuel: 'diesel', equipment: ['tow_hitch', 'webasto'], service_book: false },
    { createdAt: hoursAgo(2) },
  );
  await car(
    app,
    seller.id,
    'Volkswagen Golf',
    '092',
    { make: 'volkswagen', year: 2015, mileage_km: 150_000, fuel: 'petrol', inspection_until: '2025-09-30' },
    { createdAt: hoursAgo(3), catalog: 'passenger-cars' },
  );
  await car(
    app,
    seller.id,
    'Volvo V60',
    '837',
    { make: 'volvo', year: 2020, mileage_km: 40_000, fuel: 'plugin_hybrid', equipment: ['tow_hitch'] },
    { createdAt: hoursAgo(4) },
  );
  await car(app, seller.id, 'Skoda Octavia', '091', {}, { createdAt: hoursAgo(5) });
  await car(
    app,
    seller.id,
    'Toyota RAV4 hybrid',
    '235',
    { make: 'toyota', year: 2021, mileage_km: 20_000, fuel: 'hybrid' },
    { createdAt: hoursAgo(6), status: 'reserved' },
  );
  await car(app, seller.id, 'Myyty Toyota', '091', { make: 'toyota', year: 2019, fuel: 'hybrid' }, { status: 'sold' });
  await createAd(app, { userId: seller.id, name: 'Toyota-merkkinen polkupyörä', catalog: 'city-bikes', city: '091' });
  const flat = await app.services.catalog.flatten('fi');
  cars = flat.find((c) => c.slug === 'cars')!.id;
  bikes = flat.find((c) => c.slug === 'city-bikes')!.id;
  helsinki = (await app.services.geo.listCities('fi')).find((c) => c.name_fi === 'Helsinki')!.id;
});
afterAll(() => app.close());

describe('POST /api/products: category-field filters', () => {
  it('filters by one choice, and keeps reserved ads with their status', async () => {
    const reply = await found(inCars({ attributes: { make: ['toyota'] } }));
    expect(reply.data.map((ad) => ad.name).sort()).toEqual(['Toyota Avensis', 'Toyota Corolla hybrid', 'Toyota RAV4 hybrid']);
    expect(reply.data.find((ad) => ad.name === 'Toyota RAV4 hybrid')!.status).toBe('reserved');
  });

  it('takes any of several values of a field, and every field', async () => {
    expect(await names(inCars({ attributes: { fuel: ['hybrid', 'plugin_hybrid'] } }))).toEqual([
      'Toyota Corolla hybrid',
      'Toyota RAV4 hybrid',
      'Volvo V60',
    ]);
    expect(await names(inCars({ attributes: { fuel: ['hybrid', 'plugin_hybrid'], make: ['volvo', 'volkswagen'] } }))).toEqual([
      'Volvo V60',
    ]);
    expect(await names(inCars({ attributes: { equipment: ['tow_hitch'] } }))).toEqual(['Toyota Avensis', 'Volvo V60']);
    expect(await names(inCars({ attributes: { equipment: ['webasto', 'winter_tyres'] } }))).toEqual([
      'Toyota Avensis',
      'Toyota Corolla hybrid',
    ]);
  });

  it('filters by yes and by no (not by a value left out)', async () => {
    expect(await names(inCars({ attributes: { service_book: true } }))).toEqual(['Toyota Corolla hybrid']);
    expect(await names(inCars({ attributes: { service_book: false } }))).toEqual(['Toyota Avensis']);
  });

  it('filters by number ranges, bounds included, open at either end', async () => {
    expect(await names(inCars({ attributes: { year: { min: 2015, max: 2020 } } }))).toEqual([
      'Toyota Corolla hybrid',
      'Volkswagen Golf',
      'Volvo V60',
    ]);
    expect(await names(inCars({ attributes: { mileage_km: { max: 90_000 } } }))).toEqual([
      'Toyota Corolla hybrid',
      'Toyota RAV4 hybrid',
      'Volvo V60',
    ]);
    expect(await names(inCars({ attributes: { year: { min: '2020' }, mileage_km: { min: 30_000 } } }))).toEqual(['Volvo V60']);
  });

  it('filters by a day range', async () => {
    expect(await names(inCars({ attributes: { inspection_until: { min: '2026-01-01' } } }))).toEqual(['Toyota Corolla hybrid']);
    expect(await names(inCars({ attributes: { inspection_until: { min: '2025-09-30', max: '2025-09-30' } } }))).toEqual([
      'Volkswagen Golf',
    ]);
  });

  it('combines the fields with words, the price, place and kind filters', async () => {
    expect(await names(inCars({ name: 'toyota', attributes: { fuel: ['hybrid'] } }))).toEqual([
      'Toyota Corolla hybrid',
      'Toyota RAV4 hybrid',
    ]);
    expect(await names(inCars({ name: 'toyota', attributes: { year: { max: 2015 } } }))).toEqual(['Toyota Avensis']);
    expect(await names(inCars({ cities: [helsinki], attributes: { make: ['toyota'] } }))).toEqual(['Toyota Corolla hybrid']);
    expect(await names(inCars({ name: 'toyota', cities: [helsinki], attributes: { make: ['toyota'] } }))).toEqual([
      'Toyota Corolla hybrid',
    ]);
    expect(await names(inCars({ price_from: 20, attributes: { make: ['toyota'] } }))).toEqual([]);
  });

  it('empty filters are no filters', async () => {
    expect(await names(inCars({ attributes: { make: [], year: {}, mileage_km: { min: null, max: '' } } }))).toHaveLength(6);
  });
});

describe('the listing predicate elsewhere', () => {
  it('confirms an alert only for saved queries whose fields and place the ad meets', async () => {
    const shown = await app.services.products.bodiesShowingAd(
      [
        inCars({ attributes: { fuel: ['hybrid'], year: { min: 2018 } } }),
        inCars({ attributes: { fuel: ['diesel'] } }),
        inCars({ attributes: { year: { min: 2019 } } }),
        inCars({ attributes: { service_book: true }, near: { postal_code: '00100' }, radius_km: 5 }),
        inCars({ attributes: { make: ['toyota'] }, near: { postal_code: '33100' } }),
      ],
      corolla,
    );
    expect(shown).toEqual([true, false, false, true, false]);
  });
});

describe('POST /api/products: facets', () => {
  it('counts each choice field among what the other filters leave, in the options’ order, none at zero', async () => {
    const reply = await found(inCars({ attributes: { fuel: ['hybrid'] } }));
    expect(reply.facets).toEqual({
      make: [{ value: 'toyota', count: 2 }],
      fuel: [
        { value: 'petrol', count: 1 },
        { value: 'diesel', count: 1 },
        { value: 'hybrid', count: 2 },
        { value: 'plugin_hybrid', count: 1 },
      ],
      equipment: [{ value: 'winter_tyres', count: 1 }],
      service_book: [{ value: 'true', count: 1 }],
    });
  });

  it('leaves a field’s own filter out of its counts and keeps the others, with ranges and words too', async () => {
    const reply = await found(inCars({ attributes: { make: ['toyota'], fuel: ['hybrid'], year: { min: 2019 } } }));
    expect(reply.data.map((ad) => ad.name)).toEqual(['Toyota RAV4 hybrid']);
    expect(reply.facets!.make).toEqual([{ value: 'toyota', count: 1 }]);
    expect(reply.facets!.fuel).toEqual([{ value: 'hybrid', count: 1 }]);
    const words = await found(inCars({ name: 'toyota', attributes: { fuel: ['diesel'] } }));
    expect(words.data.map((ad) => ad.name)).toEqual(['Toyota Avensis']);
    expect(words.facets!.fuel).toEqual([
      { value: 'diesel', count: 1 },
      { value: 'hybrid', count: 2 },
    ]);
    expect(words.facets!.equipment).toEqual([
      { value: 'tow_hitch', count: 1 },
      { value: 'webasto', count: 1 },
    ]);
  });

  it('has no facets outside catalogs with choice fields', async () => {
    expect((await found({})).facets).toBeUndefined();
    expect((await found({ catalogs: [bikes] })).facets).toBeUndefined();
  });
});

describe('POST /api/products: sorting by a field', () => {
  it('sorts by year either way, ads without a year last', async () => {
    const newest = (await found(inCars({ sort: 'year_desc' }))).data.map((ad) => ad.name);
    expect(newest).toEqual([
      'Toyota RAV4 hybrid',
      'Volvo V60',
      'Toyota Corolla hybrid',
      'Volkswagen Golf',
      'Toyota Avensis',
      'Skoda Octavia',
    ]);
    const oldest = (await found(inCars({ sort: 'year_asc' }))).data.map((ad) => ad.name);
    expect(oldest).toEqual([
      'Toyota Avensis',
      'Volkswagen Golf',
      'Toyota Corolla hybrid',
      'Volvo V60',
      'Toyota RAV4 hybrid',
      'Skoda Octavia',
    ]);
  });

  it('pages across the last ad with the value into those without it', async () => {
    const repo = createSearchRepo(app.services.database.db);
    const catalogIds = await app.services.catalog.withDescendants([cars]);
    const page = async (limit: number, offset: number) => {
      const query: ListingQuery = { cityIds: [], regionIds: [], catalogIds, terms: [], sort: 'year_desc', limit, offset };
      return (await repo.searchActive(query)).rows.map((row) => row.name);
    };
    const all = ['Toyota RAV4 hybrid', 'Volvo V60', 'Toyota Corolla hybrid', 'Volkswagen Golf', 'Toyota Avensis', 'Skoda Octavia'];
    for (const [limit, offset] of [
      [2, 0],
      [2, 4],
      [3, 3],
      [4, 4],
      [1, 5],
      [2, 6],
    ] as const) {
      expect(await page(limit, offset)).toEqual(all.slice(offset, offset + limit));
    }
  });

  it('sorts by mileage either way, with words too', async () => {
    const least = (await found(inCars({ sort: 'mileage_asc' }))).data.map((ad) => ad.name);
    expect(least).toEqual([
      'Toyota RAV4 hybrid',
      'Volvo V60',
      'Toyota Corolla hybrid',
      'Volkswagen Golf',
      'Toyota Avensis',
      'Skoda Octavia',
    ]);
    const most = (await found(inCars({ sort: 'mileage_desc', name: 'toyota' }))).data.map((ad) => ad.name);
    expect(most).toEqual(['Toyota Avensis', 'Toyota Corolla hybrid', 'Toyota RAV4 hybrid']);
  });
});

describe('POST /api/products: bad field filters', () => {
  const problems = async (body: Record<string, unknown>, lang = 'fi') => {
    const res = await search(body, lang);
    expect(res.statusCode, JSON.stringify(res.json())).toBe(422);
    return res.json().errors as Record<string, string[]>;
  };

  it('refuses a field the catalog does not filter by, and any field without a catalog that has it', async () => {
    expect(Object.keys(await problems(inCars({ attributes: { wheels: ['4'] } })))).toEqual(['attributes.wheels']);
    expect(Object.keys(await problems(inCars({ attributes: { colour: ['red'] } })))).toEqual(['attributes.colour']);
    expect(Object.keys(await problems(inCars({ attributes: { old_class: ['a'] } })))).toEqual(['attributes.old_class']);
    expect(Object.keys(await problems(inCars({ attributes: { model: 'Corolla' } })))).toEqual(['attributes.model']);
    expect(Object.keys(await problems({ attributes: { make: ['toyota'] } }))).toEqual(['attributes.make']);
    expect(Object.keys(await problems({ catalogs: [bikes], attributes: { make: ['toyota'] } }))).toEqual(['attributes.make']);
  });

  it('refuses values that are not options, bounds out of range, ranges the wrong way round, each under its field, translated', async () => {
    const errors = await problems(
      inCars({
        attributes: {
          make: ['toyota', 'tesla'],
          year: { min: 2015, max: 3024 },
          mileage_km: { min: -1 },
          inspection_until: { min: '2027-01-01', max: '2026-01-01' },
          service_book: 'yes',
          fuel: { min: 1 },
          equipment: ['tow_hitch'],
        },
      }),
      'en',
    );
    expect(Object.keys(errors).sort()).toEqual([
      'attributes.fuel',
      'attributes.inspection_until',
      'attributes.make',
      'attributes.mileage_km',
      'attributes.service_book',
      'attributes.year',
    ]);
    for (const messages of Object.values(errors)) for (const message of messages) expect(message).not.toMatch(/^(search|attributes)\./);
    expect(Object.keys(await problems(inCars({ attributes: { year: { from: 2015 } } })))).toEqual(['attributes.year']);
    expect(Object.keys(await problems(inCars({ attributes: { year: 2015 } })))).toEqual(['attributes.year']);
    expect(Object.keys(await problems(inCars({ attributes: { year: { min: 2015.5 } } })))).toEqual(['attributes.year']);
  });
});
