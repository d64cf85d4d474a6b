import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SortKey } from '../../../common/ad-rules.ts';
import { createUser } from '../../test/accounts.ts';
import { type AdInput, createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import type { ListingQuery } from '../products/listing-query.ts';
import { type SearchRepo, TEXT_BLOCKS, createSearchRepo } from './search.repo.ts';
import { type Synonyms, searchTerms, synonymsFrom } from './search-terms.ts';

/**
 * A text search asks the GIN index for the words in the last few days first, widening the time
 * block while that gives too few ads, then without a time limit. The ads below are weeks old, so
 * every search takes several passes, and must give what one pass without a time limit gives.
 */
let app: FastifyInstance;
let unbounded: SearchRepo;
let tinyWindow: SearchRepo;
let fewFromIndex: SearchRepo;
let catalogIds: Record<string, number>;
let synonyms: Synonyms;

const base: ListingQuery = { cityIds: [], regionIds: [], catalogIds: [], terms: [], sort: 'relevance', limit: 20, offset: 0 };
const query = (text: string, extra: Partial<ListingQuery> = {}): ListingQuery => ({
  ...base,
  terms: searchTerms(text, synonyms),
  ...extra,
});
const names = async (repo: SearchRepo, q: ListingQuery) => (await repo.searchActive(q)).rows.map((r) => r.name);

beforeAll(async () => {
  app = await buildTestApp();
  const seller = await createUser(app);
  const day = (n: number) => new Date(Date.UTC(2026, 9, n));
  const ads: Omit<AdInput, 'userId'>[] = [
    { name: 'Polkupyörä Helkama', catalog: 'city-bikes', city: '091', priceCents: 15000, createdAt: day(1), imageCount: 2 },
    { name: 'Maastopyörä Tunturi', catalog: 'mountain-bikes', city: '853', priceCents: 30000, createdAt: day(2) },
    { name: 'Lasten pyörä', catalog: 'childrens-bikes', city: '091', priceCents: 4000, createdAt: day(3), imageCount: 1 },
    { name: 'Fillari myydään', catalog: 'city-bikes', city: '564', priceCents: 2500, createdAt: day(4) },
    { name: 'Kulmasohva harmaa', catalog: 'sofas-and-armchairs', city: '091', priceCents: 20000, createdAt: day(5) },
    { name: 'Volvo V70 farmari', catalog: 'passenger-cars', city: '091', priceCents: 450000, createdAt: day(6) },
    { name: 'Nojatuoli', catalog: 'sofas-and-armchairs', city: '049', priceCents: 9000, createdAt: day(7) },
    { name: 'Talvirenkaat Nokian', catalog: 'tyres-and-rims', city: '049', priceCents: 12000, createdAt: day(8) },
    { name: 'Vuodesohva', catalog: 'sofas-and-armchairs', city: '853', priceCents: 15000, createdAt: day(9) },
    { name: 'Kitara Yamaha', catalog: 'guitars-and-basses', city: '091', priceCents: 10000, createdAt: day(10) },
  ];
  for (const ad of ads) await createAd(app, { userId: seller.id, ...ad });
  const db = app.services.database.db;
  unbounded = createSearchRepo(db, { bounds: { candidates: 100_000, blocks: [] } });
  tinyWindow = createSearchRepo(db);
  fewFromIndex = createSearchRepo(db, { bounds: { candidates: 1, blocks: [4, 16, 64, 256] } });
  synonyms = synonymsFrom(await unbounded.synonymRows());
  const flat: { id: number; slug: string }[] = (await app.inject({ url: '/api/catalogs-flatten' })).json().data;
  catalogIds = Object.fromEntries(flat.map((c) => [c.slug, c.id]));
});
afterAll(() => app.close());

describe('a text search past the newest time blocks', () => {
  const sorts: (SortKey | 'relevance')[] = [
    'relevance',
    'created_at_desc',
    'created_at_asc',
    'price_asc',
    'price_desc',
    'image_desc',
    'image_asc',
  ];

  it.each(sorts)('finds the same ads in the same order as one unbounded pass (%s)', async (sort) => {
    for (const text of ['pyörä', 'sohva', 'nokian', 'helkma']) {
      const q = query(text, { sort });
      const expected = await unbounded.searchActive(q);
      const got = await tinyWindow.searchActive(q);
      expect(
        got.rows.map((r) => r.name),
        `${text} ${sort}`,
      ).toEqual(expected.rows.map((r) => r.name));
      expect(got.total).toBe(expected.total);
      expect(got.capped).toBe(false);
    }
  });

  it('finds the old ads only the word indexes reach, and the newest ones from the window', async () => {
    const found = await names(tinyWindow, query('pyörä', { sort: 'created_at_desc' }));
    expect(found).toEqual(['Fillari myydään', 'Lasten pyörä', 'Maastopyörä Tunturi', 'Polkupyörä Helkama']);
  });

  it('keeps the place and catalog filters on both steps', async () => {
    const inCatalog = await names(tinyWindow, query('pyörä', { catalogIds: [catalogIds['city-bikes']!], sort: 'created_at_desc' }));
    expect(inCatalog).toEqual(['Fillari myydään', 'Polkupyörä Helkama']);
    const helsinki = (await app.inject({ url: '/api/cities' })).json().data.find((c: { code: string }) => c.code === '091').id as number;
    const inCity = await names(tinyWindow, query('sohva', { cityIds: [helsinki] }));
    expect(inCity).toEqual(['Kulmasohva harmaa']);
  });

  it("keeps the buyer's filters (price, pictures, kind) on both steps", async () => {
    const cheap = await names(tinyWindow, query('pyörä', { priceToCents: 5_000, sort: 'created_at_desc' }));
    expect(cheap).toEqual(['Fillari myydään', 'Lasten pyörä']);
    expect(await names(tinyWindow, query('pyörä', { priceFromCents: 10_000, priceToCents: 20_000 }))).toEqual(['Polkupyörä Helkama']);
    const withPictures = await names(tinyWindow, query('pyörä', { withImages: true, sort: 'created_at_desc' }));
    expect(withPictures).toEqual(['Lasten pyörä', 'Polkupyörä Helkama']);
    expect(await names(tinyWindow, query('pyörä', { kinds: ['wanted'] }))).toEqual([]);
    for (const extra of [{ priceToCents: 5_000 }, { withImages: true }, { kinds: ['sell' as const] }]) {
      const q = query('pyörä', { ...extra, sort: 'price_asc' });
      expect(await names(tinyWindow, q)).toEqual(await names(unbounded, q));
    }
  });

  it('narrows by a top catalog with one lexeme, whatever lies below it', async () => {
    const search = async (catalog: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/products',
          payload: { name: 'pyörä', catalogs: [catalogIds[catalog]], sort: 'created_at_desc' },
        })
      )
        .json()
        .data.map((ad: { name: string }) => ad.name);
    const bikes = ['Fillari myydään', 'Lasten pyörä', 'Maastopyörä Tunturi', 'Polkupyörä Helkama'];
    expect(await search('transport')).toEqual(bikes);
    expect(await search('bicycles')).toEqual(bikes);
    expect(await search('personal-items')).toEqual([]);
  });

  it("takes the ads' ancestors along when a category moves", async () => {
    const db = app.services.database.db;
    const bikes = ['bicycles', 'city-bikes', 'mountain-bikes', 'childrens-bikes'].map((slug) => catalogIds[slug]!);
    const under = (root: string) =>
      query('pyörä', { catalogRoots: [catalogIds[root]!], catalogIds: [catalogIds[root]!, ...bikes], sort: 'created_at_desc' });
    const transport = catalogIds['transport']!;
    try {
      await db.execute(sql`update catalogs set parent_id = ${catalogIds['personal-items']!} where id = ${catalogIds['bicycles']!}`);
      expect(await names(tinyWindow, under('personal-items'))).toHaveLength(4);
      expect(await names(tinyWindow, under('transport'))).toEqual([]);
    } finally {
      await db.execute(sql`update catalogs set parent_id = ${transport} where id = ${catalogIds['bicycles']!}`);
    }
    expect(await names(tinyWindow, under('transport'))).toHaveLength(4);
    expect(await names(tinyWindow, under('personal-items'))).toEqual([]);
  });

  it("gives the ads a renamed category's new name", async () => {
    const db = app.services.database.db;
    const cityBikes = catalogIds['city-bikes']!;
    expect(await names(tinyWindow, query('velocipedes'))).toEqual([]);
    try {
      await db.execute(sql`update catalogs set names = names || '{"en": "Velocipedes"}'::jsonb where id = ${cityBikes}`);
      expect(await names(tinyWindow, query('velocipedes', { sort: 'created_at_desc' }))).toEqual(['Fillari myydään', 'Polkupyörä Helkama']);
    } finally {
      await db.execute(sql`update catalogs set names = names || '{"en": "City bikes"}'::jsonb where id = ${cityBikes}`);
    }
    expect(await names(tinyWindow, query('velocipedes'))).toEqual([]);
  });

  it('gives the same answer whichever time blocks the sparse-match rule skips', async () => {
    // A clock just after the ads, so the first blocks hold some of them and the rule picks among
    // the later ones; two candidates, so most searches end in a time block.
    const db = app.services.database.db;
    const soon = createSearchRepo(db, { bounds: { candidates: 2, blocks: TEXT_BLOCKS }, now: () => new Date(Date.UTC(2026, 9, 10, 12)) });
    const all = createSearchRepo(db, { bounds: { candidates: 2, blocks: [] } });
    for (const text of ['pyörä', 'sohva', 'nokian', 'kitara', 'volvo']) {
      for (const sort of ['relevance', 'created_at_desc', 'price_asc'] as const) {
        const q = query(text, { sort });
        expect(await names(soon, q), `${text} ${sort}`).toEqual(await names(all, q));
      }
    }
  });

  it('says the count is not exact when the word indexes had more than it read', async () => {
    const result = await fewFromIndex.searchActive(query('pyörä', { sort: 'created_at_desc' }));
    // Four bikes match; the candidates were one, the newest.
    expect(result.capped).toBe(true);
    expect(result.total).toBe(1);
    expect(result.rows[0]?.name).toBe('Fillari myydään');
  });

  it('answers a word that matches nothing with nothing, exactly', async () => {
    expect(await tinyWindow.searchActive(query('xyzzyq'))).toEqual({ rows: [], total: 0, capped: false });
  });

  it('pages through the candidates', async () => {
    const first = await names(tinyWindow, query('pyörä', { sort: 'price_asc', limit: 2 }));
    const second = await names(tinyWindow, query('pyörä', { sort: 'price_asc', limit: 2, offset: 2 }));
    expect([...first, ...second]).toEqual(['Fillari myydään', 'Lasten pyörä', 'Polkupyörä Helkama', 'Maastopyörä Tunturi']);
  });

  it('keeps the boundary between the two steps exact to the microsecond', async () => {
    // Every ad in the same millisecond, a microsecond apart, in the same order as before.
    await app.services.database.db.execute(
      sql`update products set created_at = timestamptz '2026-10-01 12:00:00+00' + extract(day from created_at)::int * interval '1 microsecond'`,
    );
    const q = query('pyörä', { sort: 'created_at_desc' });
    expect(await names(tinyWindow, q)).toEqual(await names(unbounded, q));
    expect((await tinyWindow.searchActive(q)).total).toBe(4);
  });
});
