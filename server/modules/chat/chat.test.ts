import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH, MESSAGES_PAGE_SIZE } from '../../../common/chat.ts';
import { chatMembers, chatMessages } from '../../db/schema/chat.ts';
import { products } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { createUser, loginAs, readMails } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { MESSAGES_PER_USER } from './chat.service.ts';

let app: FastifyInstance;

interface Person {
  id: number;
  email: string;
  headers: Record<string, string>;
}

async function person(name = 'Testi Henkilö'): Promise<Person> {
  const user = await createUser(app, { name });
  return { id: user.id, email: user.email, headers: { ...(await loginAs(app, user)).headers, 'accept-language': 'en' } };
}

const ad = (seller: Person, name = 'Helkama Jopo', status: 'active' | 'sold' | 'moderate' = 'active') =>
  createAd(app, { userId: seller.id, name, catalog: 'city-bikes', city: '837', priceCents: 12_000, status });

function firstMessage(who: Person, productUuid: string, text: string, clientId: string = crypto.randomUUID()) {
  return app.inject({
    method: 'POST',
    url: `/api/channel/product/${productUuid}/messages`,
    headers: who.headers,
    payload: { text, client_id: clientId },
  });
}

function send(who: Person, roomId: number | string, text: string, clientId: string = crypto.randomUUID()) {
  return app.inject({
    method: 'POST',
    url: `/api/chat-room/${roomId}/messages`,
    headers: who.headers,
    payload: { text, client_id: clientId },
  });
}

const room = (who: Person, roomId: number | string, query = '') =>
  app.inject({ url: `/api/chat-room/${roomId}${query}`, headers: who.headers });
const rooms = (who: Person) => app.inject({ url: '/api/chat-rooms', headers: who.headers });
const unread = async (who: Person) => (await app.inject({ url: '/api/chat-unread', headers: who.headers })).json().unread_total as number;
const markRead = (who: Person, roomId: number, lastReadId: number) =>
  app.inject({ method: 'POST', url: `/api/chat-room/${roomId}/read`, headers: who.headers, payload: { last_read_id: lastReadId } });

/** A conversation about a new ad: the buyer's first message has opened it. */
async function conversation(text = 'Onko vielä myynnissä?') {
  const seller = await person('Sari Myyjä');
  const buyer = await person('Olli Ostaja');
  const bike = await ad(seller);
  const first = await firstMessage(buyer, bike.uuid, text);
  expect(first.statusCode).toBe(201);
  return { seller, buyer, bike, roomId: first.json().room_id as number, first: first.json().data };
}

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('opening a room about an ad', () => {
  it('the first message opens one room with the seller; the seller and the buyer both see it', async () => {
    const { seller, buyer, bike, roomId, first } = await conversation();
    expect(first).toMatchObject({ room_id: roomId, sender_id: buyer.id, text: 'Onko vielä myynnissä?', picture: null });

    const asBuyer = (await room(buyer, roomId)).json();
    expect(asBuyer.room).toMatchObject({
      id: roomId,
      role: 'buyer',
      product: { uuid: bike.uuid, name: 'Helkama Jopo', price: 120, status: 'active' },
      other: { id: seller.id, label: 'Sari Myyjä', deleted: false },
      can_send: true,
    });
    expect(asBuyer.data.map((m: { text: string }) => m.text)).toEqual(['Onko vielä myynnissä?']);
    const asSeller = (await room(seller, roomId)).json();
    expect(asSeller.room).toMatchObject({ role: 'seller', other: { id: buyer.id, label: 'Olli Ostaja' }, unread: 1 });

    // The same buyer about the same ad writes into the same room.
    const again = await firstMessage(buyer, bike.uuid, 'Entä huomenna?');
    expect(again.json().room_id).toBe(roomId);
    const preview = await app.inject({ url: `/api/channel/product/${bike.uuid}`, headers: buyer.headers });
    expect(preview.json()).toMatchObject({ room_id: roomId, product: { uuid: bike.uuid }, seller: { id: seller.id } });
  });

  it('two first messages sent at once end in one room', async () => {
    const seller = await person();
    const buyer = await person();
    const bike = await ad(seller);
    const replies = await Promise.all([1, 2, 3, 4].map((n) => firstMessage(buyer, bike.uuid, `Viesti ${n}`)));
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(replies.map((r) => r.json().room_id)).size).toBe(1);
    expect((await room(buyer, replies[0]!.json().room_id)).json().meta.count).toBe(4);
  });

  it('a seller cannot write to themselves, and nobody opens a room about an ad that is not for sale', async () => {
    const seller = await person();
    const buyer = await person();
    const bike = await ad(seller);
    const own = await firstMessage(seller, bike.uuid, 'Hei');
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.product).toEqual(['This is your own ad: you cannot send a message to yourself.']);
    expect((await app.inject({ url: `/api/channel/product/${bike.uuid}`, headers: seller.headers })).statusCode).toBe(422);

    const sold = await ad(seller, 'Myyty', 'sold');
    expect((await firstMessage(buyer, sold.uuid, 'Hei')).json().errors.product).toEqual([
      'The ad is no longer for sale, so a new conversation cannot be started about it.',
    ]);
    const hidden = await ad(seller, 'Tarkastuksessa', 'moderate');
    expect((await firstMessage(buyer, hidden.uuid, 'Hei')).statusCode).toBe(404);
    expect((await firstMessage(buyer, 'not-a-uuid', 'Hei')).statusCode).toBe(404);
    expect((await firstMessage(buyer, crypto.randomUUID(), 'Hei')).statusCode).toBe(404);
  });

  it('a sold or deleted ad keeps its rooms readable, and writing goes on while the ad exists', async () => {
    const { seller, buyer, bike, roomId } = await conversation();
    await app.services.database.db.update(products).set({ status: 'sold' }).where(eq(products.id, bike.id));
    expect((await send(seller, roomId, 'Myin jo, sori')).statusCode).toBe(201);
    expect((await room(buyer, roomId)).json().room.product.status).toBe('sold');

    await app.services.database.db.delete(products).where(eq(products.id, bike.id));
    const after = (await room(buyer, roomId)).json();
    expect(after.room.product).toMatchObject({ uuid: null, name: 'Helkama Jopo', status: 'deleted', image: null });
    expect(after.data).toHaveLength(2);
  });
});

describe('membership', () => {
  it('only members read a room, send in it, mark it read or see its pictures: 403 for others, 404 for no room', async () => {
    const { roomId, first } = await conversation();
    const stranger = await person();
    expect((await room(stranger, roomId)).statusCode).toBe(403);
    expect((await send(stranger, roomId, 'Hei')).statusCode).toBe(403);
    expect((await markRead(stranger, roomId, first.id)).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/chat-room/${roomId}/pictures/${first.id}`, headers: stranger.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/api/chat-room/${roomId}/block`, headers: stranger.headers })).statusCode).toBe(403);
    expect((await room(stranger, 2_000_000_000)).statusCode).toBe(404);
    expect((await room(stranger, 2_147_483_648)).statusCode).toBe(422);
    expect((await room(stranger, 'abc')).statusCode).toBe(422);
    expect((await app.inject({ url: `/api/chat-room/${roomId}` })).statusCode).toBe(401);
    expect((await rooms(stranger)).json().data).toEqual([]);
  });
});

describe('sending', () => {
  it('a retry with the same client id answers the first message and stores no second one', async () => {
    const { seller, roomId } = await conversation();
    const clientId = crypto.randomUUID();
    const replies = await Promise.all([1, 2, 3].map(() => send(seller, roomId, 'Kyllä on', clientId)));
    const ids = new Set(replies.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect((await room(seller, roomId)).json().meta.count).toBe(2);
  });

  it('refuses empty, too long, control characters and a bad client id with translated messages, storing nothing', async () => {
    const { buyer, roomId } = await conversation();
    const fi = { ...buyer.headers, 'accept-language': 'fi' };
    const empty = await app.inject({
      method: 'POST',
      url: `/api/chat-room/${roomId}/messages`,
      headers: fi,
      payload: { text: '   ', client_id: crypto.randomUUID() },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.text).toEqual(['Kirjoita viesti tai liitä kuva.']);
    const long = await send(buyer, roomId, 'x'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(long.json().errors.text).toEqual([`The message is too long: at most ${MESSAGE_MAX_LENGTH} characters.`]);
    expect((await send(buyer, roomId, 'x'.repeat(10_000))).statusCode).toBe(422);
    expect((await send(buyer, roomId, 'x'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(201);
    expect((await send(buyer, roomId, 'a\u0000b')).statusCode).toBe(422);
    expect((await send(buyer, roomId, 'Hei', 'not-a-uuid')).statusCode).toBe(422);
    const noBody = await app.inject({ method: 'POST', url: `/api/chat-room/${roomId}/messages`, headers: buyer.headers });
    expect(noBody.statusCode).toBeLessThan(500);
    expect((await room(buyer, roomId)).json().meta.count).toBe(2);
  });

  it('keeps text as text: markup is stored as written and never becomes HTML on the way out', async () => {
    const { buyer, roomId } = await conversation();
    const text = '<img src=x onerror=alert(1)> katso https://example.com/pyora';
    const sent = await send(buyer, roomId, text);
    expect(sent.json().data.text).toBe(text);
    expect(sent.headers['content-type']).toContain('application/json');
  });

  it('throttles sending with a translated message', async () => {
    const { buyer, roomId } = await conversation();
    const replies = await Promise.all(Array.from({ length: MESSAGES_PER_USER.limit + 3 }, (_, n) => send(buyer, roomId, `Viesti ${n}`)));
    const refused = replies.filter((r) => r.statusCode === 429);
    // The opening message counted too.
    expect(refused).toHaveLength(4);
    expect(refused[0]!.json().message).toMatch(/Too many/i);
    expect((await room(buyer, roomId)).json().meta.count).toBe(MESSAGES_PER_USER.limit);
  });

  it('a picture is stored without its metadata and shown to members only; a file that is not a picture is refused', async () => {
    const { buyer, seller, roomId } = await conversation();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a33' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner' } })
      .toBuffer();
    const form = await multipart([{ field: 'picture', name: 'kuva.jpg', type: 'image/jpeg', data: jpeg }], {
      text: 'Tässä kuva',
      client_id: crypto.randomUUID(),
    });
    const sent = await app.inject({
      method: 'POST',
      url: `/api/chat-room/${roomId}/messages`,
      headers: { ...buyer.headers, ...form.headers },
      payload: form.payload,
    });
    expect(sent.statusCode).toBe(201);
    const message = sent.json().data;
    expect(message.picture).toEqual({ url: `/api/chat-room/${roomId}/pictures/${message.id}`, width: 64, height: 48 });
    const picture = await app.inject({ url: message.picture.url, headers: seller.headers });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    expect((await app.inject({ url: message.picture.url })).statusCode).toBe(401);

    const fake = await multipart(
      [{ field: 'picture', name: 'kuva.jpg', type: 'image/jpeg', data: Buffer.from('%PDF-1.4 not a picture') }],
      {
        text: 'Ei kuva',
        client_id: crypto.randomUUID(),
      },
    );
    const refused = await app.inject({
      method: 'POST',
      url: `/api/chat-room/${roomId}/messages`,
      headers: { ...buyer.headers, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.picture).toBeDefined();
    expect((await room(buyer, roomId)).json().meta.count).toBe(2);
  });
});

describe('pages of messages', () => {
  it('shows the newest 20 oldest first, older pages before a message, and catches up after one', async () => {
    const { seller, buyer, roomId, first } = await conversation('Viesti 0');
    for (let n = 1; n < 45; n += 1) {
      const reply = await send(n % 2 ? seller : buyer, roomId, `Viesti ${n}`);
      expect(reply.statusCode).toBe(201);
      // Keep inside the sending limit: the limit has its own test.
      if (n % 25 === 0) await app.services.platform.counters.reset(`messages:${seller.id}`);
    }
    const newest = (await room(buyer, roomId)).json();
    expect(newest.data).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(newest.data[0].text).toBe('Viesti 25');
    expect(newest.data.at(-1).text).toBe('Viesti 44');
    expect(newest.meta).toMatchObject({ has_older: true, count: 45, per_page: 20 });

    const older = (await room(buyer, roomId, `?before=${newest.data[0].id}`)).json();
    expect(older.data.map((m: { text: string }) => m.text)).toEqual(Array.from({ length: 20 }, (_, n) => `Viesti ${n + 5}`));
    const oldest = (await room(buyer, roomId, `?before=${older.data[0].id}`)).json();
    expect(oldest.data).toHaveLength(5);
    expect(oldest.meta.has_older).toBe(false);

    const caughtUp = (await room(buyer, roomId, `?after=${first.id}`)).json();
    expect(caughtUp.data).toHaveLength(44);
    expect(caughtUp.meta).toMatchObject({ has_newer: false, has_older: true });
    expect((await room(buyer, roomId, `?after=${newest.data.at(-1).id}`)).json().data).toEqual([]);
  });
});

describe('read state and the room list', () => {
  it('unread counts come from read marks; reading moves the mark forward only; the sender sees it read', async () => {
    const { seller, buyer, roomId, first } = await conversation('Eka');
    const second = (await send(buyer, roomId, 'Toka')).json().data;
    expect(await unread(seller)).toBe(2);
    expect(await unread(buyer)).toBe(0);

    const list = (await rooms(seller)).json();
    expect(list.meta.unread_total).toBe(2);
    expect(list.data[0]).toMatchObject({ id: roomId, unread: 2, last_message: { text: 'Toka' }, other: { label: 'Olli Ostaja' } });

    expect((await markRead(seller, roomId, first.id)).json().unread_total).toBe(1);
    expect((await room(buyer, roomId)).json().room.other_last_read_id).toBe(first.id);
    // A mark past the last message stops at it; a mark backwards changes nothing.
    expect((await markRead(seller, roomId, Number.MAX_SAFE_INTEGER)).json().unread_total).toBe(0);
    expect((await markRead(seller, roomId, 0)).json().unread_total).toBe(0);
    expect((await room(buyer, roomId)).json().room.other_last_read_id).toBe(second.id);
    expect((await room(seller, roomId)).json().room.my_last_read_id).toBe(second.id);
  });

  it('lists rooms newest activity first', async () => {
    const seller = await person();
    const buyer = await person();
    const a = (await firstMessage(buyer, (await ad(seller, 'Eka')).uuid, 'a')).json().room_id;
    const b = (await firstMessage(buyer, (await ad(seller, 'Toka')).uuid, 'b')).json().room_id;
    expect((await rooms(buyer)).json().data.map((r: { id: number }) => r.id)).toEqual([b, a]);
    await send(seller, a, 'vastaus');
    expect((await rooms(buyer)).json().data.map((r: { id: number }) => r.id)).toEqual([a, b]);
  });
});

describe('blocking and reporting', () => {
  const block = (who: Person, roomId: number) =>
    app.inject({ method: 'POST', url: `/api/chat-room/${roomId}/block`, headers: who.headers });
  const unblock = (who: Person, roomId: number) =>
    app.inject({ method: 'DELETE', url: `/api/chat-room/${roomId}/block`, headers: who.headers });
  const preview = (who: Person, productUuid: string) => app.inject({ url: `/api/channel/product/${productUuid}`, headers: who.headers });
  const roomCount = async (a: Person, b: Person) =>
    (await rooms(a)).json().data.filter((r: { other: { id: number } }) => r.other.id === b.id).length as number;

  it('a block stops both members from writing until the one who blocked lifts it', async () => {
    const { seller, buyer, roomId } = await conversation();
    const blocked = await block(seller, roomId);
    expect(blocked.json().message).toMatch(/blocked/);
    expect((await send(buyer, roomId, 'Hei?')).json().errors.text).toEqual(['This conversation is blocked, so nobody can write in it.']);
    expect((await send(seller, roomId, 'Hei')).statusCode).toBe(422);
    expect((await room(buyer, roomId)).json().room).toMatchObject({ blocked: true, blocked_by_me: false, can_send: false });
    // Reopening through the ad does not get round it.
    const bikeUuid = (await room(buyer, roomId)).json().room.product.uuid;
    expect((await firstMessage(buyer, bikeUuid, 'Uusi yritys')).statusCode).toBe(422);

    expect((await unblock(buyer, roomId)).statusCode).toBe(422);
    expect((await unblock(seller, roomId)).statusCode).toBe(200);
    expect((await send(buyer, roomId, 'Kiitos')).statusCode).toBe(201);
  });

  it('a block is about the person: the blocked buyer opens no room on the seller’s next ad, and the seller writes to him nowhere', async () => {
    const seller = await person('Sari Myyjä');
    const buyer = await person('Olli Ostaja');
    const first = (await firstMessage(buyer, (await ad(seller, 'Eka')).uuid, 'Hei')).json().room_id as number;
    const second = (await firstMessage(buyer, (await ad(seller, 'Toka')).uuid, 'Hei taas')).json().room_id as number;
    const next = await ad(seller, 'Kolmas');
    expect((await block(seller, first)).statusCode).toBe(200);

    // The person blocked: no new room, in words of their language, and the preview of the ad says the same.
    const refused = await firstMessage(buyer, next.uuid, 'Sinä estit minut, mutta tässä olen');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.product).toEqual(['This person has blocked you, so you cannot write to them.']);
    const fi = await app.inject({
      method: 'POST',
      url: `/api/channel/product/${next.uuid}/messages`,
      headers: { ...buyer.headers, 'accept-language': 'fi' },
      payload: { text: 'Hei', client_id: crypto.randomUUID() },
    });
    expect(fi.json().errors.product).toEqual(['Tämä henkilö on estänyt sinut, joten et voi kirjoittaa hänelle.']);
    expect((await preview(buyer, next.uuid)).json().errors.product).toEqual(['This person has blocked you, so you cannot write to them.']);
    // Nor in the other room they already had, either way.
    expect((await send(buyer, second, 'Hei?')).statusCode).toBe(422);
    expect((await send(seller, second, 'Hei')).statusCode).toBe(422);
    // Both rooms say so to both, and only the blocker may lift it, from any of them.
    for (const id of [first, second]) {
      expect((await room(seller, id)).json().room).toMatchObject({ blocked: true, blocked_by_me: true, can_send: false });
      expect((await room(buyer, id)).json().room).toMatchObject({ blocked: true, blocked_by_me: false, can_send: false });
    }
    expect((await rooms(buyer)).json().data.map((r: { blocked: boolean }) => r.blocked)).toEqual([true, true]);
    expect((await unblock(buyer, second)).statusCode).toBe(422);
    expect(await roomCount(buyer, seller)).toBe(2);

    // The seller (the blocker) opens nothing with the buyer either: on the buyer's own ad.
    const buyersAd = await ad(buyer, 'Ostajan pyörä');
    const own = await firstMessage(seller, buyersAd.uuid, 'Hei');
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.product).toEqual([
      'You have blocked this person. Lift the block in your conversation with them to write again.',
    ]);
    expect((await preview(seller, buyersAd.uuid)).statusCode).toBe(422);

    // Lifted in the second room, it is lifted everywhere.
    expect((await unblock(seller, second)).statusCode).toBe(200);
    expect((await send(seller, first, 'Hei taas')).statusCode).toBe(201);
    expect((await send(buyer, second, 'Kiitos')).statusCode).toBe(201);
    expect((await firstMessage(buyer, next.uuid, 'Kolmas kysymys')).statusCode).toBe(201);
    expect((await firstMessage(seller, buyersAd.uuid, 'Kiinnostaa')).statusCode).toBe(201);
    expect((await room(buyer, first)).json().room).toMatchObject({ blocked: false, can_send: true });
  });

  it('the person blocked who blocks back cannot lift the first block; each lifts only their own', async () => {
    const { seller, buyer, roomId } = await conversation();
    expect((await block(seller, roomId)).statusCode).toBe(200);
    expect((await block(buyer, roomId)).statusCode).toBe(200);
    expect((await unblock(buyer, roomId)).statusCode).toBe(200);
    expect((await room(buyer, roomId)).json().room).toMatchObject({ blocked: true, blocked_by_me: false });
    expect((await unblock(buyer, roomId)).statusCode).toBe(422);
    expect((await unblock(seller, roomId)).statusCode).toBe(200);
    expect((await send(buyer, roomId, 'Taas ystävät')).statusCode).toBe(201);
  });

  it('a parallel burst of new rooms while blocked creates nothing', async () => {
    const { seller, buyer, roomId } = await conversation();
    await block(buyer, roomId);
    const ads = await Promise.all([1, 2, 3, 4, 5].map((n) => ad(seller, `Uusi ${n}`)));
    const replies = await Promise.all(ads.flatMap((a) => [firstMessage(buyer, a.uuid, 'Hei'), firstMessage(buyer, a.uuid, 'Hei')]));
    expect(new Set(replies.map((r) => r.statusCode))).toEqual(new Set([422]));
    expect(await roomCount(buyer, seller)).toBe(1);
    expect(await roomCount(seller, buyer)).toBe(1);
  });

  it('typing signals do not cross a block', async () => {
    const { seller, buyer, roomId } = await conversation();
    const heard: unknown[] = [];
    const original = app.services.platform.realtime.publish;
    app.services.platform.realtime.publish = async (notice) => {
      heard.push(notice);
    };
    try {
      await app.services.chat.typing(buyer.id, roomId);
      expect(heard).toHaveLength(1);
      await block(seller, roomId);
      heard.length = 0;
      await app.services.chat.typing(buyer.id, roomId);
      await app.services.chat.typing(seller.id, roomId);
      expect(heard).toEqual([]);
    } finally {
      app.services.platform.realtime.publish = original;
    }
  });

  it('a member reports the conversation to staff; the reason must be one of the list', async () => {
    const { buyer, roomId } = await conversation();
    const bad = await app.inject({
      method: 'POST',
      url: `/api/chat-room/${roomId}/report`,
      headers: buyer.headers,
      payload: { reason: 'boring' },
    });
    expect(bad.statusCode).toBe(422);
    const reported = await app.inject({
      method: 'POST',
      url: `/api/chat-room/${roomId}/report`,
      headers: buyer.headers,
      payload: { reason: 'scam', details: 'Pyytää maksamaan etukäteen' },
    });
    expect(reported.json().message).toBe('Thank you for the report. Our staff will review the conversation.');
    const rows = await app.services.database.db.select().from(reports).where(eq(reports.subjectId, roomId));
    expect(rows).toMatchObject([{ subjectType: 'chat_room', reporterId: buyer.id, reason: 'scam', status: 'open' }]);
  });
});

describe('deleted accounts', () => {
  it('messages of a deleted account show as from "deleted user", and nobody can write to it any more', async () => {
    const { seller, buyer, roomId } = await conversation();
    await app.services.database.db.delete(users).where(eq(users.id, buyer.id));
    const view = (await room(seller, roomId)).json();
    expect(view.room.other).toEqual({ id: null, label: 'Deleted user', avatar: null, deleted: true, identity_verified: false });
    expect(view.data[0].sender_id).toBeNull();
    expect(view.room.can_send).toBe(false);
    expect((await send(seller, roomId, 'Hei?')).statusCode).toBe(422);
  });
});

describe('unread-message mail', () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  const mailsTo = (who: Person, since: number) =>
    readMails(app)
      .slice(since)
      .filter((mail) => mail.to.includes(who.email));

  // Whatever earlier tests left pending goes out first: each test counts only its own mails.
  beforeEach(async () => {
    while ((await app.services.chat.sendDueMails(later(24 * 60), 500)) > 0);
  });

  it('one mail per room after 15 minutes, in the member language, with a link to the room; none once read', async () => {
    const { seller, buyer, roomId } = await conversation('Eka');
    await send(buyer, roomId, 'Toka');
    await app.services.database.db.update(users).set({ locale: 'fi' }).where(eq(users.id, seller.id));
    const before = readMails(app).length;

    expect(await app.services.chat.sendDueMails(later(14))).toBe(0);
    expect(await app.services.chat.sendDueMails(later(16))).toBe(1);
    const mails = mailsTo(seller, before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Olli Ostaja lähetti sinulle viestin: Helkama Jopo');
    expect(mails[0]!.text).toContain(`/channel/${roomId}`);
    expect(mails[0]!.text).not.toContain('Toka');
    // Sent once, not again.
    expect(await app.services.chat.sendDueMails(later(60))).toBe(0);

    // Read in time: no mail.
    const next = (await send(buyer, roomId, 'Kolmas')).json().data;
    await markRead(seller, roomId, next.id);
    expect(await app.services.chat.sendDueMails(later(30))).toBe(0);
  });

  it('the profile setting turns the mails off', async () => {
    const { seller } = await conversation();
    await app.services.database.db.update(users).set({ notifyMessages: false }).where(eq(users.id, seller.id));
    const before = readMails(app).length;
    expect(await app.services.chat.sendDueMails(later(16))).toBe(0);
    expect(mailsTo(seller, before)).toHaveLength(0);
  });

  it('a failed send is logged and tried again later, not dropped; two workers never send the same mail', async () => {
    const { seller, roomId } = await conversation();
    const { mailer } = app.services.platform;
    const original = mailer.send;
    let calls = 0;
    mailer.send = async () => {
      calls += 1;
      throw new Error('smtp down');
    };
    try {
      expect(await app.services.chat.sendDueMails(later(16))).toBe(0);
    } finally {
      mailer.send = original;
    }
    expect(calls).toBe(1);
    const [member] = await app.services.database.db.select().from(chatMembers).where(eq(chatMembers.roomId, roomId));
    expect(member).toBeDefined();
    const sellerRow = (await app.services.database.db.select().from(chatMembers).where(eq(chatMembers.userId, seller.id)))[0]!;
    expect(sellerRow.mailAttempts).toBe(1);
    expect(sellerRow.mailDueAt!.getTime()).toBeGreaterThan(later(16).getTime());

    const sent = await Promise.all([app.services.chat.sendDueMails(later(30)), app.services.chat.sendDueMails(later(30))]);
    expect(sent[0] + sent[1]).toBe(1);
  });
});

describe('bad input never becomes a server error', () => {
  it('odd ids, cursors and bodies answer 4xx', async () => {
    const { buyer, roomId } = await conversation();
    const probes = [
      room(buyer, roomId, '?before=-1'),
      room(buyer, roomId, '?after=abc'),
      room(buyer, roomId, '?after=99999999999999999999'),
      markRead(buyer, roomId, -5),
      app.inject({
        method: 'POST',
        url: `/api/chat-room/${roomId}/messages`,
        headers: { ...buyer.headers, 'content-type': 'application/json' },
        payload: '{',
      }),
      app.inject({
        method: 'POST',
        url: `/api/chat-room/${roomId}/messages`,
        headers: buyer.headers,
        payload: { text: 5, client_id: crypto.randomUUID() },
      }),
      app.inject({ url: `/api/chat-room/${roomId}/pictures/99999999999`, headers: buyer.headers }),
    ];
    for (const reply of await Promise.all(probes)) expect(reply.statusCode, reply.body).toBeGreaterThanOrEqual(400);
    for (const reply of await Promise.all(probes)) expect(reply.statusCode, reply.body).toBeLessThan(500);
    expect(await app.services.database.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId))).toHaveLength(1);
  });

  it('any text is either stored exactly as sent (trimmed) or refused with a message; never a 5xx, never half', async () => {
    const { seller, buyer, roomId } = await conversation();
    let stored = 1;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.string({ unit: 'grapheme', maxLength: 120 }),
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc.constantFrom('', ' ', '\n\n', 'x'.repeat(MESSAGE_MAX_LENGTH + 1), '🙂'.repeat(MESSAGE_MAX_LENGTH)),
        ),
        async (text) => {
          await app.services.platform.counters.reset(`messages:${buyer.id}`);
          const reply = await send(buyer, roomId, text);
          expect(reply.statusCode, reply.body).toBeLessThan(500);
          if (reply.statusCode === 201) {
            stored += 1;
            expect(reply.json().data.text).toBe(text.trim());
          } else {
            expect(reply.statusCode).toBe(422);
            expect(reply.json().message).toBeTruthy();
          }
        },
      ),
      { numRuns: 80 },
    );
    expect((await room(seller, roomId)).json().meta.count).toBe(stored);
  });
});
