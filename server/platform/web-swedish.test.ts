import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { testVite } from '../test/vite.ts';

// Swedish pages rendered on the server (issue 27), through Vite's module graph as web.test.ts does.
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({}, { web: { mode: 'development', vite: await testVite() } });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('pages in Swedish', () => {
  it('renders the front page in Swedish for a browser that asks for it: lang, greeting, Swedish categories', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-language': 'sv-FI,sv;q=0.9,en;q=0.5' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="sv"');
    expect(res.body).toMatch(/God (morgon|dag|kväll)/);
    expect(res.body).toContain('Fordon');
    expect(res.body).not.toContain('>Ajoneuvot<');
    expect(res.body).toContain('<meta property="og:locale" content="sv_FI"/>');
  }, 60_000);

  it('keeps the stored choice (the language cookie) over the browser, and ?lang=sv over both', async () => {
    const stored = await app.inject({ url: '/', headers: { cookie: 'lang=sv', 'accept-language': 'fi' } });
    expect(stored.body).toContain('<html lang="sv"');
    const explicit = await app.inject({ url: '/?lang=sv', headers: { cookie: 'lang=ru' } });
    expect(explicit.body).toContain('<html lang="sv"');
  }, 60_000);

  it('lists sv among the hreflang alternates of a page and of the sitemap', async () => {
    const res = await app.inject({ url: '/about' });
    expect(res.body).toContain('hrefLang="sv" href="http://localhost:3000/about?lang=sv"');
    const sitemap = await app.inject({ url: '/sitemaps/pages.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('hreflang="sv"');
  }, 60_000);

  it('shows an info page in Swedish with its Swedish title', async () => {
    const res = await app.inject({ url: '/info/terms-of-use?lang=sv' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Användarvillkor');
    expect(res.body).toContain('finsk lag');
  }, 60_000);
});
