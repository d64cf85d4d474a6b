import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { car, defineCarFields } from '../products/field-search.fixtures.ts';

/** Saved searches with issue 26's filters: category fields, near and radius, checked and counted as the listing does. */
let app: FastifyInstance;
let headers: Record<string, string>;
let sellerId: number;
let cars: number;

const save = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/saved-searches', headers: { ...headers, 'accept-language': 'en' }, payload: payload as object });
const list = async () =>
  (await app.inject({ method: 'GET', url: '/api/saved-searches', headers })).json().data as { id: number; new_count: number }[];

beforeAll(async () => {
  app = await buildTestApp();
  await defineCarFields(app);
  sellerId = (await createUser(app)).id;
  const me = await createUser(app);
  headers = (await loginAs(app, me)).headers;
  cars = (await app.services.catalog.flatten('fi')).find((c) => c.slug === 'cars')!.id;
});
afterAll(() => app.close());

describe('saved searches with category fields and near', () => {
  it('stores the filters in one form and counts only the new ads they and the place leave', async () => {
    const created = await save({
      query: {
        catalogs: [cars],
        attributes: { year: { min: 2015, max: '' }, fuel: ['plugin_hybrid', 'hybrid', 'hybrid'], make: [] },
        near: { postal_code: '00100' },
        radius_km: 25,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json().data;
    expect(saved.name).toMatch(/ · 00100, within 25 km$/u);
    expect(saved.query).toEqual({
      attributes: { fuel: ['hybrid', 'plugin_hybrid'], year: { min: 2015 } },
      catalogs: [cars],
      near: { postal_code: '00100' },
      radius_km: 25,
    });
    await car(app, sellerId, 'Uusi hybridi Espoossa', '049', { year: 2019, fuel: 'hybrid' });
    await car(app, sellerId, 'Varattu hybridi Vantaalla', '092', { year: 2020, fuel: 'plugin_hybrid' }, { status: 'reserved' });
    await car(app, sellerId, 'Vanha hybridi', '091', { year: 2010, fuel: 'hybrid' });
    await car(app, sellerId, 'Diesel Helsingissä', '091', { year: 2019, fuel: 'diesel' });
    await car(app, sellerId, 'Hybridi Tampereella', '837', { year: 2019, fuel: 'hybrid' });
    expect((await list()).find((s) => s.id === saved.id)).toMatchObject({ new_count: 2 });
  });

  it('refuses the filters the listing refuses, each under query.<field>', async () => {
    const res = await save({
      query: { catalogs: [cars], attributes: { year: { min: 3024 }, wheels: ['4'] }, near: { postal_code: '12345' }, radius_km: 7 },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'query.attributes.wheels',
      'query.attributes.year',
      'query.near.postal_code',
      'query.radius_km',
    ]);
    const noCatalog = await save({ query: { attributes: { fuel: ['hybrid'] } } });
    expect(Object.keys(noCatalog.json().errors)).toEqual(['query.attributes.fuel']);
  });
});
