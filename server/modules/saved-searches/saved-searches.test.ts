import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { MAX_SAVED_SEARCHES } from './saved-searches.schemas.ts';

let app: FastifyInstance;
let seller: Awaited<ReturnType<typeof createUser>>;
/** Ids of the reference data the searches name. */
let ids: { bikes: number; tampere: number; helsinki: number; uusimaa: number; pirkanmaa: number };

interface Person {
  id: number;
  headers: Record<string, string>;
}

async function person(): Promise<Person> {
  const user = await createUser(app);
  return { id: user.id, headers: (await loginAs(app, user)).headers };
}

function call(who: Person | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, language = 'en') {
  return app.inject({
    method,
    url,
    headers: { ...(who?.headers ?? {}), 'accept-language': language },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const save = (who: Person, payload: unknown, language = 'en') => call(who, 'POST', '/api/saved-searches', payload, language);
const list = async (who: Person) => (await call(who, 'GET', '/api/saved-searches')).json();

beforeAll(async () => {
  app = await buildTestApp();
  seller = await createUser(app);
  const [flat, cities, regions] = await Promise.all([
    app.services.catalog.flatten('en'),
    app.services.geo.listCities('en'),
    app.services.geo.listRegions('en'),
  ]);
  const city = (name: string) => cities.find((c) => c.name_fi === name)!;
  ids = {
    bikes: flat.find((c) => c.slug === 'city-bikes')!.id,
    tampere: city('Tampere').id,
    helsinki: city('Helsinki').id,
    uusimaa: regions.find((r) => r.name === 'Uusimaa')!.id,
    pirkanmaa: city('Tampere').region_id,
  };
});
afterAll(() => app.close());

describe('saving, listing, editing and deleting', () => {
  it('saves a search with a name made from its filters, lists it, edits it and deletes it', async () => {
    const me = await person();
    const created = await save(me, {
      query: { name: '  sohva  ', regions: [ids.uusimaa, ids.uusimaa], price_from: 50, price_to: 200, with_images: false, cities: [] },
      alerts: 'weekly',
      channels: ['push', 'email'],
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json().data;
    expect(created.json().message).toBe('Search saved.');
    expect(saved).toMatchObject({
      name: 'sohva · Uusimaa · 50–200 €',
      query: { name: 'sohva', price_from: 50, price_to: 200, regions: [ids.uusimaa] },
      alerts: 'weekly',
      channels: ['push', 'email'],
      new_count: 0,
      new_count_capped: false,
      last_opened_at: null,
      url: `/?q=sohva&region=${ids.uusimaa}&price_from=50&price_to=200`,
    });
    expect((await list(me)).data[0].query).toEqual(saved.query);

    const listed = await list(me);
    expect(listed.meta).toEqual({ count: 1, limit: MAX_SAVED_SEARCHES });
    expect(listed.data).toEqual([saved]);

    const edited = await call(me, 'PATCH', `/api/saved-searches/${saved.id}`, { name: 'Sohvat', alerts: 'off', channels: [] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ id: saved.id, name: 'Sohvat', alerts: 'off', channels: [], query: saved.query });

    const deleted = await call(me, 'DELETE', `/api/saved-searches/${saved.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Saved search deleted.' });
    expect((await list(me)).data).toEqual([]);
    expect((await call(me, 'DELETE', `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
  });

  it('takes daily e-mail alerts when none are given', async () => {
    const me = await person();
    const created = await save(me, { query: { name: 'jopo' } });
    expect(created.json().data).toMatchObject({ name: 'jopo', alerts: 'daily', channels: ['email'] });
  });

  it('names the search in the person’s language, and a search of everything “All ads”', async () => {
    const me = await person();
    const fi = await save(me, { query: { catalogs: [ids.bikes], cities: [ids.tampere], price_to: 300, kinds: ['sell'] } }, 'fi');
    expect(fi.json().data.name).toBe('Kaupunkipyörät · Tampere · alle 300 € · Myydään');
    const everything = await save(me, { query: {} });
    expect(everything.json().data.name).toBe('All ads');
    expect(everything.json().data.url).toBe('/');
  });

  it('renames a search with a made name when its filters change, and keeps a name the person chose', async () => {
    const me = await person();
    const made = (await save(me, { query: { name: 'sohva' } })).json().data;
    const changed = await call(me, 'PATCH', `/api/saved-searches/${made.id}`, { query: { name: 'nojatuoli', price_to: 100 } });
    expect(changed.json().data).toMatchObject({ name: 'nojatuoli · up to 100 €', query: { name: 'nojatuoli', price_to: 100 } });

    const chosen = (await save(me, { name: 'Mökille', query: { name: 'kamiina' } })).json().data;
    const kept = await call(me, 'PATCH', `/api/saved-searches/${chosen.id}`, { query: { name: 'takka' } });
    expect(kept.json().data).toMatchObject({ name: 'Mökille', query: { name: 'takka' } });
  });

  it('answers the same search saved again with the saved one (200), not a second copy', async () => {
    const me = await person();
    const first = await save(me, { query: { regions: [ids.uusimaa], name: 'sohva' } });
    const again = await save(me, { name: 'Another name', query: { name: ' sohva', regions: [ids.uusimaa], cities: [] }, alerts: 'off' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('You have already saved this search.');
    expect(again.json().data).toEqual(first.json().data);
    expect((await list(me)).data).toHaveLength(1);

    const other = (await save(me, { query: { name: 'nojatuoli' } })).json().data;
    const clash = await call(me, 'PATCH', `/api/saved-searches/${other.id}`, { query: { name: 'sohva', regions: [ids.uusimaa] } });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.query).toEqual([`You have already saved this search: ${first.json().data.name}.`]);
  });

  it('takes the contract’s names, kind and with_pictures, as the listing’s kinds and with_images', async () => {
    const me = await person();
    const saved = await save(me, {
      query: { name: 'sohva', kind: 'give', with_pictures: true },
      alerts: 'instant',
      channels: ['email', 'push'],
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data).toMatchObject({
      query: { name: 'sohva', kinds: ['give'], with_images: true },
      alerts: 'instant',
      channels: ['email', 'push'],
    });
    // The same search in the listing's own names is the same search.
    expect((await save(me, { query: { name: 'sohva', kinds: ['give'], with_images: true } })).statusCode).toBe(200);
    const many = await save(me, { query: { kind: ['sell', 'rent', 'sell'] } });
    expect(many.json().data.query).toEqual({ kinds: ['rent', 'sell'] });
  });
});

describe('who may', () => {
  it('refuses a visitor with 401', async () => {
    expect((await call(null, 'GET', '/api/saved-searches')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/saved-searches', { query: {} })).statusCode).toBe(401);
  });

  it('shows and changes only one’s own searches: another person’s id is 404', async () => {
    const owner = await person();
    const other = await person();
    const mine = (await save(owner, { query: { name: 'kajakki' } })).json().data;
    expect((await list(other)).data).toEqual([]);
    for (const [method, url, payload] of [
      ['PATCH', `/api/saved-searches/${mine.id}`, { name: 'Minun' }],
      ['DELETE', `/api/saved-searches/${mine.id}`, undefined],
      ['POST', `/api/saved-searches/${mine.id}/opened`, undefined],
    ] as const) {
      const res = await call(other, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await list(owner)).data).toEqual([mine]);
  });
});

describe('the limit', () => {
  it(`keeps exactly ${MAX_SAVED_SEARCHES} of a parallel burst of 60 saves, and tells the rest why`, async () => {
    const me = await person();
    const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => save(me, { query: { name: `haku${i}` }, alerts: 'off' })));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_SAVED_SEARCHES);
    const refused = replies.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(60 - MAX_SAVED_SEARCHES);
    expect(refused[0]!.json().errors.query).toEqual(['You can keep up to 50 saved searches. Delete one to save a new one.']);
    expect((await list(me)).meta.count).toBe(MAX_SAVED_SEARCHES);

    const fi = await save(me, { query: { name: 'vielä yksi' } }, 'fi');
    expect(fi.json().errors.query).toEqual(['Voit pitää enintään 50 tallennettua hakua. Poista yksi tallentaaksesi uuden.']);
  });
});

describe('bad input is a 422 on its field', () => {
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['an unknown filter key', () => ({ query: { name: 'sohva', colour: 'red' } }), 'query.colour'],
    ['the page of a listing', () => ({ query: { page: 2 } }), 'query.page'],
    ['a price range the wrong way round', () => ({ query: { price_from: 200, price_to: 50 } }), 'query.price_to'],
    ['a negative price', () => ({ query: { price_from: -1 } }), 'query.price_from'],
    ['a 10,000-character text', () => ({ query: { name: 'a'.repeat(10_000) } }), 'query.name'],
    ['an unknown catalog', () => ({ query: { catalogs: [ids.bikes, 999_999] } }), 'query.catalogs'],
    ['an unknown region', () => ({ query: { regions: [999_999] } }), 'query.regions'],
    ['an unknown city', () => ({ query: { cities: [999_999] } }), 'query.cities'],
    ['an unknown kind', () => ({ query: { kinds: ['swap'] } }), 'query.kinds'],
    ['an unknown kind in the contract’s name', () => ({ query: { kind: 'swap' } }), 'query.kind'],
    [
      'with_pictures and with_images saying otherwise',
      () => ({ query: { with_pictures: true, with_images: false } }),
      'query.with_pictures',
    ],
    ['an unknown alert frequency', () => ({ query: {}, alerts: 'hourly' }), 'alerts'],
    ['an unknown channel', () => ({ query: {}, channels: ['sms'] }), 'channels'],
    ['a channel twice', () => ({ query: {}, channels: ['email', 'email'] }), 'channels'],
    ['a name over 120 characters', () => ({ query: {}, name: 'n'.repeat(121) }), 'name'],
    ['a name with a control character', () => ({ query: {}, name: 'Sohva\u0007' }), 'name'],
    ['no query at all', () => ({ name: 'Sohva' }), 'query'],
    ['an unknown body key', () => ({ query: {}, colour: 'red' }), 'colour'],
  ];
  it.each(cases)('%s', async (_, body, field) => {
    const me = await person();
    const res = await save(me, body());
    expect(res.statusCode).toBe(422);
    const fields = Object.keys(res.json().errors);
    expect(
      fields.some((f) => f === field || f.startsWith(`${field}.`)),
      fields.join(),
    ).toBe(true);
    expect((await list(me)).data).toEqual([]);
  });

  it('checks a changed query as strictly', async () => {
    const me = await person();
    const saved = (await save(me, { query: { name: 'sohva' } })).json().data;
    const res = await call(me, 'PATCH', `/api/saved-searches/${saved.id}`, { query: { price_from: 9, price_to: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['query.price_to']).toEqual(['“Price from” is higher than “price to”.']);
  });
});

describe('new ads', () => {
  it('counts a newer matching ad, not an older or a non-matching one, until the search is opened', async () => {
    const me = await person();
    await createAd(app, {
      userId: seller.id,
      name: 'Vanha kaupunkipyörä',
      catalog: 'city-bikes',
      city: '837',
      createdAt: new Date(Date.now() - 60_000),
    });
    const saved = (await save(me, { query: { catalogs: [ids.bikes], cities: [ids.tampere] } })).json().data;
    await createAd(app, { userId: seller.id, name: 'Uusi kaupunkipyörä', catalog: 'city-bikes', city: '837' });
    await createAd(app, { userId: seller.id, name: 'Helsingin pyörä', catalog: 'city-bikes', city: '091' });
    await createAd(app, { userId: seller.id, name: 'Tampereen auto', catalog: 'cars', city: '837' });
    await createAd(app, { userId: seller.id, name: 'Myyty pyörä', catalog: 'city-bikes', city: '837', status: 'sold' });
    expect((await list(me)).data[0]).toMatchObject({ id: saved.id, new_count: 1, new_count_capped: false });

    const opened = await call(me, 'POST', `/api/saved-searches/${saved.id}/opened`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.last_opened_at).not.toBeNull();
    expect((await list(me)).data[0]).toMatchObject({ new_count: 0 });
    await createAd(app, { userId: seller.id, name: 'Toinen kaupunkipyörä', catalog: 'city-bikes', city: '837' });
    expect((await list(me)).data[0]).toMatchObject({ new_count: 1 });
  });

  it('counts by the words of the search as the listing matches them', async () => {
    const me = await person();
    const saved = (await save(me, { query: { name: 'Tunturisuksi' } })).json().data;
    await createAd(app, { userId: seller.id, name: 'Tunturisuksi 190 cm', catalog: 'city-bikes' });
    await createAd(app, { userId: seller.id, name: 'Lumilauta', catalog: 'city-bikes' });
    expect((await list(me)).data.find((s: { id: number }) => s.id === saved.id)).toMatchObject({ new_count: 1 });
  });
});
