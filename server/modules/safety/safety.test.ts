import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../common/chat.ts';
import { auditLog } from '../../db/schema/auth.ts';
import { chatMessages } from '../../db/schema/chat.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { createCustomStaff } from '../../test/roles.ts';

let app: FastifyInstance;
let admin: Record<string, string>;

interface Person {
  id: number;
  headers: Record<string, string>;
}

/** Accounts of these tests are a month old: the new accounts' limits have their own tests. */
async function person(options: { roles?: ('user' | 'admin' | 'moderator')[] } = {}): Promise<Person> {
  const user = await createUser(app, options);
  await app.services.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 24 * 3600_000) })
    .where(eq(users.id, user.id));
  return { id: user.id, headers: { ...(await loginAs(app, user)).headers, 'accept-language': 'en' } };
}

async function staff(grants: Parameters<typeof createCustomStaff>[1]): Promise<Person> {
  const user = await createCustomStaff(app, grants);
  return { id: user.id, headers: { ...(await loginAs(app, user)).headers, 'accept-language': 'en' } };
}

const adOf = (seller: Person, name = 'Fillari') => createAd(app, { userId: seller.id, name, catalog: 'city-bikes', city: '837' });

function firstMessage(who: Person, productUuid: string, text: string) {
  return app.inject({
    method: 'POST',
    url: `/api/channel/product/${productUuid}/messages`,
    headers: who.headers,
    payload: { text, client_id: crypto.randomUUID() },
  });
}

function send(who: Person, roomId: number, text: string) {
  return app.inject({
    method: 'POST',
    url: `/api/chat-room/${roomId}/messages`,
    headers: who.headers,
    payload: { text, client_id: crypto.randomUUID() },
  });
}

/** The seller answers a buyer's question about their ad: a conversation the seller writes in. */
async function conversationWith(seller: Person) {
  const buyer = await person();
  const ad = await adOf(seller);
  const opened = await firstMessage(buyer, ad.uuid, 'Onko vielä myynnissä?');
  expect(opened.statusCode, opened.body).toBe(201);
  return { buyer, ad, roomId: opened.json().room_id as number };
}

const settings = (payload: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: '/api/admin/app-settings', headers: admin, payload });

const heldAt = async (userId: number) =>
  (await app.services.database.db.select({ heldAt: users.heldAt }).from(users).where(eq(users.id, userId)))[0]?.heldAt ?? null;

beforeAll(async () => {
  app = await buildTestApp();
  admin = (await person({ roles: ['user', 'admin'] })).headers;
});
afterAll(() => app.close());
beforeEach(async () => {
  expect((await settings({ safety_hold_recipients: 3, ads_moderation: true })).statusCode).toBe(200);
});

describe('a message that moves the deal off the site', () => {
  it('is delivered with the kinds found, over HTTP and the realtime channel, and stored with them', async () => {
    const seller = await person();
    const { buyer, roomId } = await conversationWith(seller);
    const events: ServerEvent[] = [];
    const stop = app.services.platform.realtime.subscribe((delivery) => {
      if (delivery.userIds.includes(buyer.id)) events.push(delivery.event as ServerEvent);
    });
    const reply = await send(seller, roomId, 'Soita 040 123 4567 tai laita viestiä wa.me/358401234567');
    stop();
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data.safety).toEqual(['phone', 'whatsapp']);
    const pushed = events.find((event) => event.type === 'message');
    expect(pushed?.type === 'message' && pushed.message.safety).toEqual(['phone', 'whatsapp']);

    const read = (await app.inject({ url: `/api/chat-room/${roomId}`, headers: buyer.headers })).json();
    expect(read.data.at(-1).safety).toEqual(['phone', 'whatsapp']);
    // The question that opened the room had nothing: no `safety` at all.
    expect(read.data[0]).not.toHaveProperty('safety');
    const [stored] = await app.services.database.db
      .select({ safety: chatMessages.safety })
      .from(chatMessages)
      .where(eq(chatMessages.id, reply.json().data.id));
    expect(stored?.safety).toEqual(['phone', 'whatsapp']);
  });

  it('stores no kinds (null) for an ordinary message, and a first message is checked too', async () => {
    const seller = await person();
    const buyer = await person();
    const ad = await adOf(seller);
    const opened = await firstMessage(buyer, ad.uuid, 'Maksan heti, täytä tiedot: https://posti-fi.com/paketti/JJFI123');
    expect(opened.statusCode).toBe(201);
    expect(opened.json().data.safety).toEqual(['parcel_link', 'lookalike_domain']);
    const plain = await send(buyer, opened.json().room_id, 'Hinta 350 €, nouto 00100 Helsinki klo 17.30?');
    expect(plain.json().data).not.toHaveProperty('safety');
    const [stored] = await app.services.database.db
      .select({ safety: chatMessages.safety })
      .from(chatMessages)
      .where(eq(chatMessages.id, plain.json().data.id));
    expect(stored?.safety).toBeNull();
  });
});

describe('the hold', () => {
  it('holds an account that sends flagged messages to 3 different people within a day, once', async () => {
    const seller = await person();
    const rooms = [await conversationWith(seller), await conversationWith(seller), await conversationWith(seller)];
    // Many flagged messages to the same two people are still two people.
    for (let i = 0; i < 3; i += 1) expect((await send(seller, rooms[0]!.roomId, `Soita 040 123 456${i}`)).statusCode).toBe(201);
    expect((await send(seller, rooms[1]!.roomId, 'matti@example.com')).statusCode).toBe(201);
    expect(await heldAt(seller.id)).toBeNull();

    expect((await send(seller, rooms[2]!.roomId, 'WhatsApp +358 40 123 4567')).statusCode).toBe(201);
    const first = await heldAt(seller.id);
    expect(first).not.toBeNull();
    const [row] = await app.services.database.db.select({ reason: users.heldReason }).from(users).where(eq(users.id, seller.id));
    expect(row?.reason).toBe('scam_guard');

    // Held once: more messages neither move the time nor log it again; the held person still writes.
    expect((await send(seller, rooms[2]!.roomId, 'Soita 050 765 4321')).statusCode).toBe(201);
    expect(await heldAt(seller.id)).toEqual(first);
    const entries = await app.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user_held'), eq(auditLog.entityId, String(seller.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.data).toMatchObject({ reason: 'scam_guard', recipients: 3, threshold: 3 });
  });

  it('ordinary messages to many people hold no one, and flagged messages older than a day do not count', async () => {
    const seller = await person();
    const rooms = [await conversationWith(seller), await conversationWith(seller), await conversationWith(seller)];
    for (const { roomId } of rooms) expect((await send(seller, roomId, 'Kiitos, sopii hyvin!')).statusCode).toBe(201);
    expect((await send(seller, rooms[0]!.roomId, 'Soita 040 123 4567')).statusCode).toBe(201);
    expect((await send(seller, rooms[1]!.roomId, 'Soita 040 123 4567')).statusCode).toBe(201);
    // Yesterday's flagged messages are out of the window.
    await app.services.database.db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(chatMessages.senderId, seller.id));
    expect((await send(seller, rooms[2]!.roomId, 'Soita 040 123 4567')).statusCode).toBe(201);
    expect(await heldAt(seller.id)).toBeNull();
  });

  it('a held account opens no new conversation (a translated 403) but goes on in the ones it has', async () => {
    const buyer = await person();
    const seller = await person();
    const ad = await adOf(seller, 'Sohva');
    const opened = await firstMessage(buyer, ad.uuid, 'Hei!');
    await app.services.database.db.update(users).set({ heldAt: new Date(), heldReason: 'scam_guard' }).where(eq(users.id, buyer.id));

    const other = await adOf(seller, 'Pöytä');
    const refused = await firstMessage(buyer, other.uuid, 'Onko tämä vielä myynnissä?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_held', message: expect.stringMatching(/under review/) });
    const fi = await firstMessage({ ...buyer, headers: { ...buyer.headers, 'accept-language': 'fi' } }, other.uuid, 'Hei');
    expect(fi.json().message).toMatch(/tarkistettavana/);
    expect(await app.services.chat.repo.roomIdFor(other.id, buyer.id)).toBeUndefined();

    // The room that exists: by its id and through the ad alike.
    expect((await send(buyer, opened.json().room_id, 'Vielä yksi kysymys')).statusCode).toBe(201);
    expect((await firstMessage(buyer, ad.uuid, 'Ja toinen')).statusCode).toBe(201);
  });

  it('a held account’s new and changed ads wait for a moderator, even with moderation off', async () => {
    expect((await settings({ ads_moderation: false })).statusCode).toBe(200);
    const seller = await person();
    const [catalog] = (await app.services.catalog.flatten('fi')).filter((c) => c.slug === 'city-bikes');
    const [city] = (await app.services.geo.listCities('fi')).filter((c) => c.name_fi === 'Helsinki');
    const post = async () => {
      const body = await multipart([], {
        name: 'Helkama Jopo',
        description: 'Hyvä pyörä.',
        price: '120',
        city_id: String(city!.id),
        catalog_id: String(catalog!.id),
      });
      return app.inject({ method: 'POST', url: '/api/product', headers: { ...seller.headers, ...body.headers }, payload: body.payload });
    };

    const free = await post();
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().data.status).toBe('active');

    await app.services.database.db.update(users).set({ heldAt: new Date(), heldReason: 'scam_guard' }).where(eq(users.id, seller.id));
    const held = await post();
    expect(held.statusCode).toBe(201);
    expect(held.json().data.status).toBe('moderate');

    const edited = await app.inject({
      method: 'PATCH',
      url: '/api/product',
      headers: seller.headers,
      payload: { productUuid: free.json().data.uuid, name: 'Helkama Jopo, uudet renkaat' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = await app.services.database.db
      .select({ status: products.status })
      .from(products)
      .where(eq(products.uuid, free.json().data.uuid));
    expect(row?.status).toBe('moderate');
  });
});

describe('the staff’s view', () => {
  it('lists accounts with flagged messages of the last 7 days, held first (reports.handle only)', async () => {
    const seller = await person();
    const { roomId } = await conversationWith(seller);
    await send(seller, roomId, 'Soita 040 123 4567');
    await send(seller, roomId, 'tai laita sähköpostia matti@example.com');
    const heldOne = await person();
    await app.services.database.db.update(users).set({ heldAt: new Date(), heldReason: 'scam_guard' }).where(eq(users.id, heldOne.id));

    const handler = await staff(['reports.handle']);
    const reply = await app.inject({ url: '/api/admin/safety', headers: handler.headers });
    expect(reply.statusCode, reply.body).toBe(200);
    const { data, meta } = reply.json();
    expect(meta).toMatchObject({ current_page: 1, days: 7, hold_recipients: 3 });
    const row = data.find((account: { id: number }) => account.id === seller.id);
    expect(row).toMatchObject({ messages: 2, recipients: 1, kinds: ['email', 'phone'], held: false, held_at: null });
    expect(row.last_flagged_at).toEqual(expect.any(String));
    const firstNotHeld = data.findIndex((account: { held: boolean }) => !account.held);
    expect(data.findIndex((account: { id: number }) => account.id === heldOne.id)).toBeLessThan(firstNotHeld);
    expect(data.find((account: { id: number }) => account.id === heldOne.id)).toMatchObject({ held: true, messages: 0 });

    const onlyHeld = (await app.inject({ url: '/api/admin/safety?held=true', headers: handler.headers })).json();
    expect(onlyHeld.data.every((account: { held: boolean }) => account.held)).toBe(true);

    // Not for a person without reports.handle: an ordinary account, or staff who manage users only.
    expect((await app.inject({ url: '/api/admin/safety', headers: seller.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/safety', headers: (await staff(['users.manage'])).headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/safety' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/safety?page=0', headers: handler.headers })).statusCode).toBe(422);
  });

  it('users.manage releases a hold within its authority, audited; the person may open conversations again', async () => {
    const buyer = await person();
    await app.services.database.db.update(users).set({ heldAt: new Date(), heldReason: 'scam_guard' }).where(eq(users.id, buyer.id));
    const release = (who: Person, id = buyer.id) =>
      app.inject({ method: 'POST', url: `/api/admin/users/${id}/release`, headers: who.headers });

    // reports.handle sees holds but does not lift them; nobody lifts their own.
    expect((await release(await staff(['reports.handle']))).statusCode).toBe(403);
    expect((await release(buyer)).statusCode).toBe(403);
    // Within authority only: a users.manage holder cannot release a moderator (who holds more).
    const manager = await staff(['users.manage']);
    const moderator = await person({ roles: ['user', 'moderator'] });
    await app.services.database.db.update(users).set({ heldAt: new Date() }).where(eq(users.id, moderator.id));
    const beyond = await release(manager, moderator.id);
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().code).toBe('beyond_authority');
    expect(await heldAt(moderator.id)).not.toBeNull();
    expect((await release(manager, 999_999)).statusCode).toBe(404);

    const done = await release(manager);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'The account was released from review.',
      data: { id: buyer.id, held: false, released: true },
    });
    expect(await heldAt(buyer.id)).toBeNull();
    const again = await release(manager);
    expect(again.json()).toMatchObject({ message: 'The account was not under review.', data: { released: false } });
    const entries = await app.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user_released'), eq(auditLog.entityId, String(buyer.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: manager.id, entity: 'user' });

    const seller = await person();
    expect((await firstMessage(buyer, (await adOf(seller)).uuid, 'Hei taas')).statusCode).toBe(201);
  });
});
