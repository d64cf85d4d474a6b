import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { testVite } from '../../test/vite.ts';

// The ended ad's page as the server renders it (issue 27): 410 for visitors, the whole page for its owner.
let app: FastifyInstance;
let seller: Awaited<ReturnType<typeof createUser>>;
let ended: Awaited<ReturnType<typeof createAd>>;
const text = (html: string) => html.replace(/<!-- -->/g, '');

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://kauppis.fi' }, { web: { mode: 'development', vite: await testVite() } });
  seller = await createUser(app, { name: 'Päättynyt Pirjo' });
  ended = await createAd(app, { userId: seller.id, name: 'Vanha kirjahylly', catalog: 'cycling-gear', city: '091' });
  await app.services.database.db
    .update(products)
    .set({ expiresAt: new Date(Date.now() - 5 * 86_400_000) })
    .where(eq(products.id, ended.id));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('an ended ad’s page', () => {
  it('answers a visitor 410 with a page that says the ad has ended, kept out of search engines', async () => {
    const res = await app.inject({ url: `/${ended.uuid}?lang=en` });
    expect(res.statusCode).toBe(410);
    expect(text(res.body)).toContain('This ad has ended');
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    expect(res.body).not.toContain('Vanha kirjahylly');
  }, 120_000);

  it('shows its owner the whole ad, that it ended, and the renew button', async () => {
    const owner = await loginAs(app, seller);
    const res = await app.inject({ url: `/${ended.uuid}?lang=en`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Vanha kirjahylly');
    expect(text(res.body)).toMatch(/Ended on [^<]+, not shown in search/);
    expect(res.body).toMatch(/<button[^>]*id="renew"/);
  });
});
