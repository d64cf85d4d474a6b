import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infoPages } from '../../db/schema/info-pages.ts';
import { createUser } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
let active: { uuid: string };
let hidden: { uuid: string };

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://kauppis.fi' });
  const seller = await createUser(app);
  active = await createAd(app, { userId: seller.id, name: 'Näkyvä ilmoitus' });
  hidden = await createAd(app, { userId: seller.id, name: 'Tarkastuksessa', status: 'moderate' });
  // One info page with a text; the others have none (whatever the seed wrote).
  await app.services.database.db.delete(infoPages);
  await app.services.database.db.insert(infoPages).values({
    slug: 'privacy-policy',
    locale: 'en',
    title: 'Privacy',
    bodyHtml: '<p>Privacy.</p>',
    updatedAt: new Date('2026-11-20T10:00:00Z'),
  });
});
afterAll(() => app.close());

describe('robots.txt', () => {
  it('keeps crawlers out of the API, admin and account screens and names the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    for (const path of ['/api/', '/admin', '/settings']) expect(res.body).toContain(`Disallow: ${path}`);
    expect(res.body).toContain('Sitemap: https://kauppis.fi/sitemap.xml');
  });
});

describe('sitemaps', () => {
  it('has an index that points at pages, catalogs and ad files', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<sitemapindex');
    for (const name of ['pages', 'catalogs', 'ads-1']) expect(res.body).toContain(`https://kauppis.fi/sitemaps/${name}.xml`);
  });

  it('lists active ads with language alternates, and not ads under review', async () => {
    const res = await app.inject({ url: '/sitemaps/ads-1.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<loc>https://kauppis.fi/${active.uuid}</loc>`);
    expect(res.body).toContain(`hreflang="en" href="https://kauppis.fi/${active.uuid}?lang=en"`);
    expect(res.body).not.toContain(hidden.uuid);
  });

  it('lists every catalog page and the public pages', async () => {
    const catalogs = await app.inject({ url: '/sitemaps/catalogs.xml' });
    expect(catalogs.body).toContain('https://kauppis.fi/catalogs/transport/bicycles</loc>');
    const pages = await app.inject({ url: '/sitemaps/pages.xml' });
    expect(pages.body).toContain('https://kauppis.fi/about</loc>');
  });

  it('lists an info page only once it has a text, with when it changed, and /terms under its one address', async () => {
    const pages = (await app.inject({ url: '/sitemaps/pages.xml' })).body;
    expect(pages).toContain('<loc>https://kauppis.fi/info/privacy-policy</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod>');
    expect(pages).not.toContain('/info/contacts');
    expect(pages).not.toContain('https://kauppis.fi/terms<');
  });

  it('answers files that are not in the index with 404', async () => {
    for (const name of ['ads-0', 'ads-999', 'nope', '..%2Fetc'])
      expect((await app.inject({ url: `/sitemaps/${name}.xml` })).statusCode).toBe(404);
  });
});
