import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../db/schema/catalog.ts';
import { municipalities } from '../db/schema/geo.ts';
import { products } from '../db/schema/products.ts';
import { users } from '../db/schema/users.ts';
import { createUser, loginAs } from '../test/accounts.ts';
import { createAd } from '../test/ads.ts';
import { buildTestApp } from '../test/app.ts';
import { multipart } from '../test/multipart.ts';
import { openSocket } from '../test/sockets.ts';

// Text PostgreSQL cannot keep (half a surrogate pair, a NUL) is refused by one rule at the edge
// (input-limits.ts for JSON and form bodies, uploads.ts for multipart fields): a translated 422
// on the field, before any service runs, so nothing is half-changed and nothing answers 500.

let app: FastifyInstance;
let admin: Record<string, string>;
let person: { id: number; headers: Record<string, string>; token: string };

const en = { 'accept-language': 'en' };
const LONE = 'Kauppis\ud800';
const UNSTORABLE = 'The text contains a broken character (half of a UTF-16 pair) that cannot be saved.';
const CONTROL = 'The text contains control characters that cannot be saved.';

beforeAll(async () => {
  app = await buildTestApp();
  admin = (await loginAs(app, await createUser(app, { roles: ['user', 'superAdmin'] }))).headers;
  const user = await createUser(app, { name: 'Alku' });
  const login = await loginAs(app, user);
  person = { id: user.id, headers: login.headers, token: login.token };
});
afterAll(() => app.close());

async function nameOf(id: number) {
  return (await app.services.database.db.select().from(users).where(eq(users.id, id)))[0]!.name;
}

/** A JSON body as a client writes it, escapes and all (`"\ud800"` is valid JSON, not valid text). */
function rawJson(method: 'PATCH' | 'PUT' | 'POST', url: string, json: string, headers: Record<string, string> = {}) {
  return app.inject({ method, url, headers: { ...en, ...headers, 'content-type': 'application/json' }, payload: json });
}

describe('half a surrogate pair in a JSON body', () => {
  it('is a 422 on the app settings, naming the field, and the setting keeps its value', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/admin/app-settings', headers: admin })).json().site_name;
    const response = await rawJson('PATCH', '/api/admin/app-settings', '{"site_name":"Kauppis\\ud800"}', admin);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: { site_name: [UNSTORABLE] } });
    const after = (await app.inject({ method: 'GET', url: '/api/admin/app-settings', headers: admin })).json().site_name;
    expect(after).toBe(before);
  });

  it('is a 422 on an info page, and no version of it is saved', async () => {
    const response = await rawJson(
      'PUT',
      '/api/admin/info-pages/safe-shops/en',
      `{"title":"Turvallinen","body":"<p>${'\\udc00'}</p>"}`,
      admin,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ body: [UNSTORABLE] });
    const page = await app.inject({ method: 'GET', url: '/api/admin/info-pages/safe-shops/en', headers: admin });
    expect(JSON.stringify(page.json())).not.toContain('Turvallinen');
  });

  it('is a 422 on the profile, in a nested field, in a key, and in a search', async () => {
    const calls = [
      { method: 'PATCH', url: '/api/profile', headers: person.headers, payload: { name: LONE }, field: 'name' },
      { method: 'POST', url: '/api/products', payload: { filters: { q: ['ok', LONE] } }, field: 'filters.q.1' },
      { method: 'POST', url: '/api/products', payload: { [LONE]: 1 }, field: LONE },
      { method: 'POST', url: '/api/search-hint', payload: { query: '\udfff pyörä' }, field: 'query' },
    ] as const;
    for (const { field, ...call } of calls) {
      const response = await app.inject({ ...call, headers: { ...en, ...('headers' in call ? call.headers : {}) } });
      expect(response.statusCode, call.url).toBe(422);
      expect(response.json().errors, call.url).toEqual({ [field]: [UNSTORABLE] });
    }
    expect(await nameOf(person.id)).toBe('Alku');
  });

  it('is a 422 on a chat message, and the conversation does not start', async () => {
    const seller = await createUser(app);
    const ad = await createAd(app, { userId: seller.id, name: 'Pyörä' });
    const url = `/api/channel/product/${ad.uuid}/messages`;
    const refused = await rawJson('POST', url, `{"text":"Hei \\ud83d","client_id":"${crypto.randomUUID()}"}`, person.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ text: [UNSTORABLE] });
    const rooms = await app.inject({ method: 'GET', url: '/api/chat-rooms', headers: person.headers });
    expect(JSON.stringify(rooms.json())).not.toContain('Pyörä');
  });

  it('lets a whole pair (an emoji) through', async () => {
    const response = await rawJson('PATCH', '/api/profile', '{"name":"Alku \\ud83d\\ude00"}', person.headers);
    expect(response.statusCode).toBe(200);
    expect(await nameOf(person.id)).toBe('Alku 😀');
  });

  it('is refused in a form-encoded body too, and the ad keeps its name', async () => {
    const ad = await createAd(app, { userId: person.id, name: 'Vanha nimi' });
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/product',
      headers: { ...en, ...person.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `productUuid=${ad.uuid}&name=Uusi%00nimi`,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: [CONTROL] });
    expect((await app.services.database.db.select().from(products).where(eq(products.uuid, ad.uuid)))[0]!.name).toBe('Vanha nimi');
  });
});

describe('the address', () => {
  it('refuses a NUL or a control character in a query parameter or the path with a 422 on it', async () => {
    const search = await app.inject({ method: 'GET', url: '/api/regions?lang=fi&q=py%00r%C3%A4', headers: en });
    expect(search.statusCode).toBe(422);
    expect(search.json()).toMatchObject({ code: 'validation_failed', errors: { q: [CONTROL] } });
    const param = await app.inject({ method: 'GET', url: '/api/sellers/1%1b', headers: en });
    expect(param.statusCode).toBe(422);
    expect(param.json().errors).toEqual({ path: [CONTROL] });
  });

  it('cannot carry half a surrogate pair at all: its UTF-8 bytes are no character', async () => {
    // %ED%A0%80 would be U+D800 written as UTF-8, which UTF-8 forbids: never decoded into one.
    for (const url of ['/api/regions?q=%ED%A0%80', '/api/sellers/%ED%A0%80']) {
      const response = await app.inject({ method: 'GET', url, headers: en });
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('a NUL in a multipart field', () => {
  it('is a 422 on that field before the ad or any picture is kept', async () => {
    const db = app.services.database.db;
    const catalogId = (await db.select().from(catalogs).where(eq(catalogs.slug, 'passenger-cars')))[0]!.id;
    const cityId = (await db.select().from(municipalities).where(eq(municipalities.code, '091')))[0]!.id;
    const fields = {
      name: 'Auto',
      description: 'Hyvä auto\u0000, vähän ajettu.',
      price: '100',
      city_id: String(cityId),
      catalog_id: String(catalogId),
    };
    const body = await multipart([], fields);
    const response = await app.inject({
      method: 'POST',
      url: '/api/product',
      payload: body.payload,
      headers: { ...en, ...person.headers, ...body.headers },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ description: [CONTROL] });
    const kept = await app.services.database.db.select().from(products).where(eq(products.userId, person.id));
    expect(kept.map((ad) => ad.name)).not.toContain('Auto');
  });
});

describe('the messenger socket', () => {
  it('answers a frame with half a surrogate pair as a bad frame and keeps going', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const socket = await openSocket(`ws://127.0.0.1:${port}/ws`, { authorization: `Bearer ${person.token}`, 'accept-language': 'en' });
    try {
      await socket.next('ready');
      socket.socket.send('{"type":"typing","room_id":1,"note":"\\ud800"}');
      expect(await socket.next('error')).toMatchObject({ code: 'bad_frame' });
      socket.socket.send('{"type":"ping"}');
      expect(await socket.next('pong')).toEqual({ type: 'pong' });
    } finally {
      socket.close();
    }
  });
});
