import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { PHONE_REVEALS_PER_CLIENT } from './seller-phone.service.ts';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
let app: FastifyInstance;
let address = 0;
/** Each test asks from an address of its own: the hourly limit counts per address. */
const nextIp = () => `10.77.0.${(address += 1)}`;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function sellerWith(profile: { phone?: string | null; show_phone?: boolean }) {
  const seller = await createUser(app, { name: 'Pirjo' });
  const session = await loginAs(app, seller);
  const saved = await app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: session.headers,
    payload: { name: 'Pirjo', ...profile },
  });
  return { seller, session, saved, ad: await createAd(app, { userId: seller.id, name: 'Jopo 24"', catalog: 'city-bikes' }) };
}

const reveal = (uuid: string, ip = nextIp(), userAgent = BROWSER) =>
  app.inject({
    method: 'POST',
    url: `/api/product/${uuid}/phone`,
    remoteAddress: ip,
    headers: { 'user-agent': userAgent, 'accept-language': 'en' },
  });

describe('the seller’s phone number behind "show number"', () => {
  it('is given on a press when the seller shows it, and the ad page says so without the number in it', async () => {
    const { saved, ad } = await sellerWith({ phone: '040 123 4567', show_phone: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await app.inject({ url: `/api/product/${ad.uuid}`, headers: { 'user-agent': BROWSER } });
    expect(page.json().data.seller.phone_shown).toBe(true);
    expect(page.body).not.toContain('0401234567');
    const res = await reveal(ad.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { phone: '0401234567' } });
  });

  it('is not given when the seller does not show it, or has no number: 404 with a translated message', async () => {
    const hidden = await sellerWith({ phone: '040 765 4321', show_phone: false });
    const res = await reveal(hidden.ad.uuid);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'phone_not_shown', message: 'The seller does not show a phone number.' });
    expect((await app.inject({ url: `/api/product/${hidden.ad.uuid}` })).json().data.seller.phone_shown).toBe(false);
  });

  it('cannot be switched on without a number, and removing the number switches it off', async () => {
    const { saved, session, ad } = await sellerWith({ phone: null, show_phone: true });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().errors.show_phone).toEqual(['Lisää ensin puhelinnumero.']);
    const on = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: session.headers,
      payload: { name: 'Pirjo', phone: '0401112222', show_phone: true },
    });
    expect(on.json().user.show_phone).toBe(true);
    const off = await app.inject({ method: 'PATCH', url: '/api/profile', headers: session.headers, payload: { name: 'Pirjo', phone: '' } });
    expect(off.json().user.show_phone).toBe(false);
    expect((await reveal(ad.uuid)).statusCode).toBe(404);
  });

  it('is never given to a robot, nor without a user agent', async () => {
    const { ad } = await sellerWith({ phone: '0401234567', show_phone: true });
    expect((await reveal(ad.uuid, nextIp(), 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).statusCode).toBe(
      403,
    );
    expect((await reveal(ad.uuid, nextIp(), '')).statusCode).toBe(403);
  });

  it('is refused for an ad a visitor may not see', async () => {
    const { seller } = await sellerWith({ phone: '0401234567', show_phone: true });
    const waiting = await createAd(app, { userId: seller.id, name: 'Tarkastuksessa', catalog: 'city-bikes', status: 'moderate' });
    expect((await reveal(waiting.uuid)).statusCode).toBe(404);
    const ended = await createAd(app, { userId: seller.id, name: 'Päättynyt', catalog: 'city-bikes' });
    await app.services.database.db
      .update(products)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(products.id, ended.id));
    expect((await reveal(ended.uuid)).statusCode).toBe(404);
    expect((await reveal('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await reveal('not-a-uuid')).statusCode).toBe(404);
  });

  it(`gives one visitor at most ${PHONE_REVEALS_PER_CLIENT.limit} numbers an hour, then a translated 429, even in a burst`, async () => {
    const { ad } = await sellerWith({ phone: '0401234567', show_phone: true });
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: PHONE_REVEALS_PER_CLIENT.limit + 5 }, () => reveal(ad.uuid, ip)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(PHONE_REVEALS_PER_CLIENT.limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(answers.find((a) => a.statusCode === 429)!.headers['retry-after']).toBeDefined();
    // Another visitor is not held back.
    expect((await reveal(ad.uuid)).statusCode).toBe(200);
  });
});
