import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
let seller: Awaited<ReturnType<typeof createUser>>;
const ads: Record<string, Awaited<ReturnType<typeof createAd>>> = {};

beforeAll(async () => {
  app = await buildTestApp();
  seller = await createUser(app, { name: 'Sami Myyjä' });
  ads.bike = await createAd(app, { userId: seller.id, name: 'Helkama Jopo', catalog: 'city-bikes', city: '837', priceCents: 12050 });
  ads.bike2 = await createAd(app, { userId: seller.id, name: 'Tunturi naisten pyörä', catalog: 'city-bikes', city: '091' });
  ads.sofaTampere = await createAd(app, { userId: seller.id, name: 'Sohva Tampereelta', catalog: 'sofas-and-armchairs', city: '837' });
  ads.sold = await createAd(app, { userId: seller.id, name: 'Myyty jopo', catalog: 'city-bikes', city: '837', status: 'sold' });
  ads.waiting = await createAd(app, { userId: seller.id, name: 'Tarkastuksessa', catalog: 'city-bikes', city: '837', status: 'moderate' });
});
afterAll(() => app.close());

describe('GET /api/product/{uuid}', () => {
  it('shows an active ad with price, place, catalog path and the seller without contact details', async () => {
    const res = await app.inject({ url: `/api/product/${ads.bike!.uuid}`, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const ad = res.json().data;
    expect(ad).toMatchObject({ uuid: ads.bike!.uuid, name: 'Helkama Jopo', price: 120.5, status: 'active', city: { name: 'Tampere' } });
    expect(ad.catalog.path.map((c: { slug: string }) => c.slug)).toEqual(['transport', 'bicycles', 'city-bikes']);
    expect(ad.seller).toMatchObject({ id: seller.id, name: 'Sami Myyjä', active_ads_count: 3 });
    expect(res.body).not.toContain(seller.email);
    expect(ad.is_owner).toBe(false);
  });

  it('shows sold ads with their status, and hides ads under review from everyone but the owner and staff', async () => {
    expect((await app.inject({ url: `/api/product/${ads.sold!.uuid}` })).json().data.status).toBe('sold');
    expect((await app.inject({ url: `/api/product/${ads.waiting!.uuid}` })).statusCode).toBe(404);
    const stranger = await loginAs(app, await createUser(app));
    expect((await app.inject({ url: `/api/product/${ads.waiting!.uuid}`, headers: stranger.headers })).statusCode).toBe(404);
    const owner = await loginAs(app, seller);
    const own = await app.inject({ url: `/api/product/${ads.waiting!.uuid}`, headers: owner.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.is_owner).toBe(true);
    const moderator = await loginAs(app, await createUser(app, { roles: ['moderator'] }));
    expect((await app.inject({ url: `/api/product/${ads.waiting!.uuid}`, headers: moderator.headers })).statusCode).toBe(200);
  });

  it('answers unknown and malformed ids with 404', async () => {
    expect((await app.inject({ url: '/api/product/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await app.inject({ url: "/api/product/1' or '1'='1" })).statusCode).toBe(404);
  });
});

describe('similar ads', () => {
  const body = () => ({ catalogId: ads.bike!.catalogId, cityId: ads.bike!.cityId, currentProductId: ads.bike!.id });

  it('lists other active ads in the same city, not the ad itself', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/same-products-in-the-city/', payload: body() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['Sohva Tampereelta']);
  });

  it('lists other active ads in the same catalog', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/same-products/', payload: body() });
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['Tunturi naisten pyörä']);
  });

  it('shows eight others however many there are, whether or not the ad itself is among the newest', async () => {
    const seller = await createUser(app);
    const made = [];
    for (let n = 1; n <= 10; n++) {
      made.push(
        await createAd(app, { userId: seller.id, name: `Oulun ilmoitus ${n}`, city: '564', createdAt: new Date(Date.UTC(2026, 10, n)) }),
      );
    }
    for (const current of [made.at(-1)!, made[0]!]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/same-products-in-the-city/',
        payload: { catalogId: current.catalogId, cityId: current.cityId, currentProductId: current.id },
      });
      const names = res.json().data.map((p: { name: string }) => p.name);
      expect(names).toHaveLength(8);
      expect(names).not.toContain(current.name);
      expect(names[0]).toBe(current === made.at(-1) ? 'Oulun ilmoitus 9' : 'Oulun ilmoitus 10');
    }
  });

  it('answers a bad body with 422', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/same-products', payload: { catalogId: 'x' } })).statusCode).toBe(422);
  });
});

describe('POST /api/search-hint', () => {
  it('suggests catalog names and ad titles as one types, at most ten', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/search-hint',
      payload: { query: 'hel' },
      headers: { 'accept-language': 'fi' },
    });
    expect(res.statusCode).toBe(200);
    const hints = res.json().data as { type: string; text: string }[];
    expect(hints).toContainEqual({ type: 'ad', text: 'Helkama Jopo', path: null });
    expect(hints.length).toBeLessThanOrEqual(10);
    const catalogs = (await app.inject({ method: 'POST', url: '/api/search-hint', payload: { query: 'auto' } })).json().data;
    expect(catalogs[0]).toMatchObject({ type: 'catalog' });
  });

  it('offers the categories the words mean, bicycles before motorcycles for a bicycle word', async () => {
    const seller = await createUser(app);
    for (const name of ['Maastopyörä Trek', 'Polkupyörä 28"', 'Lasten pyörä 16"', 'Fillari Crescent'])
      await createAd(app, { userId: seller.id, name, catalog: name.startsWith('Maasto') ? 'mountain-bikes' : 'city-bikes' });
    await createAd(app, { userId: seller.id, name: 'Moottoripyörä Honda', catalog: 'street-motorcycles' });
    const hints = (
      await app.inject({ method: 'POST', url: '/api/search-hint', payload: { query: 'pyörä' }, headers: { 'accept-language': 'en' } })
    ).json().data as { type: string; text: string; path: string | null }[];
    const catalogs = hints.filter((h) => h.type === 'catalog');
    expect(catalogs[0]!.path).toMatch(/bicycles|city-bikes|mountain-bikes/);
    expect(catalogs.map((c) => c.path)).not.toContain(expect.stringMatching(/motorcycles/));
    expect(hints.filter((h) => h.type === 'ad').map((h) => h.text)).toContain('Polkupyörä 28"');
    // The word being typed: "polkupy" is completed to what the ads say.
    const typing = (await app.inject({ method: 'POST', url: '/api/search-hint', payload: { query: 'polkupy' } })).json().data;
    expect(typing).toContainEqual({ type: 'ad', text: 'Polkupyörä 28"', path: null });
  });

  it('answers one letter with nothing, and odd characters without error', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/search-hint', payload: { query: 'h' } })).json().data).toEqual([]);
    for (const query of ['%', '_%_', "'\\", '<b>']) {
      expect((await app.inject({ method: 'POST', url: '/api/search-hint', payload: { query } })).statusCode).toBe(200);
    }
  });
});

describe('GET /api/sellers/{id}', () => {
  it('shows the seller’s public name, member since and their active ads, newest first, without contact details', async () => {
    const res = await app.inject({ url: `/api/sellers/${seller.id}`, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.seller).toMatchObject({ id: seller.id, name: 'Sami Myyjä', active_ads_count: 3 });
    expect(new Date(body.seller.member_since).getTime()).toBeLessThanOrEqual(Date.now());
    // Only the active ones: not the sold ad, not the one under review.
    expect(body.data.map((ad: { name: string }) => ad.name)).toEqual(['Sohva Tampereelta', 'Tunturi naisten pyörä', 'Helkama Jopo']);
    expect(body.meta).toMatchObject({ current_page: 1, last_page: 1, total: 3 });
    expect(res.body).not.toContain(seller.email);
  });

  it('pages the ads, twenty a page', async () => {
    const busy = await createUser(app, { name: 'Kirppis-Kaija' });
    for (let n = 0; n < 21; n++) await createAd(app, { userId: busy.id, name: `Tavara ${n}`, catalog: 'toys', city: '091' });
    const first = (await app.inject({ url: `/api/sellers/${busy.id}` })).json();
    expect(first.data).toHaveLength(20);
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 2, total: 21 });
    expect(first.links.next).toBe('?page=2');
    const second = (await app.inject({ url: `/api/sellers/${busy.id}?page=2` })).json();
    expect(second.data.map((ad: { name: string }) => ad.name)).toEqual(['Tavara 0']);
  });

  it('is a 404 for an account without an ad the public can open, and for one that does not exist', async () => {
    const buyer = await createUser(app);
    expect((await app.inject({ url: `/api/sellers/${buyer.id}` })).statusCode).toBe(404);
    const onlyWaiting = await createUser(app);
    await createAd(app, { userId: onlyWaiting.id, name: 'Odottaa vielä', status: 'moderate' });
    expect((await app.inject({ url: `/api/sellers/${onlyWaiting.id}` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/sellers/2147483647' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/sellers/abc' })).statusCode).toBe(422);
  });

  it('shows a seller whose ads are all sold, with no ads to list', async () => {
    const retired = await createUser(app, { name: 'Entinen Myyjä' });
    await createAd(app, { userId: retired.id, name: 'Myyty kauan sitten', status: 'sold' });
    const body = (await app.inject({ url: `/api/sellers/${retired.id}` })).json();
    expect(body.seller.active_ads_count).toBe(0);
    expect(body.data).toEqual([]);
  });
});
