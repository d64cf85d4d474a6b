import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { browserKeys, decryptPush, fakePushService, verifyVapid } from '../../test/push-service.ts';
import { createPushRepo } from './push.repo.ts';
import { PushRetryableError, createPushService } from './push.service.ts';
import { resolveVapidKeys } from './push.vapid.ts';

let app: FastifyInstance;

interface Person {
  id: number;
  headers: Record<string, string>;
}

async function person(name?: string): Promise<Person> {
  const user = await createUser(app, name ? { name } : {});
  return { id: user.id, headers: { ...(await loginAs(app, user)).headers, 'accept-language': 'en' } };
}

const subscribe = (who: Person | null, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/push-subscriptions',
    headers: { 'accept-language': 'en', ...(who?.headers ?? {}) },
    payload: payload as object,
  });
const unsubscribe = (who: Person, endpoint: string) =>
  app.inject({ method: 'DELETE', url: '/api/push-subscriptions', headers: who.headers, payload: { endpoint } });
const rowsOf = (userId: number) => app.services.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

function subscription(endpoint = `https://push.example.com/send/${crypto.randomUUID()}`) {
  const keys = browserKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('subscriptions API', () => {
  it('answers the VAPID public key to anyone: an uncompressed P-256 point', async () => {
    const reply = await app.inject({ url: '/api/push/public-key' });
    expect(reply.statusCode).toBe(200);
    expect(Buffer.from(reply.json().data.public_key, 'base64url')).toHaveLength(65);
    // The key is made once: a second app on the same data folder keeps it.
    expect(resolveVapidKeys(app.config).publicKey).toBe(reply.json().data.public_key);
  });

  it('needs an account to subscribe', async () => {
    expect((await subscribe(null, subscription())).statusCode).toBe(401);
  });

  it('keeps a browser subscription and replaces its keys when the same endpoint subscribes again', async () => {
    const me = await person();
    const first = subscription();
    const saved = await subscribe(me, first);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ data: { endpoint: first.endpoint }, message: 'Push notifications are on for this device.' });
    const again = { ...subscription(first.endpoint) };
    expect((await subscribe(me, again)).statusCode).toBe(200);
    const rows = await rowsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: first.endpoint, p256dh: again.keys.p256dh, auth: again.keys.auth });
  });

  it('an endpoint subscribed by another person on the same browser moves to them', async () => {
    const [before, after] = [await person(), await person()];
    const shared = subscription();
    await subscribe(before, shared);
    await subscribe(after, shared);
    expect(await rowsOf(before.id)).toHaveLength(0);
    expect(await rowsOf(after.id)).toHaveLength(1);
  });

  it('refuses a non-https endpoint, a key that is not a P-256 point and an auth secret not of 16 bytes, per field', async () => {
    const me = await person();
    const good = subscription();
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const reply = await subscribe(me, {
      endpoint: 'http://push.example.com/send/1',
      keys: { p256dh: notOnCurve, auth: Buffer.alloc(8).toString('base64url') },
    });
    expect(reply.statusCode).toBe(422);
    expect(Object.keys(reply.json().errors).sort()).toEqual(['endpoint', 'keys.auth', 'keys.p256dh']);
    expect(reply.json().errors.endpoint).toEqual(['The push address must be an https address of a push service.']);

    for (const [endpoint, field] of [
      ['https://127.0.0.1/send', 'endpoint'],
      ['https://localhost/send', 'endpoint'],
      ['https://user:pw@push.example.com/send', 'endpoint'],
      ['not a url', 'endpoint'],
    ] as const) {
      const refused = await subscribe(me, { ...good, endpoint });
      expect(refused.statusCode, endpoint).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual([field]);
    }
    for (const p256dh of ['AAAA', 'not base64url!', good.keys.p256dh.slice(0, -4), Buffer.alloc(65, 2).toString('base64url')]) {
      const refused = await subscribe(me, { ...good, keys: { ...good.keys, p256dh } });
      expect(refused.statusCode, p256dh).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['keys.p256dh']);
    }
    const noKeys = await subscribe(me, { endpoint: good.endpoint });
    expect(noKeys.statusCode).toBe(422);
    expect(Object.keys(noKeys.json().errors)).toEqual(['keys']);
    expect(await rowsOf(me.id)).toHaveLength(0);
  });

  it('deletes only one’s own subscription', async () => {
    const [me, other] = [await person(), await person()];
    const mine = subscription();
    await subscribe(me, mine);
    const refused = await unsubscribe(other, mine.endpoint);
    expect(refused.statusCode).toBe(200);
    expect(await rowsOf(me.id)).toHaveLength(1);
    const removed = await unsubscribe(me, mine.endpoint);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Push notifications are off for this device.');
    expect(await rowsOf(me.id)).toHaveLength(0);
  });
});

describe('sending over the Web Push protocol', () => {
  let service: Awaited<ReturnType<typeof fakePushService>> | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  const push = (timeoutMs = 2_000) =>
    createPushService({ repo: createPushRepo(app.services.database.db), vapid: resolveVapidKeys(app.config), log: () => {}, timeoutMs });
  /** A subscription stored as the API would keep it, whose endpoint is the local push service. */
  async function subscribed(userId: number, path = `/push/${crypto.randomUUID()}`) {
    const keys = browserKeys();
    await createPushRepo(app.services.database.db).upsert(userId, {
      endpoint: service!.url(path),
      p256dh: keys.p256dh,
      auth: keys.auth,
      userAgent: null,
    });
    return { keys, path };
  }

  it('sends the payload encrypted for the browser (aes128gcm) with a VAPID signature of the site key', async () => {
    service = await fakePushService();
    const me = await person();
    const { keys, path } = await subscribed(me.id);
    const result = await push().send(
      me.id,
      { title: 'Uusi ilmoitus', body: 'Helkama Jopo – 120 €', url: '/ad/abc', tag: 'search-1' },
      { urgency: 'low', ttlSeconds: 3600 },
    );
    expect(result).toEqual({ sent: 1, removed: 0 });

    const [received] = service.received;
    expect(received!.path).toBe(path);
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    expect(received!.headers['ttl']).toBe('3600');
    expect(received!.headers['urgency']).toBe('low');
    expect(JSON.parse(decryptPush(received!.body, keys))).toEqual({
      title: 'Uusi ilmoitus',
      body: 'Helkama Jopo – 120 €',
      url: '/ad/abc',
      tag: 'search-1',
    });
    // Someone else's keys cannot read it.
    expect(() => decryptPush(received!.body, browserKeys())).toThrow();

    const vapid = verifyVapid(received!.headers['authorization']);
    expect(vapid.publicKey).toBe(app.services.push.publicKey());
    expect(vapid.claims.aud).toBe(new URL(service.url('/')).origin);
    expect(vapid.claims.sub).toMatch(/^mailto:/);
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
    expect((await rowsOf(me.id))[0]!.lastUsedAt).not.toBeNull();
  });

  it('removes a subscription the push service answers 410 or 404 for', async () => {
    service = await fakePushService((request) =>
      request.path.startsWith('/gone') ? 410 : request.path.startsWith('/unknown') ? 404 : 201,
    );
    const me = await person();
    await subscribed(me.id, '/gone/1');
    await subscribed(me.id, '/unknown/1');
    await subscribed(me.id, '/fine/1');
    expect(await push().send(me.id, { title: 't', body: 'b', url: '/' })).toEqual({ sent: 1, removed: 2 });
    expect((await rowsOf(me.id)).map((row) => new URL(row.endpoint).pathname)).toEqual(['/fine/1']);
  });

  it('a 500 keeps the subscription and reports a retryable failure after the other devices got theirs', async () => {
    service = await fakePushService((request) => (request.path.startsWith('/broken') ? 500 : 201));
    const me = await person();
    await subscribed(me.id, '/broken/1');
    await subscribed(me.id, '/fine/1');
    const failure = await push()
      .send(me.id, { title: 't', body: 'b', url: '/' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PushRetryableError);
    expect(failure).toMatchObject({ retryable: true, failed: 1 });
    expect(service.received).toHaveLength(2);
    expect(await rowsOf(me.id)).toHaveLength(2);
  });

  it('a push service that does not answer is given up after the short timeout, retryable, the subscription kept', async () => {
    service = await fakePushService(() => 'hang');
    const me = await person();
    await subscribed(me.id);
    const started = Date.now();
    await expect(push(200).send(me.id, { title: 't', body: 'b', url: '/' })).rejects.toBeInstanceOf(PushRetryableError);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await rowsOf(me.id)).toHaveLength(1);
  });

  it('a person without subscriptions is nothing to do', async () => {
    const me = await person();
    expect(await push().send(me.id, { title: 't', body: 'b', url: '/' })).toEqual({ sent: 0, removed: 0 });
  });

  it('a message to someone not connected to the messenger is pushed to their devices, in their language, linking the room', async () => {
    service = await fakePushService();
    const [seller, buyer] = [await person(), await person('Maija')];
    const { keys } = await subscribed(seller.id);
    const ad = await createAd(app, {
      userId: seller.id,
      name: 'Helkama Jopo',
      catalog: 'city-bikes',
      city: '837',
      priceCents: 12_000,
      status: 'active',
    });
    const first = await app.inject({
      method: 'POST',
      url: `/api/channel/product/${ad.uuid}/messages`,
      headers: buyer.headers,
      payload: { text: 'Onko vielä myynnissä?', client_id: crypto.randomUUID() },
    });
    expect(first.statusCode).toBe(201);
    const roomId = first.json().room_id as number;
    await app.services.platform.background.settled();
    expect(service.received).toHaveLength(1);
    const payload = JSON.parse(decryptPush(service.received[0]!.body, keys));
    expect(payload).toEqual({
      title: 'Uusi viesti käyttäjältä Maija',
      body: 'Helkama Jopo',
      url: `/channel/${roomId}`,
      tag: `room-${roomId}`,
    });

    // Connected (a socket open in this process): no push.
    const unregister = app.services.platform.presence.register((userId) => userId === seller.id);
    try {
      await app.inject({
        method: 'POST',
        url: `/api/chat-room/${roomId}/messages`,
        headers: buyer.headers,
        payload: { text: 'Entä huomenna?', client_id: crypto.randomUUID() },
      });
      await app.services.platform.background.settled();
      expect(service.received).toHaveLength(1);
    } finally {
      unregister();
    }
  });
});
