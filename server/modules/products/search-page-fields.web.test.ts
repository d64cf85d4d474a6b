import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { testVite } from '../../test/vite.ts';
import { car, defineCarFields } from './field-search.fixtures.ts';

// The catalog page's filter sheet with the category's fields and the place (issue 26, web), as the
// server renders it (through Vite's module graph, no build needed): what works before scripts load.
let app: FastifyInstance;

/** The rendered text without React's comment markers between adjacent text parts. */
const text = (html: string) => html.replace(/<!-- -->/g, '');
const CARS = '/catalogs/transport/cars';
const page = async (search: string) => {
  const res = await app.inject({ url: `${CARS}${search}` });
  expect(res.statusCode).toBe(200);
  return text(res.body);
};
/** The result cards' titles, in order. */
const titles = (html: string) => [...html.matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a><\/h3>/g)].map((m) => m[1]);

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://kauppis.fi' }, { web: { mode: 'development', vite: await testVite() } });
  await defineCarFields(app);
  const seller = await createUser(app, { name: 'Auto-Antti' });
  await car(app, seller.id, 'Toyota Auris hybridi', '091', { make: 'toyota', year: 2015, mileage_km: 180_000, fuel: 'hybrid' });
  await car(
    app,
    seller.id,
    'Volvo V60 hybridi',
    '049',
    { make: 'volvo', year: 2016, mileage_km: 120_000, fuel: 'hybrid' },
    { status: 'reserved' },
  );
  await car(app, seller.id, 'Volkswagen Golf diesel', '091', { make: 'volkswagen', year: 2008, mileage_km: 260_000, fuel: 'diesel' });
  await car(app, seller.id, 'Skoda Octavia Tampereelta', '837', { make: 'skoda', year: 2017, mileage_km: 90_000, fuel: 'hybrid' });
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('the catalog page with the category’s fields and a place', () => {
  it('filters by year and fuel near a postal code: the fields ticked, counts, chips, distances and the reserved ad', async () => {
    const html = await page('?a.year.min=2010&a.fuel=hybrid&near=00100&lang=en');
    expect(titles(html).sort()).toEqual(['Toyota Auris hybridi', 'Volvo V60 hybridi']);
    // The form's fields, named as the URL names them, start from the search.
    expect(html).toMatch(/<input[^>]*name="a\.year\.min"[^>]*value="2010"/);
    expect(html).toMatch(/<input type="checkbox"[^>]*name="a\.fuel" checked="" value="hybrid"/);
    expect(html).toMatch(/<input[^>]*name="near"[^>]*value="00100"/);
    // Counts of what the other filters leave: the two hybrids, no diesel from 2010 on nearby.
    expect(html).toMatch(/>hybrid<\/span><span[^>]*>2<\/span>/);
    expect(html).toMatch(/>diesel<\/span><span[^>]*>0<\/span>/);
    // Picking hybrid still counts the diesel (each field without its own filter).
    expect(await page('?a.fuel=hybrid&near=00100&lang=en')).toMatch(/>diesel<\/span><span[^>]*>1<\/span>/);
    expect(html).toContain('year from 2010');
    expect(html).toContain('fuel: hybrid');
    expect(html).toContain('00100, within 25 km');
    expect(html).toMatch(/Helsinki · 0 km · /);
    expect(html).toMatch(/Espoo · \d+ km · /);
    expect(html).toContain('Reserved');
    // Sorts by the catalog's fields and nearest first are offered here.
    expect(html).toContain('>Newest model year first<');
    expect(html).toContain('>Nearest first<');
    // A search, not a document of its own: noindex, and the canonical stays the catalog's.
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain(`<link rel="canonical" href="https://kauppis.fi${CARS}?lang=en"/>`);
  });

  it('sorts by year and by distance', async () => {
    expect(titles(await page('?sort=year_desc&lang=en'))).toEqual([
      'Skoda Octavia Tampereelta',
      'Volvo V60 hybridi',
      'Toyota Auris hybridi',
      'Volkswagen Golf diesel',
    ]);
    const tampere = (await app.services.geo.listCities('fi')).find((c) => c.code === '837')!;
    const nearest = titles(await page(`?near_city=${tampere.id}&radius=200&sort=distance_asc&lang=en`));
    expect(nearest[0]).toBe('Skoda Octavia Tampereelta');
  });

  it('drops what a link carries wrong quietly: a year 3024, a field the catalog has not, a bad postal code or radius', async () => {
    const html = await page('?a.year.min=3024&a.colour=red&a.nope=1&a.fuel=lpg&near=001&radius=7&sort=distance_asc&lang=en');
    expect(titles(html)).toHaveLength(4);
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('data-testid="filter-chips"');
    expect(html).not.toContain('>Nearest first<');
  });

  it('tells about a postal code that does not exist, in the reader’s words', async () => {
    // 99999 is Korvatunturi's; 00000 is nobody's.
    const html = await page('?near=00000&lang=en');
    expect(html).toContain('role="alert"');
    expect(titles(html)).toEqual([]);
  });

  it('offers no field sorts where the catalog has no such fields', async () => {
    const res = await app.inject({ url: '/?lang=en' });
    expect(text(res.body)).not.toContain('>Newest model year first<');
    expect(text(res.body)).not.toContain('>Nearest first<');
  });
});
