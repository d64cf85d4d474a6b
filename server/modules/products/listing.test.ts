import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/accounts.ts';
import { type AdInput, createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
let cities: { id: number; code: string; region_id: number }[];
let regions: { id: number; code: string }[];
let flat: { id: number; slug: string }[];

const search = async (body: Record<string, unknown>, lang = 'fi') => {
  const res = await app.inject({ method: 'POST', url: '/api/products', payload: body, headers: { 'accept-language': lang } });
  return res;
};
const names = async (body: Record<string, unknown>) => ((await search(body)).json().data as { name: string }[]).map((p) => p.name);

beforeAll(async () => {
  app = await buildTestApp();
  const seller = await createUser(app);
  const day = (n: number) => new Date(Date.UTC(2026, 9, n));
  const ads: Omit<AdInput, 'userId'>[] = [
    { name: 'Polkupyörä Helkama', catalog: 'city-bikes', priceCents: 15000, createdAt: day(1), imageCount: 2 },
    { name: 'Lasten pyörät 2 kpl', catalog: 'childrens-bikes', city: '837', priceCents: 5000, createdAt: day(2) },
    { name: 'Maastopyörän runko', catalog: 'mountain-bikes', city: '853', priceCents: 8000, createdAt: day(3), imageCount: 1 },
    { name: 'Kulmasohva harmaa', catalog: 'sofas-and-armchairs', city: '049', priceCents: 30000, createdAt: day(4), imageCount: 3 },
    {
      name: 'Fillari myydään',
      description: 'Vanha fillari, toimii.',
      catalog: 'city-bikes',
      city: '564',
      priceCents: 2000,
      createdAt: day(5),
    },
    { name: 'Volvo V70 farmari', catalog: 'passenger-cars', city: '091', priceCents: 450000, createdAt: day(6), imageCount: 5 },
    {
      name: 'Selling a mountain bike',
      description: 'Great bikes for trails',
      catalog: 'mountain-bikes',
      language: 'en',
      createdAt: day(7),
    },
    { name: 'Продаю велосипеды', description: 'Два детских велосипеда', catalog: 'childrens-bikes', language: 'ru', createdAt: day(8) },
    { name: 'Sohva myyty', catalog: 'sofas-and-armchairs', status: 'sold', createdAt: day(9) },
    { name: 'Polkupyörä odottaa tarkastusta', catalog: 'city-bikes', status: 'moderate', createdAt: day(10) },
  ];
  for (const ad of ads) await createAd(app, { userId: seller.id, ...ad });
  cities = (await app.inject({ url: '/api/cities' })).json().data;
  regions = (await app.inject({ url: '/api/regions' })).json().data;
  flat = (await app.inject({ url: '/api/catalogs-flatten' })).json().data;
});
afterAll(() => app.close());

const catalogId = (slug: string) => flat.find((c) => c.slug === slug)!.id;

describe('POST /api/products: the listing', () => {
  it('lists only active ads, newest first, with the pagination envelope', async () => {
    const res = await search({});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((p: { name: string }) => p.name)).toEqual([
      'Продаю велосипеды',
      'Selling a mountain bike',
      'Volvo V70 farmari',
      'Fillari myydään',
      'Kulmasohva harmaa',
      'Maastopyörän runko',
      'Lasten pyörät 2 kpl',
      'Polkupyörä Helkama',
    ]);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 8, total_capped: false });
    expect(body.links).toEqual({ first: '?page=1', last: '?page=1', prev: null, next: null });
    expect(body.data[2]).toMatchObject({ price: 4500, status: 'active', city: { name: 'Helsinki' }, catalog: { slug: 'passenger-cars' } });
  });

  it('finds Finnish inflections and compounds: pyörä finds Polkupyörä, pyörät and pyörän', async () => {
    const found = await names({ name: 'pyörä' });
    expect(found).toEqual(expect.arrayContaining(['Polkupyörä Helkama', 'Lasten pyörät 2 kpl', 'Maastopyörän runko']));
    expect(found).not.toContain('Volvo V70 farmari');
  });

  it('finds a compound by its last part: sohva finds Kulmasohva, but not sold ads', async () => {
    expect(await names({ name: 'sohva' })).toEqual(['Kulmasohva harmaa']);
  });

  it('understands common synonyms both ways: fillari and polkupyörä', async () => {
    expect(await names({ name: 'fillari' })).toEqual(expect.arrayContaining(['Fillari myydään', 'Polkupyörä Helkama']));
    expect(await names({ name: 'polkupyörä' })).toEqual(expect.arrayContaining(['Fillari myydään', 'Polkupyörä Helkama']));
  });

  it('tolerates typos and ranks exact matches above them', async () => {
    expect(await names({ name: 'polkupyörra' })).toContain('Polkupyörä Helkama');
    // An ad with the typo in its own title matches "helkama" only by similarity: it comes after the exact one.
    const seller = await createUser(app);
    await createAd(app, {
      userId: seller.id,
      name: 'Helkma jopo',
      catalog: 'office-furniture',
      createdAt: new Date(Date.UTC(2026, 9, 20)),
    });
    expect(await names({ name: 'helkama' })).toEqual(['Polkupyörä Helkama', 'Helkma jopo']);
  });

  it('stems English and Russian queries in their own language', async () => {
    expect(await names({ name: 'bike' })).toContain('Selling a mountain bike');
    expect(await names({ name: 'велосипед' })).toContain('Продаю велосипеды');
  });

  it('filters by a parent catalog including all its descendants', async () => {
    const bikes = await names({ catalogs: [catalogId('bicycles')] });
    expect(bikes.sort()).toEqual(
      [
        'Polkupyörä Helkama',
        'Lasten pyörät 2 kpl',
        'Maastopyörän runko',
        'Fillari myydään',
        'Selling a mountain bike',
        'Продаю велосипеды',
      ].sort(),
    );
    expect(await names({ catalogs: [catalogId('transport')] })).toHaveLength(7);
  });

  it('filters by region including its cities, and by city', async () => {
    const uusimaa = regions.find((r) => r.code === '01')!.id;
    const inUusimaa = await names({ regions: [uusimaa] });
    expect(inUusimaa).toContain('Kulmasohva harmaa'); // Espoo
    expect(inUusimaa).toContain('Volvo V70 farmari'); // Helsinki
    expect(inUusimaa).not.toContain('Lasten pyörät 2 kpl'); // Tampere
    const tampere = cities.find((c) => c.code === '837')!.id;
    expect(await names({ cities: [tampere] })).toEqual(['Lasten pyörät 2 kpl']);
  });

  it('sorts by price, date and pictures', async () => {
    const byPrice = (await search({ sort: 'price_asc', catalogs: [catalogId('bicycles')] }))
      .json()
      .data.map((p: { price: number }) => p.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const desc = (await search({ sort: 'price_desc' })).json().data.map((p: { price: number }) => p.price);
    expect(desc[0]).toBe(4500);
    expect((await names({ sort: 'created_at_asc', catalogs: [catalogId('transport')] }))[0]).toBe('Polkupyörä Helkama');
    const withPictures = (await search({ sort: 'image_desc' })).json().data.map((p: { images_count: number }) => p.images_count > 0);
    expect(withPictures.slice(0, 4)).toEqual([true, true, true, true]);
    expect(withPictures.slice(4).every((has: boolean) => !has)).toBe(true);
    const withoutFirst = (await search({ sort: 'image_asc' })).json().data.map((p: { images_count: number }) => p.images_count > 0);
    expect(withoutFirst[0]).toBe(false);
  });

  it('pages 20 at a time with next and prev links', async () => {
    const seller = await createUser(app);
    for (let i = 0; i < 25; i++) await createAd(app, { userId: seller.id, name: `Kirja ${i}`, catalog: 'books-and-magazines' });
    const first = (await search({ catalogs: [catalogId('books-and-magazines')] })).json();
    expect(first.data).toHaveLength(20);
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 2, total: 25 });
    expect(first.links).toMatchObject({ next: '?page=2', prev: null });
    const second = (await search({ catalogs: [catalogId('books-and-magazines')], page: 2 })).json();
    expect(second.data).toHaveLength(5);
    expect(second.links).toMatchObject({ next: null, prev: '?page=1' });
    const past = (await search({ catalogs: [catalogId('books-and-magazines')], page: 9 })).json();
    expect(past.data).toEqual([]);
  });
});

describe('POST /api/products: bad input', () => {
  it('answers an unknown sort, a negative or huge page and wrong types with 422', async () => {
    for (const body of [
      { sort: 'cheapest' },
      { page: -1 },
      { page: 0 },
      { page: 10_000_000 },
      { cities: 'Helsinki' },
      { catalogs: [1.5] },
      { extra: 1 },
    ]) {
      const res = await search(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('answers a 10,000-character query with 422', async () => {
    expect((await search({ name: 'a'.repeat(10_000) })).statusCode).toBe(422);
  });

  it('gives an empty result for catalogs or cities that do not exist', async () => {
    expect((await search({ catalogs: [999_999] })).json().data).toEqual([]);
    expect((await search({ cities: [999_999] })).json().data).toEqual([]);
  });

  it('treats SQL and HTML in the query as plain words', async () => {
    for (const name of ["'; drop table products; --", '<script>alert(1)</script>', 'pyörä & | ! :* ()', '\\', '%_%']) {
      const res = await search({ name });
      expect(res.statusCode, name).toBe(200);
    }
    expect((await search({})).json().meta.total).toBeGreaterThan(0);
  });

  it('never answers random payloads with a server error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            page: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
            name: fc.oneof(fc.string({ maxLength: 250 }), fc.string({ unit: 'grapheme', maxLength: 50 }), fc.integer()),
            cities: fc.oneof(fc.array(fc.integer()), fc.string()),
            catalogs: fc.array(fc.integer({ min: -5, max: 2_000_000_000 }), { maxLength: 60 }),
            sort: fc.oneof(fc.constantFrom('price_asc', 'created_at_desc', 'image_desc'), fc.string()),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const res = await search(body);
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
  });
});
