import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_KINDS, type AdKind, SORT_KEYS, type SortKey } from '../../../common/ad-rules.ts';
import type { AttributeValues } from '../../../common/attributes.ts';
import { POSTED_WITHIN, type PostedWithin } from '../../../common/listing-filters.ts';
import { catalogs } from '../../db/schema/catalog.ts';
import { municipalities } from '../../db/schema/geo.ts';
import { productImages, products } from '../../db/schema/products.ts';
import { createUser } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { seededRandom as random } from '../../test/seeded-random.ts';
import { defineCarFields, setValues } from '../products/field-search.fixtures.ts';
import type { FacetField } from '../products/attribute-filters.ts';
import { COUNT_CAP, cardsInOrder } from '../products/listing-pages.ts';
import type { ListingQuery } from '../products/listing-query.ts';
import { hintReadings } from '../search/hints.ts';
import { searchTerms } from '../search/search-terms.ts';
import { createSearchRepo } from '../search/search.repo.ts';
import { rowsOf } from '../search/text-query-sql.ts';
import { createListingIndex } from './listing-index.ts';
import { createListingIndexRepo } from './listing-index.repo.ts';

/**
 * The listing's in-memory index (issue 26) against the SQL it stands in for: the same pages, counts
 * and facets for generated queries over generated ads, and never older than a committed write.
 */

let app: FastifyInstance;
let sellerId: number;
const catalogIds: Record<string, number> = {};
const towns: { id: number; regionId: number; code: string }[] = [];

const MAKES = ['toyota', 'volkswagen', 'volvo', 'skoda'];
const FUELS = ['petrol', 'diesel', 'hybrid', 'plugin_hybrid', 'electric'];
const EQUIPMENT = ['tow_hitch', 'winter_tyres', 'webasto'];
const FACETS: FacetField[] = [
  { key: 'make', type: 'choice', options: MAKES },
  { key: 'fuel', type: 'choice', options: FUELS },
  { key: 'equipment', type: 'choices', options: EQUIPMENT },
  { key: 'service_book', type: 'boolean', options: ['true', 'false'] },
];

const sqlSearch = () => createSearchRepo(app.services.database.db);
const index = () => app.services.listingIndex!;

beforeAll(async () => {
  app = await buildTestApp();
  await defineCarFields(app);
  sellerId = (await createUser(app)).id;
  const db = app.services.database.db;
  for (const slug of ['cars', 'motorcycles', 'bicycles']) {
    const [row] = await db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.slug, slug));
    catalogIds[slug] = row!.id;
  }
  for (const code of ['091', '049', '092', '837', '853']) {
    const [row] = await db.select().from(municipalities).where(eq(municipalities.code, code));
    towns.push({ id: row!.id, regionId: row!.regionId, code });
  }
  const rng = random(2026);
  const base = Date.now() - 20 * 86_400_000;
  const statuses = ['active', 'active', 'active', 'reserved', 'moderate', 'sold'] as const;
  for (let n = 0; n < 140; n++) {
    const catalog = rng.pick(['cars', 'cars', 'motorcycles', 'bicycles']);
    const kind: AdKind = rng.pick(AD_KINDS);
    const ad = await createAd(app, {
      userId: sellerId,
      name: `Ilmoitus ${n}`,
      catalog,
      city: rng.pick(towns).code,
      status: rng.pick(statuses),
      kind,
      priceCents: kind === 'give' ? 0 : rng.int(0, 40) * 50_000,
      imageCount: rng.pick([0, 0, 1, 3]),
      // Some share a moment to the microsecond: ties order by id, as the SQL orders them.
      createdAt: new Date(base + rng.int(0, 60) * 8 * 3_600_000),
    });
    // Their pictures, written out of order: the cover is the one at position 0.
    for (let position = ad.imageCount - 1; position >= 0; position--) {
      await db
        .insert(productImages)
        .values({ productId: ad.id, position, width: 800 + position, height: 600, storagePrefix: `ads/${ad.uuid}/p${position}` });
    }
    if (rng.chance(0.15)) {
      await db
        .update(products)
        .set({ expiresAt: new Date(Date.now() + (rng.chance(0.5) ? -1 : 1) * 86_400_000) })
        .where(eq(products.id, ad.id));
    }
    if (catalog !== 'cars' || rng.chance(0.1)) continue;
    const values: AttributeValues = { make: rng.pick(MAKES), fuel: rng.pick(FUELS) };
    if (rng.chance(0.85)) values.year = rng.int(1995, 2026);
    if (rng.chance(0.7)) values.mileage_km = rng.int(0, 40) * 10_000;
    if (rng.chance(0.6)) values.equipment = rng.some(EQUIPMENT);
    if (rng.chance(0.6)) values.service_book = rng.chance(0.5);
    await setValues(app, ad.id, values);
  }
  await app.services.listingIndex!.start();
});
afterAll(() => app.close());

/** A listing query as the products service makes them, drawn at random. */
function someQuery(rng: ReturnType<typeof random>): ListingQuery {
  const sort: SortKey = rng.pick(SORT_KEYS);
  const inCars = rng.chance(0.6);
  const places = rng.some(towns);
  const query: ListingQuery = {
    catalogIds: inCars ? [catalogIds.cars!] : rng.chance(0.5) ? [] : [catalogIds.motorcycles!, catalogIds.bicycles!],
    cityIds: rng.chance(0.5) ? places.map((t) => t.id) : [],
    regionIds: rng.chance(0.2) ? [towns[0]!.regionId] : [],
    terms: [],
    sort,
    limit: rng.pick([5, 10, 20]),
    offset: rng.pick([0, 0, 0, 5, 20]),
  };
  if (rng.chance(0.3)) query.priceFromCents = rng.int(0, 20) * 50_000;
  if (rng.chance(0.3)) query.priceToCents = rng.int(10, 40) * 50_000;
  if (rng.chance(0.3)) query.kinds = rng.some(AD_KINDS).sort();
  if (rng.chance(0.2)) query.withImages = true;
  if (rng.chance(0.2)) query.postedWithin = rng.pick<PostedWithin>(POSTED_WITHIN);
  if (sort === 'distance_asc') query.townOrder = towns.map((t) => t.id).sort(() => rng.next() - 0.5);
  if (inCars) {
    const choices: [string, string[]][] = [];
    if (rng.chance(0.4)) choices.push(['make', rng.some(MAKES).sort()]);
    if (rng.chance(0.4)) choices.push(['fuel', rng.some(FUELS).sort()]);
    if (rng.chance(0.2)) choices.push(['equipment', [rng.pick(EQUIPMENT)]]);
    if (rng.chance(0.2)) choices.push(['service_book', [String(rng.chance(0.5))]]);
    const ranges: [string, number | null, number | null][] = [];
    if (rng.chance(0.4)) ranges.push(['year', rng.chance(0.7) ? rng.int(1995, 2015) : null, rng.chance(0.5) ? rng.int(2010, 2026) : null]);
    if (rng.chance(0.3)) ranges.push(['mileage_km', null, rng.int(5, 40) * 10_000]);
    query.attributes = { choices: choices.filter(([, values]) => values.length).sort(), ranges };
    if (rng.chance(0.7)) query.facets = FACETS;
  }
  return query;
}

/** The most expensive bicycles first: the tests of freshness put an ad at the top of it. */
const dearestBicycles = (limit: number): ListingQuery => ({
  catalogIds: [catalogIds.bicycles!],
  cityIds: [],
  regionIds: [],
  terms: [],
  sort: 'price_desc',
  limit,
  offset: 0,
});

async function bothAnswers(query: ListingQuery) {
  const fromSql = await sqlSearch().searchActive(query);
  const fromIndex = await index().answer(query);
  expect(fromIndex, 'the index answers').toBeDefined();
  return {
    sql: { ids: fromSql.rows.map((row) => row.id), total: fromSql.total, facets: fromSql.facets?.facets, cards: fromSql.rows },
    index: { ids: fromIndex!.ids, total: Math.min(fromIndex!.matched, COUNT_CAP), facets: fromIndex!.facets, cards: fromIndex!.cards },
  };
}

describe('the listing index', () => {
  it('loads the listed ads only', async () => {
    await index().start();
    expect(index().ready).toBe(true);
    const [row] = await app.services.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(inArray(products.status, ['active', 'reserved']));
    expect(index().size).toBe(row!.n);
  });

  it('answers 300 generated queries with the pages, counts and facets of the SQL', async () => {
    const rng = random(7);
    let nonEmpty = 0;
    for (let n = 0; n < 300; n++) {
      const query = someQuery(rng);
      const answers = await bothAnswers(query);
      expect(answers.index, JSON.stringify(query)).toEqual(answers.sql);
      if (answers.sql.ids.length) nonEmpty++;
    }
    // The queries are not all empty: the comparison says something.
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('leaves searches with words, and a distance sort without towns, to the SQL', async () => {
    const query: ListingQuery = { catalogIds: [], cityIds: [], regionIds: [], terms: [], sort: 'created_at_desc', limit: 5, offset: 0 };
    expect(await index().answer({ ...query, terms: [{ word: 'auto' } as never] })).toBeUndefined();
    expect(await index().answer({ ...query, sort: 'distance_asc' })).toBeUndefined();
  });

  it('sees a write committed before the request: a new ad, a price, an ad leaving and coming back', async () => {
    const db = app.services.database.db;
    const query: ListingQuery = dearestBicycles(3);
    const ad = await createAd(app, { userId: sellerId, name: 'Uusi pyörä', catalog: 'bicycles', priceCents: 99_999_900 });
    expect((await index().answer(query))!.ids[0]).toBe(ad.id);
    await db.update(products).set({ priceCents: 1 }).where(eq(products.id, ad.id));
    expect((await index().answer(query))!.ids).not.toContain(ad.id);
    await db.update(products).set({ priceCents: 99_999_900, status: 'moderate' }).where(eq(products.id, ad.id));
    expect((await index().answer(query))!.ids).not.toContain(ad.id);
    await db.update(products).set({ status: 'reserved' }).where(eq(products.id, ad.id));
    expect((await index().answer(query))!.ids[0]).toBe(ad.id);
    await db.delete(products).where(eq(products.id, ad.id));
    expect((await index().answer(query))!.ids).not.toContain(ad.id);
  });

  it('gives the cards from memory, up to date: a new cover, pictures reordered, values changed', async () => {
    const db = app.services.database.db;
    const query: ListingQuery = dearestBicycles(1);
    const ad = await createAd(app, {
      userId: sellerId,
      name: 'Kuvallinen pyörä',
      catalog: 'bicycles',
      priceCents: 99_999_990,
      imageCount: 2,
    });
    const cardOf = async () => (await index().answer(query))!.cards[0]!;
    expect((await cardOf()).cover).toBeNull();
    await db.insert(productImages).values([
      { productId: ad.id, position: 0, width: 640, height: 480, storagePrefix: `ads/${ad.uuid}/a` },
      { productId: ad.id, position: 1, width: 480, height: 640, storagePrefix: `ads/${ad.uuid}/b` },
    ]);
    expect(await cardOf()).toMatchObject({
      id: ad.id,
      uuid: ad.uuid,
      imageCount: 2,
      cover: { storagePrefix: `ads/${ad.uuid}/a`, width: 640 },
    });
    await db
      .update(productImages)
      .set({ position: sql`1 - ${productImages.position}` })
      .where(eq(productImages.productId, ad.id));
    expect((await cardOf()).cover).toMatchObject({ storagePrefix: `ads/${ad.uuid}/b`, width: 480 });
    await db.update(products).set({ name: 'Kuvallinen pyörä, uusi nimi' }).where(eq(products.id, ad.id));
    expect(await cardOf()).toEqual((await cardsInOrder(app.services.database.db, query, [ad.id]))[0]);
    await db.delete(productImages).where(eq(productImages.productId, ad.id));
    expect((await cardOf()).cover).toBeNull();
    await db.delete(products).where(eq(products.id, ad.id));
  });

  it('gives the hints their ads from memory, up to date: a new title, an edited one, an ad leaving', async () => {
    const db = app.services.database.db;
    const hints = async (query: string) =>
      ((await app.inject({ method: 'POST', url: '/api/search-hint', payload: { query } })).json().data as { text: string }[]).map(
        (h) => h.text,
      );
    const fromMemory = async (query: string) => (await index().hintMatches(hintReadings(searchTerms(query)), 48))!.map((found) => found.id);
    const ad = await createAd(app, { userId: sellerId, name: 'Kirjoituspöytä tammea', catalog: 'bicycles' });
    expect(await fromMemory('kirjoituspoy')).toEqual([ad.id]);
    expect(await hints('kirjoituspoy')).toContain('Kirjoituspöytä tammea');
    // A compound's part, a word typed after another, and a compound typed apart.
    expect(await hints('pöytä tam')).toContain('Kirjoituspöytä tammea');
    expect(await hints('kirjoitus pöy')).toContain('Kirjoituspöytä tammea');
    await db.update(products).set({ name: 'Työpöytä koivua' }).where(eq(products.id, ad.id));
    expect(await fromMemory('kirjoituspoy')).toEqual([]);
    expect(await hints('työpöytä koi')).toContain('Työpöytä koivua');
    await db.update(products).set({ status: 'sold' }).where(eq(products.id, ad.id));
    expect(await fromMemory('tyopoyta')).toEqual([]);
    expect(await hints('työpöytä')).not.toContain('Työpöytä koivua');
  });

  it('shares one catch-up among requests that arrive together, and each still sees what was written before it', async () => {
    const db = app.services.database.db;
    const ad = await createAd(app, { userId: sellerId, name: 'Rinnakkain', catalog: 'bicycles', priceCents: 99_999_950 });
    const query: ListingQuery = dearestBicycles(1);
    const answers = await Promise.all(Array.from({ length: 12 }, () => index().answer(query)));
    expect(answers.every((answer) => answer!.ids[0] === ad.id)).toBe(true);
    await db.delete(products).where(eq(products.id, ad.id));
  });

  it.runIf(process.env.DATABASE_URL)('misses no write of a transaction that commits after a later one', async () => {
    const db = app.services.database.db;
    const query: ListingQuery = dearestBicycles(2);
    const early = await createAd(app, { userId: sellerId, name: 'Hidas', catalog: 'bicycles', priceCents: 1 });
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    // The early transaction writes first and commits last.
    const slow = db.transaction(async (tx) => {
      await tx.update(products).set({ priceCents: 99_999_990 }).where(eq(products.id, early.id));
      written();
      await held;
    });
    await wrote;
    const late = await createAd(app, { userId: sellerId, name: 'Nopea', catalog: 'bicycles', priceCents: 99_999_980 });
    expect((await index().answer(query))!.ids).toEqual([late.id, expect.any(Number)]);
    commit();
    await slow;
    expect((await index().answer(query))!.ids).toEqual([early.id, late.id]);
    await db.delete(products).where(inArray(products.id, [early.id, late.id]));
  });

  it('reads everything again after sleeping longer than the changes are kept', async () => {
    let clock = Date.now();
    const repo = createListingIndexRepo(app.services.database.db);
    const sleeper = createListingIndex(repo, { now: () => clock, changesKeptMs: 60_000 });
    await sleeper.start();
    const before = sleeper.size;
    const ad = await createAd(app, { userId: sellerId, name: 'Unessa', catalog: 'bicycles' });
    // The change rows are pruned while it sleeps: only a full read finds the new ad.
    await repo.pruneChanges(new Date(Date.now() + 1000));
    clock += 61_000;
    const query: ListingQuery = { catalogIds: [], cityIds: [], regionIds: [], terms: [], sort: 'created_at_desc', limit: 500, offset: 0 };
    const answer = await sleeper.answer(query);
    expect(sleeper.size).toBe(before + 1);
    expect(answer!.ids).toContain(ad.id);
    await app.services.database.db.delete(products).where(eq(products.id, ad.id));
  });

  it('leaves the answer to the SQL while the database cannot say what changed, and catches up after', async () => {
    const repo = createListingIndexRepo(app.services.database.db);
    const errors: unknown[] = [];
    let failing = false;
    const flaky = createListingIndex(
      {
        ...repo,
        changedSince: (xmin) => (failing ? Promise.reject(new Error('connection lost')) : repo.changedSince(xmin)),
      },
      { onError: (error) => errors.push(error) },
    );
    await flaky.start();
    const query: ListingQuery = { catalogIds: [], cityIds: [], regionIds: [], terms: [], sort: 'created_at_desc', limit: 1, offset: 0 };
    failing = true;
    const ad = await createAd(app, { userId: sellerId, name: 'Katkos', catalog: 'bicycles' });
    expect(await flaky.answer(query)).toBeUndefined();
    expect(errors).toHaveLength(1);
    failing = false;
    expect((await flaky.answer(query))!.ids).toEqual([ad.id]);
    await app.services.database.db.delete(products).where(eq(products.id, ad.id));
  });

  it('is off with LISTING_INDEX=false: the SQL answers every listing', async () => {
    const off = await buildTestApp({ listingIndex: false });
    try {
      expect(off.services.listingIndex).toBeUndefined();
      const res = await off.inject({ method: 'POST', url: '/api/products', payload: {} });
      expect(res.statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });

  it('is pruned by the daily retention: change rows a day old go', async () => {
    const result = await app.services.retention.run('listingChanges', new Date(Date.now() + 2 * 86_400_000));
    expect(result.listing_changes).toBeGreaterThan(0);
    const [row] = rowsOf<{ n: number }>(await app.services.database.db.execute(sql`select count(*)::int as n from product_changes`));
    expect(row!.n).toBe(0);
  });
});
