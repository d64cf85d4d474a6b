import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products.ts';
import { banHiddenAds } from '../../db/schema/reports.ts';
import { savedSearchAlerts, savedSearchQueries, savedSearchQueryKeys, savedSearches } from '../../db/schema/saved-searches.ts';
import { createUser, loginAs, readMails } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { multipart } from '../../test/multipart.ts';
import { buildTestApp } from '../../test/app.ts';
import { users } from '../../db/schema/users.ts';
import { createJobsRepo } from '../jobs/jobs.repo.ts';
import { createSavedSearchesRepo } from '../saved-searches/saved-searches.repo.ts';
import type { SavedSearchQuery } from '../saved-searches/saved-searches.schemas.ts';
import { normaliseQuery } from '../saved-searches/saved-searches.service.ts';
import { createJobsService } from '../jobs/jobs.service.ts';
import { createAlertsRepo } from './alerts.repo.ts';
import { DIGEST_ADS_PER_SEARCH, createAlertsService, unsubscribeToken } from './alerts.service.ts';
import { nextFinnishHour } from './helsinki-time.ts';

let app: FastifyInstance;
let moderator: Record<string, string>;

interface Person {
  id: number;
  email: string;
  headers: Record<string, string>;
}

async function person(): Promise<Person> {
  const user = await createUser(app);
  return { id: user.id, email: user.email, headers: (await loginAs(app, user)).headers };
}

/** A saved search through the API, as a person saves it. */
async function saveSearch(who: Person, query: Record<string, unknown>, alerts = 'instant', channels = ['email']): Promise<number> {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: who.headers,
    payload: { query, alerts, channels },
  });
  expect(reply.statusCode).toBe(201);
  return reply.json().data.id as number;
}

/** An ad waiting for review, approved by a moderator through the API (the path that makes it visible). */
async function approvedAd(sellerId: number, name: string, extra: Parameters<typeof createAd>[1] extends infer T ? Partial<T> : never = {}) {
  const ad = await createAd(app, { userId: sellerId, name, status: 'moderate', ...extra });
  const reply = await app.inject({ method: 'POST', url: `/api/admin/products/${ad.uuid}/approve`, headers: moderator });
  expect(reply.statusCode).toBe(200);
  return ad;
}

const soon = () => new Date(Date.now() + 1000);
const alertsOf = (searchId: number) =>
  app.services.database.db.select().from(savedSearchAlerts).where(eq(savedSearchAlerts.savedSearchId, searchId));
/** The keys of a search's compiled query. */
async function keysOf(searchId: number): Promise<string[]> {
  const db = app.services.database.db;
  const [search] = await db.select().from(savedSearches).where(eq(savedSearches.id, searchId));
  const rows = await db.select().from(savedSearchQueryKeys).where(eq(savedSearchQueryKeys.queryId, search!.queryId));
  return rows.map((row) => row.key);
}
/** The search's query row as a migration stores it: not compiled, no keys. */
async function uncompile(searchId: number): Promise<void> {
  const db = app.services.database.db;
  const [search] = await db.select().from(savedSearches).where(eq(savedSearches.id, searchId));
  await db.update(savedSearchQueries).set({ compiledWith: null }).where(eq(savedSearchQueries.id, search!.queryId));
  await db.delete(savedSearchQueryKeys).where(eq(savedSearchQueryKeys.queryId, search!.queryId));
}
const mailsTo = (email: string) => readMails(app).filter((mail) => mail.to.includes(email));
const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'mi').exec(raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim();

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://kauppis.test' });
  moderator = (await loginAs(app, await createUser(app, { roles: ['moderator'] }))).headers;
});
afterAll(() => app.close());

describe('matching a new ad against the saved searches', () => {
  it('alerts the search it matches by e-mail, with picture-less card, price, place, links and one-click unsubscribe headers; not the one it does not match, not the seller', async () => {
    const seller = await person();
    const buyer = await person();
    const other = await person();
    const matching = await saveSearch(buyer, { name: 'helkama', price_to: 500 });
    expect(await keysOf(matching)).not.toHaveLength(0);
    const notMatching = await saveSearch(other, { name: 'helkama', price_from: 900 });
    const sellersOwn = await saveSearch(seller, { name: 'helkama' });

    const ad = await approvedAd(seller.id, 'Helkama Jopo polkupyörä', { priceCents: 12_000 });
    await app.services.jobs.runDue(soon());

    expect(await alertsOf(matching)).toHaveLength(1);
    expect(await alertsOf(notMatching)).toHaveLength(0);
    expect(await alertsOf(sellersOwn)).toHaveLength(0);
    expect((await alertsOf(matching))[0]!.emailedAt).not.toBeNull();

    const [mail] = mailsTo(buyer.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain('helkama');
    expect(mail!.text).toContain('Helkama Jopo polkupyörä');
    expect(mail!.text).toMatch(/120/);
    expect(mail!.text).toContain('Helsinki');
    expect(mail!.text).toContain(`https://kauppis.test/${ad.uuid}`);
    expect(mail!.text).toContain('https://kauppis.test/?q=helkama');
    expect(header(mail!.raw, 'List-Unsubscribe')).toBe(
      `<https://kauppis.test/api/saved-searches/unsubscribe?token=${unsubscribeToken(app.services.platform.sealer, matching)}>`,
    );
    expect(header(mail!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mailsTo(other.email)).toHaveLength(0);
    expect(mailsTo(seller.email).filter((m) => m.subject.includes('helkama'))).toHaveLength(0);
  });

  it('matching finds and confirms, and queues the telling of the searches as a job of its own with the confirmed queries', async () => {
    const seller = await person();
    const buyer = await person();
    const search = await saveSearch(buyer, { name: 'soutuvene' });
    const ad = await createAd(app, { userId: seller.id, name: 'Soutuvene puinen', priceCents: 30_000 });
    const found = await app.services.alerts.match(ad.id, new Date());
    expect(found.queryIds).toHaveLength(1);
    expect(await alertsOf(search)).toHaveLength(0);
    const told = (await app.services.jobs.repo.list('alert-tell')).filter((job) => job.payload.productId === ad.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.payload).toMatchObject({ sellerId: seller.id, queryIds: found.queryIds });
    await app.services.jobs.runDue(soon());
    expect(await alertsOf(search)).toHaveLength(1);
    expect(mailsTo(buyer.email).filter((m) => m.text.includes('Soutuvene puinen'))).toHaveLength(1);
    // An ad nobody's search shows queues no telling.
    const nobody = await createAd(app, { userId: seller.id, name: 'Xyzzy quux', priceCents: 100 });
    expect((await app.services.alerts.match(nobody.id, new Date())).queryIds).toHaveLength(0);
    expect((await app.services.jobs.repo.list('alert-tell')).filter((job) => job.payload.productId === nobody.id)).toHaveLength(0);
  });

  it('matches through the listing’s own word rules (an inflected word inside a compound) and the catalog subtree', async () => {
    const seller = await person();
    const buyer = await person();
    const [flat] = await Promise.all([app.services.catalog.flatten('fi')]);
    const vehicles = flat.find((c) => c.slug === 'cars')!;
    const byWord = await saveSearch(buyer, { name: 'sohvat' });
    const byCatalog = await saveSearch(buyer, { catalogs: [vehicles.id] }, 'daily');
    await approvedAd(seller.id, 'Kulmasohva harmaa', { catalog: 'cars' });
    await app.services.jobs.runDue(soon());
    expect(await alertsOf(byWord)).toHaveLength(1);
    expect(await alertsOf(byCatalog)).toHaveLength(1);
  });

  it('never alerts twice for one ad and search: the same change queued twice, two runs at once, and an edit back to visible alerts only a search not told before', async () => {
    const seller = await person();
    const early = await person();
    const late = await person();
    const earlySearch = await saveSearch(early, { name: 'tandem' });
    const ad = await approvedAd(seller.id, 'Tandem polkupyörä');
    await app.services.alerts.adVisible(ad.id, new Date(0));
    await app.services.alerts.adVisible(ad.id, new Date(0));
    await Promise.all([app.services.jobs.runDue(soon()), app.services.jobs.runDue(soon())]);
    expect(await alertsOf(earlySearch)).toHaveLength(1);
    expect(mailsTo(early.email)).toHaveLength(1);

    // Reserved, a new search saved meanwhile, then shown again by its owner.
    const sellerHeaders = seller.headers;
    for (const status of ['reserved', 'active']) {
      const reply = await app.inject({
        method: 'PATCH',
        url: '/api/product/change-status',
        headers: sellerHeaders,
        payload: { id: ad.id, status },
      });
      expect(reply.statusCode).toBe(200);
      if (status === 'reserved') await saveSearch(late, { name: 'tandem' });
    }
    await app.services.jobs.runDue(soon());
    expect(await alertsOf(earlySearch)).toHaveLength(1);
    expect(mailsTo(early.email)).toHaveLength(1);
    expect(mailsTo(late.email)).toHaveLength(1);
  });

  it('an ad published with moderation off (the seller’s own POST) alerts at once', async () => {
    const admin = (await loginAs(app, await createUser(app, { roles: ['user', 'admin'] }))).headers;
    const settings = (adsModeration: boolean) =>
      app.inject({ method: 'PATCH', url: '/api/admin/app-settings', headers: admin, payload: { ads_moderation: adsModeration } });
    const seller = await person();
    const buyer = await person();
    const search = await saveSearch(buyer, { name: 'kuomu' });
    const [catalog] = (await app.services.catalog.flatten('fi')).filter((c) => c.slug === 'passenger-cars');
    const [city] = (await app.services.geo.listCities('fi')).filter((c) => c.name_fi === 'Helsinki');
    expect((await settings(false)).statusCode).toBe(200);
    try {
      const body = await multipart([], {
        name: 'Kuomu avoautoon',
        description: 'Uusi kuomu, sopii moneen malliin.',
        price: '300',
        city_id: String(city!.id),
        catalog_id: String(catalog!.id),
      });
      const created = await app.inject({
        method: 'POST',
        url: '/api/product',
        payload: body.payload,
        headers: { ...seller.headers, ...body.headers },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.status).toBe('active');
    } finally {
      await settings(true);
    }
    await app.services.jobs.runDue(soon());
    expect(await alertsOf(search)).toHaveLength(1);
    expect(mailsTo(buyer.email)).toHaveLength(1);
  });

  it('ads a lifted ban brings back are matched again', async () => {
    const db = app.services.database.db;
    const admin = (await loginAs(app, await createUser(app, { roles: ['user', 'admin'] }))).headers;
    const seller = await person();
    const buyer = await person();
    const ad = await createAd(app, { userId: seller.id, name: 'Retkiluistimet', status: 'canceled' });
    await db.insert(banHiddenAds).values({ productId: ad.id, userId: seller.id, previousStatus: 'active' });
    const toggle = (action: string) =>
      app.inject({ method: 'POST', url: '/api/users/toggle-block', headers: admin, payload: { user: seller.id, action } });
    expect((await toggle('block')).statusCode).toBe(200);
    const search = await saveSearch(buyer, { name: 'retkiluistimet' });
    expect((await toggle('unblock')).statusCode).toBe(200);
    expect((await db.select().from(products).where(eq(products.id, ad.id)))[0]!.status).toBe('active');
    await app.services.jobs.runDue(soon());
    expect(await alertsOf(search)).toHaveLength(1);
  });

  it('an ad that is not shown (waiting for review) alerts nobody', async () => {
    const seller = await person();
    const buyer = await person();
    const search = await saveSearch(buyer, { name: 'tuplakajakki' });
    const ad = await createAd(app, { userId: seller.id, name: 'Tuplakajakki', status: 'moderate' });
    await app.services.alerts.adVisible(ad.id, new Date());
    await app.services.jobs.runDue(soon());
    expect(await alertsOf(search)).toHaveLength(0);
  });
});

describe('the compiled saved queries', () => {
  it('a word finds every form its stem matches: "takki" finds an ad that says "takin", "matto" one that says "maton"', async () => {
    const seller = await person();
    const buyer = await person();
    const coat = await saveSearch(buyer, { name: 'takki' });
    const rug = await saveSearch(buyer, { name: 'matto' }, 'daily');
    await approvedAd(seller.id, 'Vetoketju takin', { description: 'Vetoketju sopii takin korjaukseen.', catalog: 'womens-outerwear' });
    await approvedAd(seller.id, 'Villaisen maton pesu', { description: 'Pesen maton.', catalog: 'decor-and-textiles' });
    await app.services.jobs.runDue(soon());
    expect(await alertsOf(coat)).toHaveLength(1);
    expect(await alertsOf(rug)).toHaveLength(1);
  });

  it('one query saved by many: each search told once, not the seller’s own, not a blocked person’s, not one with alerts off', async () => {
    const seller = await person();
    const [first, second, blocked, silent] = [await person(), await person(), await person(), await person()];
    const query = { name: 'kirjoituspöytä', price_to: 300 };
    const told = [await saveSearch(first, query), await saveSearch(second, query, 'daily')];
    const sellers = await saveSearch(seller, query);
    const blockedOne = await saveSearch(blocked, query);
    const off = await saveSearch(silent, query, 'off');
    const db = app.services.database.db;
    const ids = await db
      .select({ queryId: savedSearches.queryId })
      .from(savedSearches)
      .where(inArray(savedSearches.id, [...told, sellers, blockedOne, off]));
    expect(new Set(ids.map((row) => row.queryId)).size).toBe(1);
    await db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.id));

    const ad = await createAd(app, { userId: seller.id, name: 'Kirjoituspöytä tammi', priceCents: 12_000, catalog: 'tables-and-chairs' });
    const counts = await app.services.alerts.matchAd(ad.id, new Date());
    expect(counts).toMatchObject({ confirmed: 1, inserted: 2 });
    for (const id of told) expect(await alertsOf(id)).toHaveLength(1);
    for (const id of [sellers, blockedOne, off]) expect(await alertsOf(id)).toHaveLength(0);
    expect(await app.services.alerts.matchAd(ad.id, new Date())).toMatchObject({ confirmed: 1, inserted: 0 });
    await app.services.jobs.runDue(soon());
  });

  it('a query with filters the compiled form does not know is confirmed by the listing itself', async () => {
    const seller = await person();
    const buyer = await person();
    const shown = await saveSearch(buyer, { name: 'kahvinkeitin', price_to: 50 });
    const hidden = await saveSearch(buyer, { name: 'kahvinkeitin', price_from: 100 });
    const db = app.services.database.db;
    const rows = await db
      .select({ queryId: savedSearches.queryId })
      .from(savedSearches)
      .where(inArray(savedSearches.id, [shown, hidden]));
    // As a query with a category field is stored (issue 26): its filters as columns would not say it all.
    await db
      .update(savedSearchQueries)
      .set({ fallback: true, priceFromCents: null, priceToCents: null })
      .where(
        inArray(
          savedSearchQueries.id,
          rows.map((row) => row.queryId),
        ),
      );
    const ad = await createAd(app, { userId: seller.id, name: 'Kahvinkeitin Moccamaster', priceCents: 4_000 });
    const found = await app.services.alerts.queriesShowingAd(ad.id);
    expect(found!.byListing).toBe(2);
    await app.services.alerts.matchAd(ad.id, new Date());
    expect(await alertsOf(shown)).toHaveLength(1);
    expect(await alertsOf(hidden)).toHaveLength(0);
    await app.services.jobs.runDue(soon());
  });

  it('agrees with the listing’s own predicate for many generated queries and varied ads (keys never lose a match, confirmation never adds one)', async () => {
    const seller = await person();
    const day = 86_400_000;
    const adSpecs: Parameters<typeof createAd>[1][] = [
      { userId: seller.id, name: 'Talvitakki naisten', catalog: 'womens-outerwear', city: '091', priceCents: 5_000, imageCount: 2 },
      { userId: seller.id, name: 'Vetoketju takin korjaukseen', catalog: 'mens-outerwear', city: '049', priceCents: 0, kind: 'give' },
      {
        userId: seller.id,
        name: 'Villamatto',
        description: 'Maton koko 2x3 m.',
        catalog: 'decor-and-textiles',
        city: '837',
        priceCents: 8_000,
      },
      { userId: seller.id, name: 'Kulmasohva harmaa', catalog: 'sofas-and-armchairs', city: '837', priceCents: 30_000, imageCount: 1 },
      { userId: seller.id, name: 'Helkama Jopo polkupyörä', catalog: 'city-bikes', city: '091', priceCents: 12_000 },
      { userId: seller.id, name: 'Nokian talvirenkaat 16"', catalog: 'studded-tyres', city: '049', priceCents: 25_000, imageCount: 3 },
      { userId: seller.id, name: 'iPhone 13 Pro 256 gt', catalog: 'smartphones', city: '091', priceCents: 60_000, imageCount: 1 },
      { userId: seller.id, name: 'Kaksio keskustasta', catalog: 'apartments-for-rent', city: '837', priceCents: 80_000, kind: 'rent' },
      {
        userId: seller.id,
        name: 'Ostetaan lastenvaunut',
        catalog: 'prams-and-pushchairs',
        city: '049',
        priceCents: 10_000,
        kind: 'wanted',
      },
      {
        userId: seller.id,
        name: 'Televisio 55 tuumaa',
        catalog: 'televisions',
        city: '091',
        priceCents: 20_000,
        createdAt: new Date(Date.now() - 40 * day),
      },
      { userId: seller.id, name: 'Sohvat ja tuolit', language: 'sv', catalog: 'sofas-and-armchairs', city: '049', priceCents: 15_000 },
    ];
    const ads = [];
    for (const spec of adSpecs) ads.push(await createAd(app, spec));

    const db = app.services.database.db;
    const flat = await app.services.catalog.flatten('fi');
    const adRows = await db
      .select()
      .from(products)
      .where(
        inArray(
          products.id,
          ads.map((ad) => ad.id),
        ),
      );
    const catalogIds = [...new Set(adRows.flatMap((ad) => [ad.catalogId, flat.find((c) => c.id === ad.catalogId)!.parent_id!]))];
    const cityIds = [...new Set(adRows.map((ad) => ad.cityId))];
    const regionIds = [...new Set(adRows.map((ad) => ad.regionId))];
    const words = [
      'takki',
      'takin',
      'talvitakki',
      'matto',
      'maton',
      'sohva',
      'sohvat',
      'kulmasohva',
      'helkama jopo',
      'renkaat',
      'talvirenkaat',
      'rengas',
      'iphone 13',
      '256gb',
      'kaksio',
      'lastenvaunut',
      'vaunut',
      'televisio',
      'tv',
      'pyörä',
      'pyora',
      'polkupyora',
      'nokian 16',
      'harmaa sohva',
      'tuoli',
      'ja',
    ];
    let seed = 29;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const some = <T>(list: T[]) => list.filter(() => rand() < 0.3).slice(0, 2);
    const bodies: SavedSearchQuery[] = [];
    for (let i = 0; i < 160; i++) {
      const body: SavedSearchQuery = {};
      if (rand() < 0.6) body.name = words[Math.floor(rand() * words.length)];
      if (rand() < 0.4) body.catalogs = some(catalogIds);
      if (rand() < 0.4) body.cities = some(cityIds);
      if (rand() < 0.2) body.regions = some(regionIds);
      if (rand() < 0.25) body.price_to = [0, 100, 200, 600][Math.floor(rand() * 4)];
      if (rand() < 0.15) body.price_from = [0, 50, 150][Math.floor(rand() * 3)];
      if (body.price_from !== undefined && body.price_to !== undefined && body.price_from > body.price_to) delete body.price_from;
      if (rand() < 0.15) body.kinds = some(['sell', 'give', 'wanted', 'rent'] as const);
      if (rand() < 0.1) body.with_images = true;
      if (rand() < 0.1) body.posted_within = rand() < 0.5 ? 'week' : 'month';
      bodies.push(normaliseQuery(body));
    }
    const repo = createSavedSearchesRepo(db);
    const rules = await app.services.products.percolationRules();
    const queryIds: number[] = [];
    for (const body of bodies)
      queryIds.push(await repo.storeQuery(body, { plan: await app.services.products.percolationPlan(body), rules }));

    // Both ways of matching: from memory (the percolator, loaded now) and by the compiled SQL.
    await app.services.percolator!.start();
    expect(app.services.percolator!.ready).toBe(true);
    let shownPairs = 0;
    for (const ad of ads) {
      const listing = await app.services.products.bodiesShowingAd(bodies, ad.id);
      for (const via of ['memory', 'sql'] as const) {
        const found = await app.services.alerts.queriesShowingAd(ad.id, new Date(), via);
        expect(found!.byListing).toBe(0);
        const confirmed = new Set(found!.confirmed);
        bodies.forEach((body, i) =>
          expect({ via, ad: ad.name, body, shown: confirmed.has(queryIds[i]!) }).toEqual({ via, ad: ad.name, body, shown: listing[i] }),
        );
      }
      shownPairs += listing.filter(Boolean).length;
    }
    // Not a vacuous agreement: many pairs are shown, and many are not.
    expect(shownPairs).toBeGreaterThan(40);
    expect(shownPairs).toBeLessThan(bodies.length * ads.length - 400);
  });
});

describe('the notification centre and Web Push', () => {
  it('a push service that fails is retried later and never holds up or loses the e-mail; the centre gets its entry', async () => {
    const db = app.services.database.db;
    const jobs = createJobsService({ repo: createJobsRepo(db), log: () => {} });
    const pushes: unknown[] = [];
    const notes: unknown[] = [];
    let pushFails = true;
    const { geo, catalog, platform, settings } = app.services;
    createAlertsService({
      repo: createAlertsRepo(db),
      jobs,
      products: app.services.products,
      geo,
      catalog,
      storage: platform.storage,
      mailer: platform.mailer,
      sealer: platform.sealer,
      site: { siteName: settings.siteName(), publicUrl: 'https://kauppis.test' },
      log: () => {},
      notify: async (userId, kind, data) => void notes.push({ userId, kind, data }),
      push: async (userId, payload) => {
        if (pushFails) throw new Error('push service answered 500');
        pushes.push({ userId, payload });
      },
    });
    const seller = await person();
    const buyer = await person();
    const search = await saveSearch(buyer, { name: 'riippumatto' }, 'instant', ['email', 'push']);
    const ad = await approvedAd(seller.id, 'Riippumatto puuhun');
    const now = soon();
    await jobs.runDue(now);
    expect(mailsTo(buyer.email)).toHaveLength(1);
    expect(notes).toEqual([
      {
        userId: buyer.id,
        kind: 'saved_search',
        data: expect.objectContaining({ search_id: search, count: 1, ad: expect.objectContaining({ uuid: ad.uuid }) }),
      },
    ]);
    expect(pushes).toEqual([]);
    const [waiting] = await jobs.repo.list('alert-push');
    expect(waiting).toMatchObject({ attempts: 1, lastError: 'push service answered 500' });

    pushFails = false;
    await jobs.runDue(waiting!.runAt);
    expect(pushes).toEqual([
      {
        userId: buyer.id,
        payload: expect.objectContaining({
          url: `/${ad.uuid}`,
          tag: `saved-search:${search}`,
          body: expect.stringContaining('Riippumatto puuhun'),
        }),
      },
    ]);
    const [alert] = await alertsOf(search);
    expect(alert!.pushedAt).not.toBeNull();
    expect(mailsTo(buyer.email)).toHaveLength(1);
  });
});

describe('daily digests', () => {
  it('sends one mail per person at 7:00 Finnish time with every daily search, up to 20 ads a search and "N more", then queues the next morning', async () => {
    const seller = await person();
    const buyer = await person();
    const many = await saveSearch(buyer, { name: 'lumilauta' }, 'daily');
    const few = await saveSearch(buyer, { name: 'lumikengät' }, 'daily');
    for (let i = 0; i < DIGEST_ADS_PER_SEARCH + 3; i++) {
      const ad = await createAd(app, { userId: seller.id, name: `Lumilauta ${i + 1}` });
      await app.services.alerts.matchAd(ad.id, new Date());
    }
    const shoes = await createAd(app, { userId: seller.id, name: 'Lumikengät' });
    await app.services.alerts.matchAd(shoes.id, new Date());
    await app.services.jobs.runDue(soon());
    expect(mailsTo(buyer.email)).toHaveLength(0);

    const seven = nextFinnishHour(new Date(), 7);
    await app.services.alerts.scheduleDigest(new Date());
    await app.services.alerts.scheduleDigest(new Date());
    expect((await app.services.jobs.repo.list('digest')).filter((job) => job.runAt.getTime() === seven.getTime())).toHaveLength(1);
    await app.services.jobs.runDue(new Date(seven.getTime() - 1000));
    expect(mailsTo(buyer.email)).toHaveLength(0);
    await app.services.jobs.runDue(seven);

    const mails = mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain('lumilauta');
    expect(text).toContain('lumikengät');
    expect(text.match(/Lumilauta \d+ ·/g)).toHaveLength(DIGEST_ADS_PER_SEARCH);
    expect(text).toContain('Lisää uusia ilmoituksia: 3');
    expect((await alertsOf(many)).every((alert) => alert.emailedAt)).toBe(true);
    expect((await alertsOf(few)).every((alert) => alert.emailedAt)).toBe(true);
    // The next morning's digest is queued (by the day's key, once).
    const next = nextFinnishHour(seven, 7);
    expect((await app.services.jobs.repo.list('digest')).map((job) => job.runAt.getTime())).toContain(next.getTime());
    await app.services.jobs.runDue(seven);
    expect(mailsTo(buyer.email)).toHaveLength(1);
  });

  it('weekly searches join the digest on Mondays only', async () => {
    const seller = await person();
    const buyer = await person();
    await saveSearch(buyer, { name: 'kajakkiteline' }, 'weekly');
    const ad = await createAd(app, { userId: seller.id, name: 'Kajakkiteline katolle' });
    await app.services.alerts.matchAd(ad.id, new Date());
    // 2030-01-07 is a Monday; 7:00 in Finland is 5:00 UTC in winter.
    await app.services.alerts.sendDigests(new Date('2030-01-08T05:00:00Z'));
    expect(mailsTo(buyer.email)).toHaveLength(0);
    await app.services.alerts.sendDigests(new Date('2030-01-07T05:00:00Z'));
    expect(mailsTo(buyer.email)).toHaveLength(1);
    expect(mailsTo(buyer.email)[0]!.text).toContain('Kajakkiteline katolle');
  });

  it('queues the digest at 7:00 Finnish time across the change to summer time', async () => {
    await app.services.alerts.scheduleDigest(new Date('2026-03-28T06:00:00Z'));
    const jobs = await app.services.jobs.repo.list('digest');
    const job = jobs.find((j) => j.key === '2026-03-29');
    expect(job?.runAt.toISOString()).toBe('2026-03-29T04:00:00.000Z');
  });
});

describe('unsubscribing from a search’s alerts', () => {
  it('one-click POST stops the alerts without signing in; used again it says stopped already; the page names the search', async () => {
    const buyer = await person();
    const id = await saveSearch(buyer, { name: 'kanootti' }, 'instant');
    const token = unsubscribeToken(app.services.platform.sealer, id);
    const oneClick = () =>
      app.inject({
        method: 'POST',
        url: `/api/saved-searches/unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'stopped', name: 'kanootti' });
    const [row] = await app.services.database.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(row!.alerts).toBe('off');
    expect((await oneClick()).json()).toEqual({ status: 'already_stopped', name: 'kanootti' });

    const page = await app.inject({ method: 'GET', url: `/unsubscribe/saved-search?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('kanootti');
    expect(page.body).toContain('Ilmoitukset on jo lopetettu');
  });

  it('the mail’s link opens a page that names the search and stops it with its button, in the person’s language', async () => {
    const buyer = await person();
    const id = await saveSearch(buyer, { name: 'soutuvene' }, 'daily');
    const token = unsubscribeToken(app.services.platform.sealer, id);
    const page = await app.inject({ method: 'GET', url: `/unsubscribe/saved-search?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('soutuvene');
    expect(page.body).toContain('<form method="post"');
    const [before] = await app.services.database.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(before!.alerts).toBe('daily');

    const stop = await app.inject({
      method: 'POST',
      url: '/unsubscribe/saved-search',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.body).toContain('Ilmoitukset lopetettu');
    expect(stop.body).toContain('soutuvene');
    const [after] = await app.services.database.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(after!.alerts).toBe('off');
  });

  it('a forged token: a clear page (and a 404 to the one-click call), nothing changed', async () => {
    const buyer = await person();
    const id = await saveSearch(buyer, { name: 'melonta' }, 'weekly');
    const forged = `${id}.${'0'.repeat(64)}`;
    const oneClick = await app.inject({ method: 'POST', url: `/api/saved-searches/unsubscribe?token=${forged}` });
    expect(oneClick.statusCode).toBe(404);
    for (const token of [forged, 'nonsense']) {
      const page = await app.inject({
        method: 'GET',
        url: `/unsubscribe/saved-search?token=${token}`,
        headers: { 'accept-language': 'en' },
      });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('This unsubscribe link is not valid. Nothing was changed.');
    }
    const post = await app.inject({
      method: 'POST',
      url: '/unsubscribe/saved-search',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: forged }).toString(),
    });
    expect(post.statusCode).toBe(404);
    const [row] = await app.services.database.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(row!.alerts).toBe('weekly');
  });
});

describe('compiling saved queries again', () => {
  it('a query not compiled, or compiled with other rules, is compiled by the queued job; once per set of rules; a current one is left as it is', async () => {
    const buyer = await person();
    const unkeyed = await saveSearch(buyer, { name: 'kanootti' });
    const stale = await saveSearch(buyer, { name: 'melontakypärä' });
    const current = await saveSearch(buyer, { name: 'airot' });
    const db = app.services.database.db;
    const keys = { unkeyed: await keysOf(unkeyed), stale: await keysOf(stale) };
    await uncompile(unkeyed);
    const [staleSearch] = await db.select().from(savedSearches).where(eq(savedSearches.id, stale));
    await db.update(savedSearchQueries).set({ compiledWith: '0:old rules' }).where(eq(savedSearchQueries.id, staleSearch!.queryId));
    await db.delete(savedSearchQueryKeys).where(eq(savedSearchQueryKeys.queryId, staleSearch!.queryId));
    await db.insert(savedSearchQueryKeys).values({ key: 'w:wrong', queryId: staleSearch!.queryId });
    const currentKeys = await keysOf(current);

    const now = new Date();
    await app.services.alerts.scheduleRekey(now);
    await app.services.alerts.scheduleRekey(now);
    // One job per set of rules (an earlier test's digest may have queued it for its own morning).
    const queued = await app.services.database.db.execute(`select run_at from jobs where kind = 'saved-search-rekey'`);
    const runAts = (queued as unknown as { rows: { run_at: string | Date }[] }).rows;
    expect(runAts).toHaveLength(1);
    await app.services.jobs.runDue(new Date(new Date(runAts[0]!.run_at).getTime() + 1000));

    expect((await keysOf(unkeyed)).sort()).toEqual(keys.unkeyed.sort());
    expect((await keysOf(stale)).sort()).toEqual(keys.stale.sort());
    expect(await keysOf(current)).toEqual(currentKeys);
    const rules = await app.services.products.percolationRules();
    const compiledWith = await db.select({ rules: savedSearchQueries.compiledWith }).from(savedSearchQueries);
    expect(compiledWith.every((row) => row.rules === rules)).toBe(true);
    expect(await app.services.alerts.rekey()).toBe(0);
  });

  it('a query not yet compiled is still alerted (a candidate for every ad, confirmed by the listing)', async () => {
    const seller = await person();
    const buyer = await person();
    const search = await saveSearch(buyer, { name: 'lumikengät' });
    await uncompile(search);
    await approvedAd(seller.id, 'Lumikengät TSL, vähän käytetyt');
    await app.services.jobs.runDue(soon());
    expect(await alertsOf(search)).toHaveLength(1);
  });
});

describe('matching from memory (the percolator)', () => {
  it('a word typed without ä, å or ö meets the ad that has them, and the other way round, as the search does', async () => {
    const seller = await person();
    const buyer = await person();
    const folded = await saveSearch(buyer, { name: 'kayttamaton lastenpoyta' });
    const accented = await saveSearch(buyer, { name: 'pöytä' });
    const ad = await approvedAd(seller.id, 'Käyttämätön lastenpöytä');
    const plain = await approvedAd(seller.id, 'Valkoinen poyta');
    await app.services.jobs.runDue(soon());
    expect((await alertsOf(folded)).map((a) => a.productId)).toEqual([ad.id]);
    expect((await alertsOf(accented)).map((a) => a.productId).sort()).toEqual([ad.id, plain.id].sort());
    // The listing's search finds the same ads for the same words.
    for (const [name, ids] of [
      ['kayttamaton lastenpoyta', [ad.uuid]],
      ['pöytä', [ad.uuid, plain.uuid]],
    ] as const) {
      const reply = await app.inject({ method: 'POST', url: '/api/products', payload: { name } });
      const found = (reply.json().data as { uuid: string }[]).map((card) => card.uuid);
      for (const uuid of ids) expect(found).toContain(uuid);
    }
  });

  it('a search saved after the memory loaded is matched from memory at once: the catch-up before each match reads it', async () => {
    await app.services.percolator!.start();
    const before = app.services.percolator!.size;
    const seller = await person();
    const buyer = await person();
    const waiting = await createAd(app, { userId: seller.id, name: 'Kajakit kahdelle, Helsinki', city: '091', status: 'moderate' });
    const [adRow] = await app.services.database.db.select().from(products).where(eq(products.id, waiting.id));
    const search = await saveSearch(buyer, { name: 'kajakki', cities: [adRow!.cityId] });
    const approved = await app.inject({ method: 'POST', url: `/api/admin/products/${waiting.uuid}/approve`, headers: moderator });
    expect(approved.statusCode).toBe(200);
    const ad = waiting;
    const found = await app.services.alerts.queriesShowingAd(ad.id);
    const [row] = await app.services.database.db.select().from(savedSearches).where(eq(savedSearches.id, search));
    expect(found!.confirmed).toContain(row!.queryId);
    expect(app.services.percolator!.size).toBeGreaterThan(before);
    await app.services.jobs.runDue(soon());
    expect(await alertsOf(search)).toHaveLength(1);
  });

  it('a query compiled with other rules is read again however it was written: the listing confirms it until the rekey, then the memory', async () => {
    await app.services.percolator!.start();
    const seller = await person();
    const buyer = await person();
    const search = await saveSearch(buyer, { name: 'melontaliivi' });
    const ad = await createAd(app, { userId: seller.id, name: 'Melontaliivi aikuisille' });
    const db = app.services.database.db;
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search));
    const inMemory = async () => (await app.services.alerts.queriesShowingAd(ad.id))!;
    expect((await inMemory()).confirmed).toContain(row!.queryId);

    // A plain update of the row (no word of the percolator in it): the trigger marks the write.
    await db.update(savedSearchQueries).set({ compiledWith: '0:old rules' }).where(eq(savedSearchQueries.id, row!.queryId));
    const stale = await inMemory();
    expect(stale.stale).toBeGreaterThanOrEqual(1);
    expect(stale.confirmed).toContain(row!.queryId);

    await app.services.alerts.rekey();
    const current = await inMemory();
    expect(current).toMatchObject({ stale: 0, byListing: 0 });
    expect(current.confirmed).toContain(row!.queryId);
  });
});
