import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { testVite } from '../../test/vite.ts';

// The ad page and the seller page as the server renders them (through Vite's module graph, no build needed).
let app: FastifyInstance;
let seller: Awaited<ReturnType<typeof createUser>>;
let bike: Awaited<ReturnType<typeof createAd>>;

/** A person's browser, as far as the robot check can tell. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
/** The rendered text without React's comment markers between adjacent text parts. */
const text = (html: string) => html.replace(/<!-- -->/g, '');
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://kauppis.fi' }, { web: { mode: 'development', vite: await testVite() } });
  seller = await createUser(app, { name: 'Pyörä-Pekka' });
  bike = await createAd(app, { userId: seller.id, name: 'Lasten pyörä 16 tuumaa', catalog: 'childrens-bikes', city: '091' });
  await createAd(app, { userId: seller.id, name: 'Kypärä lapselle', catalog: 'cycling-gear', city: '091' });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('the ad page', () => {
  it('shows the ad’s number and its views, counts a person’s visit but not a robot’s, and links to the seller’s page', async () => {
    await app.inject({ url: `/${bike.uuid}`, headers: { 'user-agent': BROWSER }, remoteAddress: '10.9.0.1' });
    await app.inject({
      url: `/${bike.uuid}`,
      headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
      remoteAddress: '10.9.0.2',
    });
    await app.services.products.views.flush();
    const res = await app.inject({ url: `/${bike.uuid}?lang=en`, headers: { 'user-agent': 'Googlebot/2.1' } });
    expect(res.statusCode).toBe(200);
    expect(text(res.body)).toContain(`Ad number ${bike.id}`);
    expect(text(res.body)).toContain('Views: 1');
    expect(res.body).toContain(`href="/seller/${seller.id}"`);
    expect(res.body).not.toContain('Edit');
  });

  it('gives its owner the edit link (the status menu and delete load in the browser)', async () => {
    const owner = await loginAs(app, seller);
    const res = await app.inject({ url: `/${bike.uuid}?lang=en`, headers: owner.headers });
    expect(res.body).toContain(`href="/my-showcase/edit/${bike.uuid}"`);
    expect(text(res.body)).toContain('This is your ad');
  });
});

describe('/seller/{id}', () => {
  it('renders the seller’s name, member since and active ads on the server, with title and canonical', async () => {
    const res = await app.inject({ url: `/seller/${seller.id}?lang=en` });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe('Pyörä-Pekka – ads by this seller | Kauppis');
    expect(res.body).toContain(`<link rel="canonical" href="https://kauppis.fi/seller/${seller.id}?lang=en"/>`);
    expect(res.body).not.toContain('noindex');
    expect(text(res.body)).toContain('Member since');
    expect(text(res.body)).toContain('Active ads: 2');
    expect(res.body).toContain('Lasten pyörä 16 tuumaa');
    expect(res.body).toContain('Kypärä lapselle');
    expect(res.body).not.toContain(seller.email);
  });

  it('is noindex when the seller has nothing for sale, and NotFound for someone who never sold', async () => {
    const retired = await createUser(app, { name: 'Kaikki Myyty' });
    await createAd(app, { userId: retired.id, name: 'Myyty sohva', status: 'sold' });
    const empty = await app.inject({ url: `/seller/${retired.id}` });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('<meta name="robots" content="noindex"/>');
    const buyer = await createUser(app);
    expect((await app.inject({ url: `/seller/${buyer.id}` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/seller/not-a-number' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/seller/99999999999999' })).statusCode).toBe(404);
  });
});
