import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('GET /api/regions', () => {
  it('lists all 19 regions, Åland among them, named in the request language', async () => {
    const fi = await app.inject({ url: '/api/regions', headers: { 'accept-language': 'fi' } });
    expect(fi.statusCode).toBe(200);
    const regions = fi.json().data as { code: string; name: string }[];
    expect(regions).toHaveLength(19);
    expect(regions.find((r) => r.code === '21')?.name).toBe('Ahvenanmaa');
    expect(regions.find((r) => r.code === '02')?.name).toBe('Varsinais-Suomi');

    const en = (await app.inject({ url: '/api/regions', headers: { 'accept-language': 'en' } })).json().data;
    expect(en.find((r: { code: string }) => r.code === '02').name).toBe('Southwest Finland');

    const ru = (await app.inject({ url: '/api/regions', headers: { 'accept-language': 'ru-RU,ru;q=0.9' } })).json().data;
    expect(ru.find((r: { code: string }) => r.code === '01').name).toBe('Уусимаа');
  });

  it('answers with and without a trailing slash', async () => {
    expect((await app.inject({ url: '/api/regions/' })).statusCode).toBe(200);
  });
});

describe('GET /api/cities', () => {
  it('lists all 308 municipalities, each in an existing region, with a centre coordinate', async () => {
    const res = await app.inject({ url: '/api/cities' });
    expect(res.statusCode).toBe(200);
    const cities = res.json().data as {
      id: number;
      code: string;
      name: string;
      name_sv: string;
      region_id: number;
      lat: number;
      lon: number;
    }[];
    expect(cities).toHaveLength(308);
    const regionIds = new Set(((await app.inject({ url: '/api/regions' })).json().data as { id: number }[]).map((r) => r.id));
    for (const city of cities) {
      expect(regionIds.has(city.region_id)).toBe(true);
      expect(city.lat).toBeGreaterThan(59.5);
      expect(city.lat).toBeLessThan(70.1);
      expect(city.lon).toBeGreaterThan(19);
      expect(city.lon).toBeLessThan(31.6);
    }
    const helsinki = cities.find((c) => c.code === '091')!;
    expect(helsinki).toMatchObject({ name: 'Helsinki', name_sv: 'Helsingfors' });
  });

  it('sorts by the name in the request language and gives Russian names in Russian', async () => {
    const fi = (await app.inject({ url: '/api/cities', headers: { 'accept-language': 'fi' } })).json().data as { name: string }[];
    const names = fi.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fi').compare));
    // Finnish alphabet: Å, Ä and Ö come after Z.
    expect(names.indexOf('Äänekoski')).toBeGreaterThan(names.indexOf('Ylöjärvi'));

    const ru = (await app.inject({ url: '/api/cities', headers: { 'accept-language': 'ru' } })).json().data as {
      code: string;
      name: string;
    }[];
    expect(ru.find((c) => c.code === '091')?.name).toBe('Хельсинки');
  });
});
