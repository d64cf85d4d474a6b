import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { distanceKm } from '../../../common/place.ts';

/** POST /api/products near a postal code, a town or a position, within a radius; distances on cards. */
let app: FastifyInstance;
let town: (name: string) => { id: number; region_id: number; lat: number; lon: number };

const search = (body: Record<string, unknown>, lang = 'fi') =>
  app.inject({ method: 'POST', url: '/api/products', payload: body, headers: { 'accept-language': lang } });
async function cards(body: Record<string, unknown>) {
  const res = await search(body);
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return res.json().data as { name: string; status: string; distance_km?: number }[];
}
const names = async (body: Record<string, unknown>) => (await cards(body)).map((ad) => ad.name).sort();

beforeAll(async () => {
  app = await buildTestApp();
  const seller = await createUser(app);
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  const ads: [string, string, number, ('active' | 'reserved' | 'sold')?][] = [
    ['Sohva Helsinki', '091', 5],
    ['Sohva Espoo', '049', 1],
    ['Sohva Vantaa', '092', 2],
    ['Sohva Kauniainen varattu', '235', 3, 'reserved'],
    ['Sohva Tampere', '837', 4],
    ['Sohva Helsinki myyty', '091', 6, 'sold'],
  ];
  for (const [name, city, hours, status] of ads) {
    await createAd(app, { userId: seller.id, name, city, catalog: 'sofas-and-armchairs', createdAt: hoursAgo(hours), status });
  }
  const cities = await app.services.geo.listCities('fi');
  town = (name) => cities.find((c) => c.name_fi === name)!;
});
afterAll(() => app.close());

describe('POST /api/products: near and radius', () => {
  it('finds Espoo, Vantaa and Kauniainen ads within 25 km of 00100 (reserved too), not Tampere', async () => {
    expect(await names({ near: { postal_code: '00100' }, radius_km: 25 })).toEqual([
      'Sohva Espoo',
      'Sohva Helsinki',
      'Sohva Kauniainen varattu',
      'Sohva Vantaa',
    ]);
    // Without a radius: 25 km.
    expect(await names({ near: { postal_code: '00100' } })).toHaveLength(4);
    expect(await names({ near: { postal_code: '00100' }, radius_km: 5 })).toEqual(['Sohva Helsinki']);
    expect(await names({ near: { postal_code: '00100' }, radius_km: 200 })).toContain('Sohva Tampere');
  });

  it('gives each card its town’s distance in whole km, 0 in the origin’s town, and sorts by it', async () => {
    const found = await cards({ near: { postal_code: '00100' }, sort: 'distance_asc' });
    expect(found.map((ad) => ad.name)).toEqual(['Sohva Helsinki', 'Sohva Kauniainen varattu', 'Sohva Vantaa', 'Sohva Espoo']);
    const helsinki = town('Helsinki');
    expect(found.map((ad) => ad.distance_km)).toEqual([
      0,
      Math.round(distanceKm(helsinki, town('Kauniainen'))),
      Math.round(distanceKm(helsinki, town('Vantaa'))),
      Math.round(distanceKm(helsinki, town('Espoo'))),
    ]);
    expect(found[1]!.status).toBe('reserved');
    // Without near no distance.
    expect((await cards({})).every((ad) => ad.distance_km === undefined)).toBe(true);
  });

  it('measures from a town or a position as from a postal code', async () => {
    expect(await names({ near: { city_id: town('Tampere').id }, radius_km: 10 })).toEqual(['Sohva Tampere']);
    const nearTampere = await cards({ near: { lat: 61.45, lon: 23.85 }, radius_km: 10 });
    expect(nearTampere.map((ad) => ad.name)).toEqual(['Sohva Tampere']);
    expect(nearTampere[0]!.distance_km).toBe(0);
  });

  it('keeps only the towns the city and region filters name too', async () => {
    expect(await names({ near: { postal_code: '00100' }, cities: [town('Espoo').id] })).toEqual(['Sohva Espoo']);
    expect(await names({ near: { postal_code: '00100' }, cities: [town('Tampere').id] })).toEqual([]);
    expect(await names({ near: { postal_code: '00100' }, regions: [town('Tampere').region_id] })).toEqual([]);
    expect(await names({ near: { postal_code: '00100' }, regions: [town('Espoo').region_id], radius_km: 200 })).toHaveLength(4);
  });

  it('combines near with words', async () => {
    expect(await names({ name: 'sohva', near: { postal_code: '00100' }, radius_km: 10 })).toEqual(['Sohva Helsinki']);
    const found = await cards({ name: 'sohva', near: { postal_code: '00100' }, sort: 'distance_asc' });
    expect(found.map((ad) => ad.name)).toEqual(['Sohva Helsinki', 'Sohva Kauniainen varattu', 'Sohva Vantaa', 'Sohva Espoo']);
  });

  it('refuses a bad origin, radius or distance sort, each under its field, translated', async () => {
    const problems = async (body: Record<string, unknown>) => {
      const res = await search(body, 'en');
      expect(res.statusCode, JSON.stringify(res.json())).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      for (const messages of Object.values(errors)) for (const message of messages) expect(message).not.toMatch(/^search\./);
      return Object.keys(errors).sort();
    };
    expect(await problems({ near: { postal_code: '12345' } })).toEqual(['near.postal_code']);
    expect(await problems({ near: { postal_code: '001' } })).toEqual(['near.postal_code']);
    expect(await problems({ near: { city_id: 999_999 } })).toEqual(['near.city_id']);
    expect(await problems({ near: { lat: 52.5, lon: 13.4 } })).toEqual(['near.lat', 'near.lon']);
    expect(await problems({ near: { lat: 60.2 } })).toEqual(['near.lon']);
    expect(await problems({ near: {} })).toEqual(['near']);
    expect(await problems({ near: { postal_code: '00100', city_id: 1 } })).toEqual(['near']);
    expect(await problems({ near: { postal_code: '00100' }, radius_km: 7 })).toEqual(['radius_km']);
    expect(await problems({ radius_km: 25 })).toEqual(['radius_km']);
    expect(await problems({ sort: 'distance_asc' })).toEqual(['sort']);
  });
});
