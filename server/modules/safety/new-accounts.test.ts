import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatRooms } from '../../db/schema/chat.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { createCustomStaff } from '../../test/roles.ts';

let app: FastifyInstance;
let admin: Record<string, string>;
let seller: Person;
let place: { city_id: string; catalog_id: string };

interface Person {
  id: number;
  headers: Record<string, string>;
}

const DAY = 24 * 3600_000;

const adsMedia = () => path.join(app.config.dataDir, 'media', 'ads');
const storedAdFolders = () => (fs.existsSync(adsMedia()) ? fs.readdirSync(adsMedia()) : []);
const storedFilesIn = (folder: string) => fs.readdirSync(path.join(adsMedia(), folder), { recursive: true, encoding: 'utf8' });

/** A person who registered `ageDays` ago (0: today, a new account). */
async function person(ageDays = 0, roles?: ('user' | 'admin')[]): Promise<Person> {
  const user = await createUser(app, roles ? { roles } : {});
  await app.services.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - ageDays * DAY - 60_000) })
    .where(eq(users.id, user.id));
  return { id: user.id, headers: { ...(await loginAs(app, user)).headers, 'accept-language': 'en' } };
}

const settings = (payload: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: '/api/admin/app-settings', headers: admin, payload });

function openConversation(who: Person, productUuid: string) {
  return app.inject({
    method: 'POST',
    url: `/api/channel/product/${productUuid}/messages`,
    headers: who.headers,
    payload: { text: 'Onko vielä myynnissä?', client_id: crypto.randomUUID() },
  });
}

async function postAd(who: Person, name = 'Helkama Jopo', picture?: Buffer) {
  const files = picture ? [{ field: 'files', name: 'kuva.png', type: 'image/png', data: picture }] : [];
  const body = await multipart(files, { name, description: 'Hyvä pyörä.', price: '120', ...place });
  return app.inject({ method: 'POST', url: '/api/product', headers: { ...who.headers, ...body.headers }, payload: body.payload });
}

const ads = (count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => createAd(app, { userId: seller.id, name: `Ilmoitus ${i}`, city: '837' })));

const roomsOpenedBy = async (userId: number) =>
  (await app.services.database.db.select().from(chatRooms).where(eq(chatRooms.buyerId, userId))).length;
const adsBy = async (userId: number) => (await app.services.database.db.select().from(products).where(eq(products.userId, userId))).length;

beforeAll(async () => {
  app = await buildTestApp();
  admin = (await person(400, ['user', 'admin'])).headers;
  seller = await person(400);
  const [catalog] = (await app.services.catalog.flatten('fi')).filter((c) => c.slug === 'city-bikes');
  const [city] = (await app.services.geo.listCities('fi')).filter((c) => c.name_fi === 'Helsinki');
  place = { city_id: String(city!.id), catalog_id: String(catalog!.id) };
});
afterAll(() => app.close());
beforeEach(async () => {
  const reset = await settings({ new_account_days: 7, new_account_ads_per_day: 2, new_account_chats_per_day: 2, ads_moderation: true });
  expect(reset.statusCode, reset.body).toBe(200);
});

describe('new conversations of a new account', () => {
  it('opens at most the daily number; the next is a translated 429 naming the limit, with Retry-After', async () => {
    const buyer = await person();
    const [a, b, c] = await ads(3);
    expect((await openConversation(buyer, a!.uuid)).statusCode).toBe(201);
    const second = await openConversation(buyer, b!.uuid);
    expect(second.statusCode).toBe(201);

    const third = await openConversation(buyer, c!.uuid);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'new_account_limit' });
    expect(third.json().message).toContain('first 7 days');
    expect(third.json().message).toContain('at most 2 new conversations');
    const retryAfter = Number(third.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(DAY / 1000 - 120);
    expect(retryAfter).toBeLessThanOrEqual(DAY / 1000);
    const fi = await openConversation({ ...buyer, headers: { ...buyer.headers, 'accept-language': 'fi' } }, c!.uuid);
    expect(fi.json().message).toMatch(/enintään 2 uutta keskustelua/);
    expect(await roomsOpenedBy(buyer.id)).toBe(2);

    // Writing on in the conversations one has is no new conversation.
    expect((await openConversation(buyer, a!.uuid)).statusCode).toBe(201);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/chat-room/${second.json().room_id}/messages`,
          headers: buyer.headers,
          payload: { text: 'Vielä yksi kysymys', client_id: crypto.randomUUID() },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('counts the last 24 hours: a conversation opened yesterday leaves room for a new one', async () => {
    const buyer = await person(1);
    const [a, b, c] = await ads(3);
    expect((await openConversation(buyer, a!.uuid)).statusCode).toBe(201);
    expect((await openConversation(buyer, b!.uuid)).statusCode).toBe(201);
    await app.services.database.db
      .update(chatRooms)
      .set({ createdAt: new Date(Date.now() - DAY - 60_000) })
      .where(eq(chatRooms.buyerId, buyer.id));
    expect((await openConversation(buyer, c!.uuid)).statusCode).toBe(201);
  });

  it('a burst in parallel opens no more than the limit', async () => {
    const buyer = await person();
    const targets = await ads(6);
    const replies = await Promise.all(targets.map((ad) => openConversation(buyer, ad.uuid)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    expect(await roomsOpenedBy(buyer.id)).toBe(2);
  });

  it('does not limit an account older than the setting, staff, or anyone when the setting is 0', async () => {
    const old = await person(8);
    const staff = await createCustomStaff(app, ['reports.handle']);
    const staffHeaders = (await loginAs(app, staff)).headers;
    const young = await person();
    for (const ad of await ads(3)) {
      expect((await openConversation(old, ad.uuid)).statusCode).toBe(201);
      expect((await openConversation({ id: staff.id, headers: staffHeaders }, ad.uuid)).statusCode).toBe(201);
    }
    expect((await settings({ new_account_days: 0 })).statusCode).toBe(200);
    for (const ad of await ads(3)) expect((await openConversation(young, ad.uuid)).statusCode).toBe(201);
  });
});

describe('new ads of a new account', () => {
  it('posts at most the daily number; the next is a 429 and stores nothing', async () => {
    const newcomer = await person();
    expect((await postAd(newcomer, 'Eka')).statusCode).toBe(201);
    expect((await postAd(newcomer, 'Toka')).statusCode).toBe(201);
    const folders = storedAdFolders();
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const third = await postAd(newcomer, 'Kolmas', picture);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'new_account_limit' });
    expect(third.json().message).toContain('at most 2 new ads');
    expect(await adsBy(newcomer.id)).toBe(2);
    // The picture stored before the count is gone again.
    expect(
      storedAdFolders()
        .filter((folder) => !folders.includes(folder))
        .flatMap((folder) => storedFilesIn(folder)),
    ).toEqual([]);
  });

  it('a burst in parallel posts no more than the limit', async () => {
    const newcomer = await person();
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => postAd(newcomer, `Ilmoitus ${i}`)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 201, 429, 429, 429]);
    expect(await adsBy(newcomer.id)).toBe(2);
  });

  it('follows the setting when staff change it, and leaves older accounts alone', async () => {
    const newcomer = await person();
    expect((await settings({ new_account_ads_per_day: 3 })).statusCode).toBe(200);
    for (const name of ['Yksi', 'Kaksi', 'Kolme']) expect((await postAd(newcomer, name)).statusCode).toBe(201);
    expect((await postAd(newcomer, 'Neljä')).statusCode).toBe(429);
    const old = await person(30);
    for (const name of ['Yksi', 'Kaksi', 'Kolme', 'Neljä']) expect((await postAd(old, name)).statusCode).toBe(201);
  });
});

describe('the settings', () => {
  it('are shown and changed at /admin/app-settings, each checked', async () => {
    const view = (await app.inject({ url: '/api/admin/app-settings', headers: admin })).json().data;
    expect(view).toMatchObject({ new_account_days: 7, new_account_ads_per_day: 2, new_account_chats_per_day: 2 });
    expect(view.safety_hold_recipients).toEqual(expect.any(Number));

    const wrong = await settings({ new_account_days: -1, new_account_ads_per_day: 0, safety_hold_recipients: 1.5 });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors).sort()).toEqual(['new_account_ads_per_day', 'new_account_days', 'safety_hold_recipients']);
    expect((await settings({ new_account_chats_per_day: 1001 })).statusCode).toBe(422);

    const saved = await settings({ new_account_days: 14, safety_hold_recipients: 8 });
    expect(saved.json().data).toMatchObject({ new_account_days: 14, safety_hold_recipients: 8 });
  });
});
