import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatMessage, SOCKET_MAX_FRAME_BYTES } from '../../../common/chat.ts';
import { SESSION_COOKIE } from '../../../common/cookies.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { type TestSocket, openSocket, refusedStatus } from '../../test/sockets.ts';
import { CLOSE, MAX_SOCKETS_PER_ACCOUNT, isClientProtocolError } from './chat.socket.ts';

let app: FastifyInstance;
let base: string;
let socketUrl: string;
const open: TestSocket[] = [];

/** What a send answers, and a page of messages. */
interface Sent {
  room_id: number;
  data: ChatMessage;
}
interface Page {
  data: ChatMessage[];
}

interface Person {
  id: number;
  token: string;
  headers: Record<string, string>;
}

async function person(): Promise<Person> {
  const user = await createUser(app);
  const { token, headers } = await loginAs(app, user);
  return { id: user.id, token, headers: { ...headers, 'accept-language': 'en' } };
}

async function connect(who: Person, options: { autoPong?: boolean; locale?: string } = {}): Promise<TestSocket> {
  const socket = await openSocket(socketUrl, { authorization: `Bearer ${who.token}`, 'accept-language': options.locale ?? 'en' }, options);
  open.push(socket);
  await socket.next('ready');
  return socket;
}

async function api<T = Sent>(who: Person, method: 'GET' | 'POST', path: string, payload?: object) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...who.headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const send = (who: Person, roomId: number, text: string) =>
  api(who, 'POST', `/chat-room/${roomId}/messages`, { text, client_id: crypto.randomUUID() });

async function conversation() {
  const seller = await person();
  const buyer = await person();
  const ad = await createAd(app, { userId: seller.id, name: 'Fillari' });
  const first = await api(buyer, 'POST', `/channel/product/${ad.uuid}/messages`, { text: 'Hei!', client_id: crypto.randomUUID() });
  expect(first.status).toBe(201);
  return { seller, buyer, roomId: first.body.room_id, first: first.body.data };
}

beforeAll(async () => {
  app = await buildTestApp({ socketHeartbeatSeconds: 1 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  socketUrl = `ws://127.0.0.1:${port}/ws`;
});
afterAll(async () => {
  for (const socket of open) socket.close();
  await app.close();
});

describe('who may open the socket', () => {
  it('refuses a socket without a session (401) and a cookie session from another site (403)', async () => {
    const me = await person();
    expect(await refusedStatus(socketUrl, {})).toBe(401);
    expect(await refusedStatus(socketUrl, { authorization: 'Bearer not-a-session' })).toBe(401);
    const cookie = `${SESSION_COOKIE}=${me.token}`;
    expect(await refusedStatus(socketUrl, { cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await refusedStatus(socketUrl, { cookie })).toBe(403);
    // PUBLIC_URL's origin is the one the pages come from.
    const socket = await openSocket(socketUrl, { cookie, origin: app.config.publicUrl });
    open.push(socket);
    expect(await socket.next('ready')).toEqual({ type: 'ready', user_id: me.id, unread_total: 0, notifications_unread: 0 });
  });

  it('refuses a cookie socket whose Origin only equals the Host header it also wrote (DNS rebinding)', async () => {
    const me = await person();
    const cookie = `${SESSION_COOKIE}=${me.token}`;
    expect(new URL(base).origin).not.toBe(new URL(app.config.publicUrl).origin);
    expect(await refusedStatus(socketUrl, { cookie, origin: base })).toBe(403);
    expect(await refusedStatus(socketUrl, { cookie, origin: 'http://rebound.example', host: 'rebound.example' })).toBe(403);
  });
});

describe('sockets of one account', () => {
  it(`keeps at most ${MAX_SOCKETS_PER_ACCOUNT}: a newer one closes the oldest with 4409, the others stay`, async () => {
    const me = await person();
    const other = await person();
    const theirs = await connect(other);
    const mine: TestSocket[] = [];
    for (let n = 0; n < MAX_SOCKETS_PER_ACCOUNT; n += 1) mine.push(await connect(me));
    const extra = [await connect(me), await connect(me)];
    expect(await mine[0]!.closed).toBe(CLOSE.replaced);
    expect(await mine[1]!.closed).toBe(CLOSE.replaced);
    for (const socket of [...mine.slice(2), ...extra, theirs]) expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    // The ones kept still hear their events.
    extra[1]!.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await extra[1]!.next('pong')).toEqual({ type: 'pong' });
  });
});

describe('live events', () => {
  it('a message reaches both members at once, with the receiver’s new unread total; strangers hear nothing', async () => {
    const { seller, buyer, roomId } = await conversation();
    const stranger = await person();
    const [sellerSocket, buyerSocket, strangerSocket] = await Promise.all([connect(seller), connect(buyer), connect(stranger)]);
    expect(sellerSocket.events[0]).toEqual({ type: 'ready', user_id: seller.id, unread_total: 1, notifications_unread: 0 });

    const sent = await send(buyer, roomId, 'Vieläkö myynnissä?');
    const received = await sellerSocket.next('message', (event) => event.message.id === sent.body.data.id);
    expect(received).toEqual({ type: 'message', room_id: roomId, message: sent.body.data });
    expect(await sellerSocket.next('unread', (event) => event.unread_total === 2)).toBeDefined();
    // The sender's other tabs and devices get it too.
    await buyerSocket.next('message', (event) => event.message.id === sent.body.data.id);

    // Read receipts go to the sender.
    await api(seller, 'POST', `/chat-room/${roomId}/read`, { last_read_id: sent.body.data.id });
    expect(await buyerSocket.next('read')).toEqual({ type: 'read', room_id: roomId, user_id: seller.id, last_read_id: sent.body.data.id });
    expect(await sellerSocket.next('unread', (event) => event.unread_total === 0)).toBeDefined();

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(strangerSocket.events.filter((event) => event.type !== 'ready')).toEqual([]);
  });

  it('typing goes to the other member only; a room that is not mine answers an error and tells nobody', async () => {
    const { seller, buyer, roomId } = await conversation();
    const other = await conversation();
    const [sellerSocket, buyerSocket] = await Promise.all([connect(seller), connect(buyer)]);
    const otherSeller = await connect(other.seller);
    buyerSocket.socket.send(JSON.stringify({ type: 'typing', room_id: roomId }));
    expect(await sellerSocket.next('typing')).toEqual({ type: 'typing', room_id: roomId, user_id: buyer.id });

    buyerSocket.socket.send(JSON.stringify({ type: 'typing', room_id: other.roomId }));
    expect(await buyerSocket.next('error')).toEqual({
      type: 'error',
      code: 'not_member',
      message: 'You are not a member of this conversation.',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(otherSeller.events.filter((event) => event.type === 'typing')).toEqual([]);
    expect(buyerSocket.events.filter((event) => event.type === 'typing')).toEqual([]);
  });

  it('a block or unblock tells both members to fetch the room again', async () => {
    const { seller, buyer, roomId } = await conversation();
    const buyerSocket = await connect(buyer);
    await api(seller, 'POST', `/chat-room/${roomId}/block`);
    expect(await buyerSocket.next('room')).toEqual({ type: 'room', room_id: roomId });
  });
});

describe('bad frames', () => {
  it('a frame that is not JSON or not a known event gets a translated error; the socket stays', async () => {
    const me = await person();
    const socket = await connect(me, { locale: 'fi' });
    socket.socket.send('this is not json');
    expect(await socket.next('error')).toEqual({ type: 'error', code: 'bad_frame', message: 'Palvelin ei ymmärtänyt viestiä.' });
    socket.socket.send(JSON.stringify({ type: 'typing', room_id: 'DROP TABLE' }));
    socket.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await socket.next('pong')).toEqual({ type: 'pong' });
    expect(socket.events.filter((event) => event.type === 'error')).toHaveLength(2);
  });

  it('a 1 MB frame closes the socket (1009) without harming the process, and is a warning, not an error', async () => {
    const me = await person();
    const socket = await connect(me);
    socket.socket.send('x'.repeat(1024 * 1024));
    expect(await socket.closed).toBe(1009);
    expect(
      isClientProtocolError(Object.assign(new RangeError('Max payload size exceeded'), { code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' })),
    ).toBe(true);
    expect(isClientProtocolError(new Error('database gone'))).toBe(false);
    expect(SOCKET_MAX_FRAME_BYTES).toBeLessThan(1024 * 1024);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('a flood of frames closes the socket with a policy violation', async () => {
    const me = await person();
    const socket = await connect(me);
    for (let n = 0; n < 100; n += 1) socket.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await socket.closed).toBe(1008);
  });
});

describe('connections that go away', () => {
  it('a client that stops answering pings is closed by the heartbeat; one that answers stays', async () => {
    const me = await person();
    const silent = await connect(me, { autoPong: false });
    const lively = await connect(me);
    expect(await silent.closed).toBe(1006);
    expect(lively.socket.readyState).toBe(lively.socket.OPEN);
  });

  it('signing out closes the sockets of that session (4401: do not reconnect) and no other', async () => {
    const user = await createUser(app);
    const first = await loginAs(app, user);
    const second = await loginAs(app, user);
    const ending = await openSocket(socketUrl, { authorization: `Bearer ${first.token}` });
    const staying = await openSocket(socketUrl, { authorization: `Bearer ${second.token}` });
    open.push(ending, staying);
    await Promise.all([ending.next('ready'), staying.next('ready')]);
    await fetch(`${base}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${first.token}` } });
    expect(await ending.closed).toBe(4401);
    expect(staying.socket.readyState).toBe(staying.socket.OPEN);
  });

  it('after a dropped connection the client catches up from the API: nothing lost, nothing twice', async () => {
    const { seller, buyer, roomId, first } = await conversation();
    const socket = await connect(seller);
    const live = await send(buyer, roomId, 'Ennen katkoa');
    await socket.next('message', (event) => event.message.id === live.body.data.id);
    const lastSeen = live.body.data.id;
    socket.socket.terminate();
    await socket.closed;

    const missed = [];
    for (const text of ['Katkon aikana 1', 'Katkon aikana 2', 'Katkon aikana 3'])
      missed.push((await send(buyer, roomId, text)).body.data.id);
    const again = await connect(seller);
    const caughtUp = await api<Page>(seller, 'GET', `/chat-room/${roomId}?after=${lastSeen}`);
    expect(caughtUp.body.data.map((message) => message.id)).toEqual(missed);
    // And what arrives live after the reconnect comes once.
    const after = await send(buyer, roomId, 'Katkon jälkeen');
    await again.next('message', (event) => event.message.id === after.body.data.id);
    const everything = await api<Page>(seller, 'GET', `/chat-room/${roomId}?after=0`);
    const ids = everything.body.data.map((message) => message.id);
    expect(ids).toEqual([first.id, lastSeen, ...missed, after.body.data.id]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('closing the app closes its sockets with "service restart", so clients reconnect elsewhere', async () => {
    const other = await buildTestApp();
    await other.listen({ host: '127.0.0.1', port: 0 });
    const { port } = other.server.address() as AddressInfo;
    const user = await createUser(other);
    const { token } = await loginAs(other, user);
    const socket = await openSocket(`ws://127.0.0.1:${port}/ws`, { authorization: `Bearer ${token}` });
    await socket.next('ready');
    await other.close();
    expect(await socket.closed).toBe(1012);
  });
});
