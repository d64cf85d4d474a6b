import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createUser, loginAs } from '../test/accounts.ts';
import { createAd } from '../test/ads.ts';
import { buildTestApp } from '../test/app.ts';
import { multipart } from '../test/multipart.ts';

/**
 * Every throttle meets a burst sent all at once: the work behind it runs no more often than its
 * rule allows, and the rest are 429 before any work. Runs on the in-process counters and, with
 * REDIS_URL (CI's second pass), on Redis.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const en = { 'accept-language': 'en' };
let nextAddress = 1;
/** A fresh client address, so one test's counts never meet another's. */
const freshIp = () => `198.51.100.${nextAddress++}`;

async function burst(count: number, send: (i: number) => Promise<{ statusCode: number }>) {
  const statuses = (await Promise.all(Array.from({ length: count }, (_, i) => send(i)))).map((r) => r.statusCode);
  const tally: Record<number, number> = {};
  for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
  return tally;
}

describe('throttles under a parallel burst', () => {
  it('log-in: five password checks per address, however many guesses arrive at once', async () => {
    const user = await createUser(app);
    const tally = await burst(60, (i) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        headers: en,
        remoteAddress: `203.0.113.${i + 1}`,
        payload: { email: user.email, password: `Wrong#Guess${i}` },
      }),
    );
    expect(tally).toEqual({ 422: 5, 429: 55 });
  });

  it('log-in: a right password inside a burst of wrong ones is one of the five tries, no more', async () => {
    const user = await createUser(app);
    const tally = await burst(40, (i) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        headers: en,
        remoteAddress: freshIp(),
        payload: { email: user.email, password: i === 20 ? user.password : `Wrong#Guess${i}` },
      }),
    );
    expect((tally[422] ?? 0) + (tally[200] ?? 0)).toBeLessThanOrEqual(5);
    expect(tally[429]).toBeGreaterThanOrEqual(35);
  });

  it('log-in: thirty tries per address of a client', async () => {
    const ip = freshIp();
    const tally = await burst(45, (i) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        headers: en,
        remoteAddress: ip,
        payload: { email: `nobody${i}-${ip}@example.com`, password: 'Wrong#Guess1' },
      }),
    );
    expect(tally).toEqual({ 422: 30, 429: 15 });
  });

  it('registration: ten an hour per client address', async () => {
    const ip = freshIp();
    const tally = await burst(16, (i) =>
      app.inject({
        method: 'POST',
        url: '/api/register',
        headers: en,
        remoteAddress: ip,
        payload: {
          name: 'Burst',
          email: `burst${i}-${ip}@example.com`,
          password: 'Kelpo#Salasana42',
          password_confirmation: 'Kelpo#Salasana42',
          terms: true,
        },
      }),
    );
    expect(tally).toEqual({ 201: 10, 429: 6 });
  });

  it('forgotten password: three mails per address', async () => {
    const user = await createUser(app);
    const tally = await burst(10, () =>
      app.inject({ method: 'POST', url: '/api/forgot-password', headers: en, remoteAddress: freshIp(), payload: { email: user.email } }),
    );
    expect(tally).toEqual({ 200: 3, 429: 7 });
  });

  it('password reset: twenty tries an hour per client address', async () => {
    const ip = freshIp();
    const tally = await burst(26, (i) =>
      app.inject({
        method: 'POST',
        url: '/api/reset-password',
        headers: en,
        remoteAddress: ip,
        payload: {
          token: `not-a-real-token-${i}`,
          email: 'nobody@example.com',
          password: 'Kelpo#Salasana42',
          password_confirmation: 'Kelpo#Salasana42',
        },
      }),
    );
    expect(tally[429]).toBe(6);
    expect(tally[429]! + (tally[422] ?? 0)).toBe(26);
  });

  it('verification mail: three resends per account', async () => {
    const user = await createUser(app, { verified: false });
    const { headers } = await loginAs(app, user);
    const tally = await burst(8, () =>
      app.inject({ method: 'POST', url: '/api/verify-resend', headers: { ...headers, ...en }, payload: { id: user.id } }),
    );
    expect(tally).toEqual({ 200: 3, 429: 5 });
  });

  it('password change: five tries of the current password per account', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const tally = await burst(20, (i) =>
      app.inject({
        method: 'PATCH',
        url: '/api/password',
        headers: { ...headers, ...en },
        payload: { current_password: `Wrong#Guess${i}`, password: 'Uusi#Salasana77', password_confirmation: 'Uusi#Salasana77' },
      }),
    );
    expect(tally).toEqual({ 422: 5, 429: 15 });
  });

  it('two-factor log-in: five codes per account', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const { secret } = (await app.inject({ url: '/api/enable2fa', headers })).json<{ secret: string }>();
    const code = await generate({ secret });
    expect((await app.inject({ method: 'POST', url: '/api/confirm2fa', headers, payload: { code } })).statusCode).toBe(200);
    // Several log-ins wait at the second step; the guesses spread over them share the account's five.
    const challenges: string[] = [];
    for (let i = 0; i < 4; i++) {
      const start = await app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: freshIp(),
        payload: { email: user.email, password: user.password },
      });
      challenges.push(cookieFrom(start, 'two_factor_challenge')!);
    }
    const tally = await burst(24, (i) =>
      app.inject({
        method: 'POST',
        url: '/api/check2faCode',
        headers: en,
        cookies: { two_factor_challenge: challenges[i % challenges.length]! },
        payload: { code: code === '000000' ? '111111' : '000000' },
      }),
    );
    expect(tally[422]).toBe(5);
    expect((tally[422] ?? 0) + (tally[429] ?? 0)).toBe(24);
  });

  it('searches through the API: 120 a minute per client address, a signed-in person counted as themselves', async () => {
    const ip = freshIp();
    const tally = await burst(130, () =>
      app.inject({ method: 'POST', url: '/api/products', remoteAddress: ip, payload: { name: 'pyörä' } }),
    );
    expect(tally).toEqual({ 200: 120, 429: 10 });
    // Someone signed in on the same address has a count of their own.
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const signedIn = await app.inject({ method: 'POST', url: '/api/products', remoteAddress: ip, headers, payload: {} });
    expect(signedIn.statusCode).toBe(200);
    const hints = await burst(310, () =>
      app.inject({ method: 'POST', url: '/api/search-hint', remoteAddress: ip, payload: { query: 'po' } }),
    );
    expect(hints).toEqual({ 200: 300, 429: 10 });
  });

  it('picture uploads: thirty requests per account in ten minutes, refused before any decoding', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const body = await multipart([{ field: 'avatar', name: 'me.png', type: 'image/png', data: png }]);
    const tally = await burst(36, () =>
      app.inject({ method: 'POST', url: '/api/avatar', payload: body.payload, headers: { ...headers, ...body.headers } }),
    );
    expect(tally).toEqual({ 200: 30, 429: 6 });
  });

  it('wish list: sixty toggles a minute per account', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const seller = await createUser(app);
    const ad = await createAd(app, { userId: seller.id, name: 'Polkupyörä', status: 'active' });
    const tally = await burst(75, () =>
      app.inject({ method: 'POST', url: '/api/update-user-wishes', headers: { ...headers, ...en }, payload: { product_id: ad.uuid } }),
    );
    expect(tally).toEqual({ 200: 60, 429: 15 });
  });
});
