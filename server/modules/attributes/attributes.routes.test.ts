import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicAttribute } from '../../../common/attributes.ts';
import { catalogs } from '../../db/schema/catalog.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { ATTRIBUTES_CACHE_CONTROL } from './attributes.routes.ts';
import { choiceBody, fieldBody, newCatalog, staffCalls } from './attributes-test-kit.ts';

let app: FastifyInstance;
let staff: ReturnType<typeof staffCalls>;
let headers: Record<string, string> = {};

beforeAll(async () => {
  app = await buildTestApp();
  headers = (await loginAs(app, await createUser(app, { roles: ['user', 'admin'] }))).headers;
  staff = staffCalls(app, () => headers);
});
afterAll(() => app.close());

const read = async (catalogId: number, language = 'en') => {
  const res = await app.inject({ url: `/api/catalogs/${catalogId}/attributes`, headers: { 'accept-language': language } });
  return { res, data: res.statusCode === 200 ? (res.json().data as PublicAttribute[]) : [] };
};

describe('GET /api/catalogs/{id}/attributes', () => {
  it("answers the catalog's ancestors' fields first, then its own, in position order, in the reader's language", async () => {
    const top = await newCatalog(app);
    const middle = await newCatalog(app, top);
    const leaf = await newCatalog(app, middle);
    await staff.add(top, choiceBody('kind_top', ['a', 'b'], { filter: true, card: 1 }));
    await staff.add(middle, fieldBody('weight', { unit: 'kg', min: 0, max: 500, decimals: 1 }));
    const second = await staff.add(leaf, fieldBody('second'));
    const first = await staff.add(leaf, fieldBody('first', { type: 'boolean' }));
    const order = await staff.call('POST', `/admin/catalogs/${leaf}/attributes/order`, { ids: [first.id, second.id] });
    expect(order.statusCode, order.body).toBe(200);

    const { res, data } = await read(leaf);
    expect(res.statusCode).toBe(200);
    expect(data.map((d) => d.key)).toEqual(['kind_top', 'weight', 'first', 'second']);
    expect(data[0]).toEqual({
      key: 'kind_top',
      type: 'choice',
      label: 'In English kind_top',
      decimals: 0,
      options: [
        { value: 'a', label: 'a en' },
        { value: 'b', label: 'b en' },
      ],
      required: false,
      filter: true,
      card: 1,
    });
    expect(data[1]).toMatchObject({ key: 'weight', unit: 'kg', min: 0, max: 500, decimals: 1 });
    expect(data[1]).not.toHaveProperty('options');

    expect((await read(leaf, 'fi')).data[0]!.label).toBe('Suomeksi kind_top');
    expect((await read(leaf, 'ru')).data[0]!.options![1]!.label).toBe('b ru');
    // The parent sees its own and its ancestors' fields, never its children's.
    expect((await read(middle)).data.map((d) => d.key)).toEqual(['kind_top', 'weight']);
  });

  it('leaves retired fields out, and has them again once restored', async () => {
    const catalog = await newCatalog(app);
    const kept = await staff.add(catalog, fieldBody('kept'));
    const retired = await staff.add(catalog, fieldBody('gone'));
    expect((await staff.call('POST', `/admin/attributes/${retired.id}/retire`)).statusCode).toBe(200);
    expect((await read(catalog)).data.map((d) => d.key)).toEqual(['kept']);
    expect((await staff.call('POST', `/admin/attributes/${retired.id}/restore`)).statusCode).toBe(200);
    expect((await read(catalog)).data.map((d) => d.key)).toEqual([kept.key, 'gone']);
  });

  it('is 404 for an unknown catalog, a hidden one and one below a hidden one; an empty list for a catalog without fields', async () => {
    expect((await read(99_999_999)).res.statusCode).toBe(404);
    const hidden = await newCatalog(app, null, true);
    await staff.add(hidden, fieldBody('secret'));
    const below = await newCatalog(app, hidden);
    expect((await read(hidden)).res.statusCode).toBe(404);
    expect((await read(below)).res.statusCode).toBe(404);
    const empty = await newCatalog(app);
    expect((await read(empty)).data).toEqual([]);
    expect((await app.inject({ url: '/api/catalogs/abc/attributes' })).statusCode).toBe(422);
  });

  it('may be cached for a minute, per language; the catalog paths still answer beside it', async () => {
    const [cars] = await app.services.database.db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.slug, 'cars'));
    const res = await app.inject({ url: `/api/catalogs/${cars!.id}/attributes` });
    expect(res.headers['cache-control']).toBe(ATTRIBUTES_CACHE_CONTROL);
    expect(String(res.headers.vary)).toMatch(/accept-language/i);
    expect((await app.inject({ url: '/api/catalogs/transport/cars' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/catalogs/transport/cars/passenger-cars' })).statusCode).toBe(200);
  });

  it('has the seeded fields: a passenger car inherits make, year and mileage from cars, in Finnish', async () => {
    const [passenger] = await app.services.database.db
      .select({ id: catalogs.id })
      .from(catalogs)
      .where(eq(catalogs.slug, 'passenger-cars'));
    const { data } = await read(passenger!.id, 'fi');
    const byKey = new Map(data.map((d) => [d.key, d]));
    expect(byKey.get('make')).toMatchObject({ type: 'choice', label: 'Merkki', filter: true });
    expect(byKey.get('make')!.options!.map((o) => o.value)).toEqual(expect.arrayContaining(['toyota', 'skoda', 'volvo', 'other']));
    expect(byKey.get('year')).toMatchObject({ type: 'number', label: 'Vuosimalli', min: 1900, card: 1 });
    expect(byKey.get('mileage_km')).toMatchObject({ label: 'Mittarilukema', unit: 'km', min: 0, max: 2_000_000, card: 2 });
    expect(byKey.get('fuel')!.options!.map((o) => o.value)).toEqual(['petrol', 'diesel', 'hybrid', 'plug_in_hybrid', 'electric', 'gas']);
  });
});
