import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { testVite } from '../../test/vite.ts';

// The settings form's business section, the ad page and the seller page as the server renders them
// (through Vite's module graph); forms posted as a browser without JavaScript posts them.
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://kauppis.fi' }, { web: { mode: 'development', vite: await testVite() } });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const sameSite = { origin: 'http://localhost:3000', host: 'localhost:3000' };
/** The rendered text without React's comment markers between adjacent text parts. */
const text = (html: string) => html.replace(/<!-- -->/g, '');
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as { offers: { seller: object } };

function postProfile(token: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/settings/profile',
    headers: { ...sameSite, 'content-type': 'application/x-www-form-urlencoded', cookie: `session=${token}; lang=en` },
    payload: new URLSearchParams({ name: 'Maija', ...fields }).toString(),
  });
}

describe('the profile form’s business section', () => {
  it('refuses a wrong check digit under its field, keeps what was typed, then saves a right one', async () => {
    const user = await createUser(app);
    const { token, headers } = await loginAs(app, user);
    const page = await app.inject({ url: '/settings/profile', headers: { cookie: `session=${token}; lang=en` } });
    expect(text(page.body)).toContain('I sell as a business');
    expect(page.body).toContain('name="business_id"');

    const bad = await postProfile(token, { trader: 'on', company_name: 'Kirppis Oy', business_id: '0112038-8' });
    expect(bad.statusCode).toBe(422);
    expect(text(bad.body)).toContain('The check digit of the business ID does not match. Please check the ID.');
    expect(bad.body).toContain('value="0112038-8"');
    expect((await app.inject({ url: '/api/user', headers })).json().data.trader).toBe(false);

    const ok = await postProfile(token, {
      trader: 'on',
      company_name: 'Kirppis Oy',
      business_id: '0112038-9',
      company_address: 'Hämeenkatu 1, Tampere',
      company_email: 'myynti@kirppis.fi',
      company_phone: '040 123 4567',
    });
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers })).json().data).toMatchObject({
      trader: true,
      company_name: 'Kirppis Oy',
      business_id: '0112038-9',
      company_email: 'myynti@kirppis.fi',
    });

    // Unticked (a checkbox not sent) with the hidden fields still holding text: the details go.
    const off = await postProfile(token, { company_name: 'Kirppis Oy', business_id: '0112038-9', company_email: 'puolikas@' });
    expect(off.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers })).json().data).toMatchObject({ trader: false, company_name: null });
  }, 120_000);
});

describe('a business seller’s ad and page', () => {
  it('shows "Yritys" with the details, the consumer-law note and an Organization in the JSON-LD', async () => {
    const seller = await createUser(app, { name: 'Pekka' });
    const ad = await createAd(app, { userId: seller.id, name: 'Kunnostettu polkupyörä' });
    await app.services.users.repo.update(seller.id, {
      trader: true,
      companyName: 'Pyöräpaja Oy',
      businessId: '0112038-9',
      companyAddress: 'Hämeenkatu 1, 33100 Tampere',
      companyEmail: 'myynti@pyorapaja.fi',
      companyPhone: '0401234567',
    });

    const res = await app.inject({ url: `/${ad.uuid}` });
    expect(res.statusCode).toBe(200);
    const body = text(res.body);
    for (const shown of [
      'Yritys',
      'Pyöräpaja Oy',
      'Y-tunnus 0112038-9',
      'Hämeenkatu 1, 33100 Tampere',
      'myynti@pyorapaja.fi',
      '0401234567',
    ])
      expect(body).toContain(shown);
    expect(body).toContain('14 päivän peruuttamisoikeus');
    expect(jsonLd(res.body).offers.seller).toEqual({
      '@type': 'Organization',
      name: 'Pyöräpaja Oy',
      taxID: '0112038-9',
      url: `https://kauppis.fi/seller/${seller.id}`,
      address: 'Hämeenkatu 1, 33100 Tampere',
      email: 'myynti@pyorapaja.fi',
      telephone: '0401234567',
    });

    const page = text((await app.inject({ url: `/seller/${seller.id}` })).body);
    expect(page).toContain('Pyöräpaja Oy');
    expect(page).toContain('Y-tunnus 0112038-9');
  }, 120_000);

  it('tells a private seller’s buyer that consumer protection law does not apply, and names a Person', async () => {
    const seller = await createUser(app, { name: 'Liisa' });
    const ad = await createAd(app, { userId: seller.id, name: 'Vanha nojatuoli' });
    const res = await app.inject({ url: `/${ad.uuid}?lang=en` });
    const body = text(res.body);
    expect(body).toContain('Consumer protection law does not apply to sales between private persons');
    expect(body).not.toContain('Business ID');
    expect(jsonLd(res.body).offers.seller).toEqual({ '@type': 'Person', name: 'Liisa', url: `https://kauppis.fi/seller/${seller.id}` });
  });
});
