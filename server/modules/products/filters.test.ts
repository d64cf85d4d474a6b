import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/accounts.ts';
import { type AdInput, createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';

/** The buyer's filters of POST /api/products: price range, kind of ad, only with pictures, posted within. */
let app: FastifyInstance;
let flat: { id: number; slug: string }[];

const search = (body: Record<string, unknown>, lang = 'fi') =>
  app.inject({ method: 'POST', url: '/api/products', payload: body, headers: { 'accept-language': lang } });
const names = async (body: Record<string, unknown>) => {
  const res = await search(body);
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return (res.json().data as { name: string }[]).map((p) => p.name).sort();
};
const catalogId = (slug: string) => flat.find((c) => c.slug === slug)!.id;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

beforeAll(async () => {
  app = await buildTestApp();
  const seller = await createUser(app);
  const ads: Omit<AdInput, 'userId'>[] = [
    { name: 'Polkupyörä Helkama', catalog: 'city-bikes', priceCents: 15_000, imageCount: 2, createdAt: hoursAgo(2) },
    { name: 'Lasten pyörä', catalog: 'childrens-bikes', priceCents: 4_000, createdAt: hoursAgo(30) },
    { name: 'Ostetaan maastopyörä', catalog: 'mountain-bikes', kind: 'wanted', priceCents: 20_000, createdAt: hoursAgo(5 * 24) },
    { name: 'Annetaan lastenpyörä', catalog: 'childrens-bikes', kind: 'give', imageCount: 1, createdAt: hoursAgo(10 * 24) },
    { name: 'Vuokrataan kaksio', catalog: 'flats-for-rent', kind: 'rent', priceCents: 85_000, imageCount: 4, createdAt: hoursAgo(20 * 24) },
    { name: 'Sohva 12,50', catalog: 'sofas-and-armchairs', priceCents: 1_250, createdAt: hoursAgo(40 * 24) },
    { name: 'Kesätyöntekijä kahvilaan', catalog: 'summer-jobs', priceCents: 1_400, createdAt: hoursAgo(1) },
    { name: 'Myyty pyörä', catalog: 'city-bikes', status: 'sold', priceCents: 100 },
  ];
  for (const ad of ads) await createAd(app, { userId: seller.id, ...ad });
  flat = (await app.inject({ url: '/api/catalogs-flatten' })).json().data;
});
afterAll(() => app.close());

describe('POST /api/products: filters', () => {
  it('filters by a price range in euros, bounds included, cents too', async () => {
    expect(await names({ price_from: 150 })).toEqual(['Ostetaan maastopyörä', 'Polkupyörä Helkama', 'Vuokrataan kaksio']);
    expect(await names({ price_to: 40 })).toEqual(['Annetaan lastenpyörä', 'Kesätyöntekijä kahvilaan', 'Lasten pyörä', 'Sohva 12,50']);
    expect(await names({ price_from: 12.5, price_to: 14 })).toEqual(['Kesätyöntekijä kahvilaan', 'Sohva 12,50']);
    expect(await names({ price_from: 0, price_to: 0 })).toEqual(['Annetaan lastenpyörä']);
    expect(await names({ price_from: 0 })).toHaveLength(7);
  });

  it('filters by kind of ad, one or several, and cards say their kind', async () => {
    expect(await names({ kinds: ['wanted'] })).toEqual(['Ostetaan maastopyörä']);
    expect(await names({ kinds: ['give', 'rent'] })).toEqual(['Annetaan lastenpyörä', 'Vuokrataan kaksio']);
    expect(await names({ kinds: ['sell'] })).toHaveLength(4);
    const card = (await search({ kinds: ['give'] })).json().data[0];
    expect(card).toMatchObject({ kind: 'give', price: 0, price_unit: null });
  });

  it('gives the price unit where it matters: jobs by the hour, rentals by the month', async () => {
    const cards = (await search({})).json().data as { name: string; price_unit: string | null }[];
    const unit = (name: string) => cards.find((c) => c.name === name)!.price_unit;
    expect(unit('Kesätyöntekijä kahvilaan')).toBe('hour');
    expect(unit('Vuokrataan kaksio')).toBe('month');
    expect(unit('Polkupyörä Helkama')).toBeNull();
  });

  it('keeps only ads with pictures', async () => {
    expect(await names({ with_images: true })).toEqual(['Annetaan lastenpyörä', 'Polkupyörä Helkama', 'Vuokrataan kaksio']);
    expect(await names({ with_images: false })).toHaveLength(7);
  });

  it('keeps only ads posted within a day, a week or a month', async () => {
    expect(await names({ posted_within: 'day' })).toEqual(['Kesätyöntekijä kahvilaan', 'Polkupyörä Helkama']);
    expect(await names({ posted_within: 'week' })).toEqual([
      'Kesätyöntekijä kahvilaan',
      'Lasten pyörä',
      'Ostetaan maastopyörä',
      'Polkupyörä Helkama',
    ]);
    expect(await names({ posted_within: 'month' })).toHaveLength(6);
  });

  it('combines the filters with each other, the words, the place and the category, and counts what they leave', async () => {
    const res = await search({ catalogs: [catalogId('bicycles')], price_to: 100, posted_within: 'week' });
    expect(res.json().meta).toMatchObject({ total: 1, last_page: 1 });
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['Lasten pyörä']);
    expect(await names({ name: 'pyörä', kinds: ['give', 'wanted'] })).toEqual(['Annetaan lastenpyörä', 'Ostetaan maastopyörä']);
    expect(await names({ name: 'pyörä', with_images: true, price_to: 0 })).toEqual(['Annetaan lastenpyörä']);
    expect((await search({ name: 'pyörä', price_from: 100, sort: 'price_asc' })).json().meta.total).toBe(2);
  });

  it('answers give-aways above a price with nothing, without asking the database', async () => {
    expect((await search({ kinds: ['give'], price_from: 1 })).json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect(await names({ kinds: ['give', 'wanted'], price_from: 1 })).toEqual(['Ostetaan maastopyörä']);
  });

  it('never serves one filter’s cached answer for another', async () => {
    const cached = await buildTestApp({ listingCacheSeconds: 60 });
    try {
      const seller = await createUser(cached);
      await createAd(cached, { userId: seller.id, name: 'Halpa', priceCents: 100 });
      await createAd(cached, { userId: seller.id, name: 'Kallis', priceCents: 100_000, kind: 'rent' });
      const ask = async (body: Record<string, unknown>) =>
        ((await cached.inject({ method: 'POST', url: '/api/products', payload: body })).json().data as { name: string }[]).map(
          (p) => p.name,
        );
      expect(await ask({ price_to: 10 })).toEqual(['Halpa']);
      expect(await ask({ price_from: 10 })).toEqual(['Kallis']);
      expect(await ask({ kinds: ['rent'] })).toEqual(['Kallis']);
      expect(await ask({ kinds: ['rent', 'sell'] })).toEqual(await ask({ kinds: ['sell', 'rent'] }));
    } finally {
      await cached.close();
    }
  });
});

describe('POST /api/products: bad filters', () => {
  it('refuses a price range the wrong way round with a translated 422 on price_to', async () => {
    const messages = new Set<string>();
    for (const lang of ['fi', 'en', 'ru']) {
      const res = await search({ price_from: 500, price_to: 100 }, lang);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.price_to).toHaveLength(1);
      messages.add(res.json().errors.price_to[0]);
    }
    expect(messages.size).toBe(3);
  });

  it('refuses negative, absurd and mistyped prices', async () => {
    for (const body of [
      { price_from: -1 },
      { price_to: -0.5 },
      { price_from: 10_000_001 },
      { price_to: 1e308 },
      { price_to: 2 ** 63 },
      { price_from: '10' },
      { price_to: null },
      { price_from: [1] },
    ]) {
      const res = await search(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toEqual([Object.keys(body)[0]]);
    }
  });

  it('refuses unknown kinds and posted-within values, and mistyped picture flags', async () => {
    for (const body of [
      { kinds: ['free'] },
      { kinds: 'give' },
      { kinds: ['sell', 'sell', 'sell', 'sell', 'sell'] },
      { posted_within: 'year' },
      { posted_within: 7 },
      { with_images: 'yes' },
      { kind: 'give' },
    ]) {
      const res = await search(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('answers a query of only punctuation or emoji with an empty result, not every ad', async () => {
    for (const name of ['!!!', '?', '🙂🚲', '... --- ...', '“”', '\u200b']) {
      const res = await search({ name });
      expect(res.statusCode, name).toBe(200);
      expect(res.json().data, name).toEqual([]);
      expect(res.json().meta.total, name).toBe(0);
    }
    expect((await search({ name: '   ' })).json().meta.total).toBe(7);
  });

  it('answers a 10,000-character query with 422, also with filters', async () => {
    expect((await search({ name: 'pyörä '.repeat(2_000), price_to: 10 })).statusCode).toBe(422);
  });
});
