import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products, wishes } from '../../db/schema/products.ts';
import { cookieFrom, createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { MAX_WISHES } from './wishes.schemas.ts';
import { TOGGLES_PER_USER } from './wishes.service.ts';

let app: FastifyInstance;
let seller: Awaited<ReturnType<typeof createUser>>;

interface Shopper {
  id: number;
  headers: Record<string, string>;
}

async function shopper(): Promise<Shopper> {
  const user = await createUser(app);
  return { id: user.id, headers: (await loginAs(app, user)).headers };
}

function toggle(who: Shopper | null, product_id: unknown, language = 'en') {
  return app.inject({
    method: 'POST',
    url: '/api/update-user-wishes',
    headers: { ...(who?.headers ?? {}), 'accept-language': language },
    payload: { product_id },
  });
}

const list = (who: Shopper, language = 'en') =>
  app.inject({ url: '/api/user-wishes', headers: { ...who.headers, 'accept-language': language } });
const uuids = async (who: Shopper) => (await app.inject({ url: '/api/user-wishes-list', headers: who.headers })).json().data as string[];

const ad = (name: string, options: Partial<Parameters<typeof createAd>[1]> = {}) =>
  createAd(app, { userId: seller.id, name, catalog: 'city-bikes', city: '837', ...options });

const setStatus = (id: number, status: (typeof products.$inferSelect)['status']) =>
  app.services.database.db.update(products).set({ status }).where(eq(products.id, id));

beforeAll(async () => {
  app = await buildTestApp();
  seller = await createUser(app, { name: 'Sami Myyjä' });
});
afterAll(() => app.close());

describe('POST /api/update-user-wishes', () => {
  it('adds an active ad by uuid, then removes it on the second toggle, with translated messages', async () => {
    const me = await shopper();
    const bike = await ad('Helkama Jopo');
    const added = await toggle(me, bike.uuid);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ added: true, message: 'Added to your wish list.', data: { id: bike.id, uuid: bike.uuid, count: 1 } });
    expect(await uuids(me)).toEqual([bike.uuid]);

    const removed = await toggle(me, bike.uuid, 'fi');
    expect(removed.json()).toEqual({ added: false, message: 'Poistettu toivelistalta.', data: { id: bike.id, uuid: bike.uuid, count: 0 } });
    expect(await uuids(me)).toEqual([]);
  });

  it("accepts the spec's numeric product id as well as the uuid", async () => {
    const me = await shopper();
    const bike = await ad('Tunturi');
    expect((await toggle(me, bike.id, 'ru')).json()).toMatchObject({ added: true, message: 'Добавлено в избранное.' });
    expect((await toggle(me, bike.uuid)).json()).toMatchObject({ added: false });
  });

  it('answers an unknown or malformed ad with 404 and a bad body with 422', async () => {
    const me = await shopper();
    expect((await toggle(me, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await toggle(me, 2_000_000_000)).statusCode).toBe(404);
    const malformed = await toggle(me, "1' or '1'='1");
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().code).toBe('not_found');
    for (const bad of [0, -3, 1.5, true, null, ['x'], 'x'.repeat(65), 2 ** 40]) {
      const res = await toggle(me, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().errors.product_id).toBeDefined();
    }
    const missing = await app.inject({ method: 'POST', url: '/api/update-user-wishes', headers: me.headers, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(await uuids(me)).toEqual([]);
  });

  it('refuses to add a sold or reserved ad with a clear message, but removes one that is already on the list', async () => {
    const me = await shopper();
    const sold = await ad('Myyty pyörä', { status: 'sold' });
    const refused = await toggle(me, sold.uuid);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.product_id).toEqual(['This ad is no longer for sale, so it cannot be added to your wish list.']);
    expect(await uuids(me)).toEqual([]);

    const bike = await ad('Varattava pyörä');
    await toggle(me, bike.uuid);
    await setStatus(bike.id, 'reserved');
    const removed = await toggle(me, bike.uuid);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().added).toBe(false);
    expect((await toggle(me, bike.uuid)).statusCode).toBe(422);
  });

  it("treats another seller's ad under review or hidden as unknown (404), so its existence does not leak", async () => {
    const me = await shopper();
    for (const status of ['moderate', 'disabled', 'canceled', 'new'] as const) {
      const hidden = await ad(`Piilossa ${status}`, { status });
      expect((await toggle(me, hidden.uuid)).statusCode, status).toBe(404);
    }
  });

  it('lets a seller wish their own active ad (a heart behaves the same on every card); their ad under review is refused with 422, not 404', async () => {
    const owner = { id: seller.id, headers: (await loginAs(app, seller)).headers };
    const own = await ad('Oma pyörä');
    expect((await toggle(owner, own.uuid)).json().added).toBe(true);
    const waiting = await ad('Oma tarkastuksessa', { status: 'moderate' });
    expect((await toggle(owner, waiting.uuid)).statusCode).toBe(422);
    await toggle(owner, own.uuid);
  });

  it('needs an account (401) and, with the session cookie, the XSRF token (419)', async () => {
    const bike = await ad('Kirjautumaton');
    const anonymous = await toggle(null, bike.uuid);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');

    const user = await createUser(app);
    const { token } = await loginAs(app, user);
    const bare = await app.inject({
      method: 'POST',
      url: '/api/update-user-wishes',
      cookies: { session: token },
      payload: { product_id: bike.uuid },
    });
    expect(bare.statusCode).toBe(419);
    const csrf = await app.inject({ url: '/api/sanctum/csrf-cookie', cookies: { session: token } });
    const xsrf = cookieFrom(csrf, 'XSRF-TOKEN')!;
    const ok = await app.inject({
      method: 'POST',
      url: '/api/update-user-wishes',
      cookies: { session: token, 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': xsrf },
      payload: { product_id: bike.uuid },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().added).toBe(true);
  });

  it(`throttles a user after ${TOGGLES_PER_USER.limit} toggles a minute (429 with Retry-After), not others`, async () => {
    const me = await shopper();
    const bike = await ad('Klikattava');
    for (let i = 0; i < TOGGLES_PER_USER.limit; i += 1) expect((await toggle(me, bike.uuid)).statusCode).toBe(200);
    const refused = await toggle(me, bike.uuid);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await toggle(await shopper(), bike.uuid)).statusCode).toBe(200);
  });

  it(`keeps at most ${MAX_WISHES} ads on a list`, async () => {
    const me = await shopper();
    const db = app.services.database.db;
    const model = await ad('Täyte');
    // Filled straight in the tables: MAX_WISHES toggles would meet the throttle first.
    const { id: _id, uuid: _uuid, searchVector: _vector, createdAt: _created, updatedAt: _updated, ...columns } = model;
    const filled = await db
      .insert(products)
      .values(Array.from({ length: MAX_WISHES }, (_, i) => ({ ...columns, name: `Täyte ${i}` })))
      .returning({ id: products.id });
    await db.insert(wishes).values(filled.map(({ id }) => ({ userId: me.id, productId: id })));
    const full = await toggle(me, model.uuid);
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.product_id).toEqual([`Your wish list already holds ${MAX_WISHES} ads. Remove one before adding another.`]);
    expect((await toggle(me, filled[0]!.id)).json()).toMatchObject({ added: false, data: { count: MAX_WISHES - 1 } });
    expect((await toggle(me, model.uuid)).json()).toMatchObject({ added: true, data: { count: MAX_WISHES } });
  });
});

describe('GET /api/user-wishes and /api/user-wishes-list', () => {
  it('lists the wished ads as cards, newest wish first, with unavailable ones marked and a deleted one gone', async () => {
    const me = await shopper();
    const first = await ad('Ensimmäinen', { priceCents: 12050 });
    const second = await ad('Toinen');
    const third = await ad('Kolmas');
    const doomed = await ad('Poistuva');
    for (const wished of [first, second, third, doomed]) await toggle(me, wished.uuid);
    await setStatus(second.id, 'sold');
    await setStatus(third.id, 'disabled');
    await app.services.database.db.delete(products).where(eq(products.id, doomed.id));

    expect(await uuids(me)).toEqual([third.uuid, second.uuid, first.uuid]);
    const res = await list(me);
    expect(res.statusCode).toBe(200);
    const cards = res.json().data as Record<string, unknown>[];
    expect(cards.map((c) => c.uuid)).toEqual([third.uuid, second.uuid, first.uuid]);
    expect(cards[0]).toMatchObject({ name: 'Kolmas', status: 'disabled', available: false, viewable: false, image: null });
    expect(cards[1]).toMatchObject({ name: 'Toinen', status: 'sold', available: false, viewable: true });
    expect(cards[2]).toMatchObject({
      id: first.id,
      name: 'Ensimmäinen',
      price: 120.5,
      status: 'active',
      available: true,
      viewable: true,
      city: { name: 'Tampere' },
      catalog: { slug: 'city-bikes' },
    });
    expect(typeof cards[2]!.wished_at).toBe('string');
  });

  it("shows a card's picture, but not once the ad has gone out of public view", async () => {
    const me = await shopper();
    const pictured = await ad('Kuvallinen', { imageCount: 1 });
    await app.services.database.db
      .insert(productImages)
      .values({ productId: pictured.id, position: 0, width: 800, height: 600, storagePrefix: `ads/${pictured.uuid}/cover` });
    await toggle(me, pictured.uuid);
    const [card] = (await list(me)).json().data;
    expect(card.image).toMatchObject({ card: expect.stringContaining(`ads/${pictured.uuid}/cover-card.webp`), width: 800 });
    await setStatus(pictured.id, 'canceled');
    const [hidden] = (await list(me)).json().data;
    expect(hidden).toMatchObject({ image: null, status: 'canceled', available: false, viewable: false });
  });

  it("never shows another user's list", async () => {
    const alice = await shopper();
    const bob = await shopper();
    const alicesBike = await ad('Alicen pyörä');
    await toggle(alice, alicesBike.uuid);
    expect(await uuids(bob)).toEqual([]);
    expect((await list(bob)).json().data).toEqual([]);
    expect(await uuids(alice)).toEqual([alicesBike.uuid]);
    // Bob toggling the same ad changes his list only.
    await toggle(bob, alicesBike.uuid);
    await toggle(bob, alicesBike.uuid);
    expect(await uuids(alice)).toEqual([alicesBike.uuid]);
  });

  it('needs an account (401)', async () => {
    for (const url of ['/api/user-wishes', '/api/user-wishes-list', '/api/user-wishes/']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
