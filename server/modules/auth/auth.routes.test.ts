import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions } from '../../db/schema/auth.ts';
import { jobs } from '../../db/schema/notifications.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, cookieFrom, createUser, linkIn, loginAs, readMails } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { HOUSEKEEPING_JOB } from './auth.service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const en = { 'accept-language': 'en' };

describe('registration and e-mail verification', () => {
  it('registers an unverified account, mails a signed link, and the link makes it a verified user', async () => {
    const email = `new-${Date.now()}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: en,
      payload: { name: 'Uusi Käyttäjä', email, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, terms: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/Check your e-mail/);
    expect(cookieFrom(res, 'session')).toBeUndefined();

    const mail = readMails(app).find((m) => m.to.includes(email))!;
    expect(mail.subject).toBe('Verify your e-mail address');
    const link = linkIn(mail, '/verify-email/');

    const { headers } = await loginAs(app, { email, password: TEST_PASSWORD });
    const before = (await app.inject({ url: '/api/user', headers })).json().data;
    expect(before.email_verified_at).toBeNull();
    expect(before.roles).toEqual([{ slug: 'unverified' }]);

    const verify = await app.inject({ method: 'POST', url: `/api${link.pathname}${link.search}`, headers: en });
    expect(verify.statusCode).toBe(200);
    const after = (await app.inject({ url: '/api/user', headers })).json().data;
    expect(after.email_verified_at).not.toBeNull();
    expect(after.roles).toEqual([{ slug: 'user' }]);
  });

  it('refuses a verification link whose signature was tampered with', async () => {
    const user = await createUser(app, { verified: false });
    await loginAs(app, user).then(({ headers }) =>
      app.inject({ method: 'POST', url: '/api/verify-resend', headers, payload: { id: user.id } }),
    );
    const link = linkIn(
      readMails(app)
        .filter((m) => m.to.includes(user.email))
        .at(-1)!,
      '/verify-email/',
    );
    const signature = link.searchParams.get('signature')!;
    link.searchParams.set('signature', (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1));
    const res = await app.inject({ method: 'POST', url: `/api${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(403);
  });

  it('answers a registered address exactly like a new one, and tells its owner by mail instead', async () => {
    const existing = await createUser(app);
    const payload = (email: string) => ({
      name: 'Uusi',
      email,
      password: 'Kelpo#Salasana42',
      password_confirmation: 'Kelpo#Salasana42',
      terms: true,
    });
    const before = readMails(app).length;
    const taken = await app.inject({ method: 'POST', url: '/api/register', headers: en, payload: payload(existing.email.toUpperCase()) });
    const fresh = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: en,
      payload: payload(`fresh-${Date.now()}@example.com`),
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    const mails = readMails(app).slice(before);
    const toOwner = mails.filter((m) => m.to === existing.email);
    expect(toOwner).toHaveLength(1);
    // In the owner's language (Finnish here), not the language of whoever filled the form.
    expect(toOwner[0]!.subject).toBe('Sähköpostiosoitteellasi yritettiin rekisteröityä');
    // No second account, no verification link for the address that already has one.
    expect(toOwner[0]!.text).not.toContain('/verify-email/');
  });

  it('makes one account when the same new address registers several times at once', async () => {
    const email = `race-${Date.now()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress: `192.0.2.${i + 1}`,
          payload: { name: 'Kilpa', email, password: 'Kelpo#Salasana42', password_confirmation: 'Kelpo#Salasana42', terms: true },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await app.services.users.repo.findByEmail(email)).toBeTruthy();
  });

  it('never says an address is taken, and gives each broken password rule its own message', async () => {
    const existing = await createUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: en,
      payload: { name: 'X', email: existing.email.toUpperCase(), password: 'short', password_confirmation: 'other', terms: false },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.email).toBeUndefined();
    expect(errors.terms).toEqual(['You must accept the terms of use.']);
    expect(errors.password).toEqual([
      'The password must be at least 8 characters.',
      'The password must contain at least one uppercase and one lowercase letter.',
      'The password must contain at least one number.',
      'The password must contain at least one symbol.',
      'The password confirmation does not match.',
    ]);
  });

  it('refuses a password found in the breach list', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: en,
      payload: { name: 'X', email: `b-${Date.now()}@example.com`, password: 'P@ssw0rd', password_confirmation: 'P@ssw0rd', terms: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(['This password has appeared in a data leak. Please choose a different password.']);
  });

  it('answers a malformed e-mail with the spec text', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', headers: en, payload: { email: 'not-an-address', password: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email must be a valid email address.']);
  });
});

describe('log-in, sessions and log-out', () => {
  it('rejects wrong credentials with the same message whether or not the address exists', async () => {
    const user = await createUser(app);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: en,
      payload: { email: user.email, password: 'Wrong#Pass1' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: en,
      payload: { email: 'nobody@example.com', password: 'Wrong#Pass1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errors.email).toEqual(['The provided credentials are incorrect.']);
  });

  it('sets an httpOnly, SameSite=Lax session cookie: a session cookie without remember, 365 days with it', async () => {
    const user = await createUser(app);
    const plain = await loginAs(app, user, false);
    const cookie = plain.response.cookies.find((c) => c.name === 'session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.maxAge).toBeUndefined();
    const remembered = await loginAs(app, user, true);
    expect(remembered.response.cookies.find((c) => c.name === 'session')!.maxAge).toBe(365 * 24 * 60 * 60);
    expect(plain.response.json().user.email).toBe(user.email);
  });

  it('gives a new token at every log-in and ends the one the browser had (no session fixation)', async () => {
    const user = await createUser(app);
    const first = await loginAs(app, user);
    const second = await app.inject({
      method: 'POST',
      url: '/api/login',
      cookies: { session: first.token, 'XSRF-TOKEN': first.xsrf },
      headers: { 'x-xsrf-token': first.xsrf },
      payload: { email: user.email, password: user.password },
    });
    const secondToken = cookieFrom(second, 'session');
    expect(secondToken).toBeTruthy();
    expect(secondToken).not.toBe(first.token);
    expect((await app.inject({ url: '/api/user', headers: first.headers })).statusCode).toBe(401);
  });

  it('ends the session on the server at log-out', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    expect((await app.inject({ url: '/api/user', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers })).statusCode).toBe(200);
    const after = await app.inject({ url: '/api/user', headers: { ...headers, ...en } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Session has expired. Please log in again.');
  });

  it('lists the sessions of the account and ends another one', async () => {
    const user = await createUser(app);
    const phone = await loginAs(app, user);
    const laptop = await loginAs(app, user);
    const list = (await app.inject({ url: '/api/sessions', headers: laptop.headers })).json().data as { id: string; current: boolean }[];
    expect(list).toHaveLength(2);
    const other = list.find((s) => !s.current)!;
    expect((await app.inject({ method: 'DELETE', url: `/api/sessions/${other.id}`, headers: laptop.headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers: phone.headers })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/user', headers: laptop.headers })).statusCode).toBe(200);
  });

  it('throttles log-in after five wrong passwords for an address, with Retry-After', async () => {
    const user = await createUser(app);
    for (let i = 0; i < 5; i++) {
      await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: `Wrong#Pass${i}` } });
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: en,
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toBe('Too many attempts. Please wait before retrying.');
  });
});

describe('CSRF for cookie sessions', () => {
  it('refuses an unsafe cookie-authenticated call without the XSRF token, and accepts it with the token', async () => {
    const user = await createUser(app);
    const { token } = await loginAs(app, user);
    const bare = await app.inject({ method: 'PATCH', url: '/api/theme', cookies: { session: token }, payload: { theme_dark: true } });
    expect(bare.statusCode).toBe(419);

    const csrf = await app.inject({ url: '/api/sanctum/csrf-cookie', cookies: { session: token } });
    expect(csrf.statusCode).toBe(204);
    const xsrf = cookieFrom(csrf, 'XSRF-TOKEN')!;
    const ok = await app.inject({
      method: 'PATCH',
      url: '/api/theme',
      cookies: { session: token, 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': xsrf },
      payload: { theme_dark: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { theme_dark: true } });
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const user = await createUser(app);
    const before = readMails(app).length;
    const known = await app.inject({ method: 'POST', url: '/api/forgot-password', headers: en, payload: { email: user.email } });
    const unknown = await app.inject({ method: 'POST', url: '/api/forgot-password', headers: en, payload: { email: 'ghost@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    // The mail goes out after the answer, so the answer takes as long either way.
    await app.services.platform.background.settled();
    expect(readMails(app).length).toBe(before + 1);
  });

  it('resets once with the mailed token, ends every session, and refuses the same token again', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } });
    await app.services.platform.background.settled();
    const link = linkIn(
      readMails(app)
        .filter((m) => m.to.includes(user.email))
        .at(-1)!,
      '/reset-password/',
    );
    const token = link.pathname.split('/').at(-1)!;
    expect(link.searchParams.get('email')).toBe(user.email);

    const newPassword = 'Uusi#Salasana77';
    const payload = { token, email: user.email, password: newPassword, password_confirmation: newPassword };
    expect((await app.inject({ method: 'POST', url: '/api/reset-password', payload })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers })).statusCode).toBe(401);
    await loginAs(app, { email: user.email, password: newPassword });

    const again = await app.inject({ method: 'POST', url: '/api/reset-password', headers: en, payload });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['This password reset link is invalid or has expired.']);
  });
});

describe('password change', () => {
  it('needs the current password and keeps only this session', async () => {
    const user = await createUser(app);
    const other = await loginAs(app, user);
    const { headers } = await loginAs(app, user);
    const wrong = await app.inject({
      method: 'PATCH',
      url: '/api/password',
      headers: { ...headers, ...en },
      payload: { current_password: 'Nope#1234', password: 'Toinen#Salasana9', password_confirmation: 'Toinen#Salasana9' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The current password is incorrect.']);

    const ok = await app.inject({
      method: 'PATCH',
      url: '/api/password',
      headers,
      payload: { current_password: user.password, password: 'Toinen#Salasana9', password_confirmation: 'Toinen#Salasana9' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers: other.headers })).statusCode).toBe(401);
  });
});

describe('profile, theme, public profile and account deletion', () => {
  it('saves the profile and checks phone, city and birthday', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const cities = (await app.inject({ url: '/api/cities' })).json().data as { id: number; code: string }[];
    const tampere = cities.find((c) => c.code === '837')!;
    const ok = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers,
      payload: {
        name: 'Maija',
        surname: 'Meikäläinen',
        phone: '040 123 4567',
        city_id: tampere.id,
        street: 'Hämeenkatu 1',
        birthday: '1990-05-17',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ name: 'Maija', phone: '0401234567', city_id: tampere.id, birthday: '1990-05-17' });

    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { ...headers, ...en },
      payload: { name: 'Maija', phone: '12345', city_id: 999_999, birthday: '2999-01-01' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      phone: ['The phone number must have 10 or 11 digits.'],
      city_id: ['City not found'],
      birthday: ['The birthday cannot be in the future.'],
    });
  });

  it('saves the theme to the account', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    await app.inject({ method: 'PATCH', url: '/api/theme', headers, payload: { theme_dark: true } });
    expect((await app.inject({ url: '/api/user', headers })).json().data.theme_dark).toBe(true);
  });

  it("shows a seller's public profile without e-mail or phone, and no profile of anyone without a public ad", async () => {
    const user = await createUser(app);
    await createAd(app, { userId: user.id, name: 'Odottaa tarkastusta', status: 'moderate' });
    expect((await app.inject({ url: `/api/user-info/${user.id}` })).statusCode).toBe(404);
    const staff = await createUser(app, { roles: ['moderator'] });
    expect((await app.inject({ url: `/api/user-info/${staff.id}` })).statusCode).toBe(404);
    await createAd(app, { userId: user.id, name: 'Myynnissä', status: 'sold' });
    const res = await app.inject({ url: `/api/user-info/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual([
      'active_ads_count',
      'avatar',
      'company',
      'id',
      'identity_verified',
      'member_since',
      'name',
      'phone_shown',
      'rating',
      'trader',
    ]);
    // Whether a number is shown, never the number (POST /api/product/{uuid}/phone gives it).
    expect(res.json().data.phone_shown).toBe(false);
    expect(res.body).not.toContain(user.email);
  });

  it('deletes only the own account, after the password, and its sessions with it', async () => {
    const owner = await createUser(app);
    const stranger = await createUser(app);
    await createAd(app, { userId: owner.id, name: 'Omistajan', status: 'active' });
    await createAd(app, { userId: stranger.id, name: 'Vieraan', status: 'active' });
    const { headers } = await loginAs(app, owner);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/account/${stranger.id}/delete`, headers, payload: { password: owner.password } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/account/${owner.id}/delete`, headers, payload: { password: 'Wrong#Pass1' } }))
        .statusCode,
    ).toBe(422);
    const ok = await app.inject({
      method: 'DELETE',
      url: `/api/account/${owner.id}/delete`,
      headers,
      payload: { password: owner.password },
    });
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/user-info/${owner.id}` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/user-info/${stranger.id}` })).statusCode).toBe(200);
  });

  it('needs an account for the own-account calls', async () => {
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['PATCH', '/api/profile'],
      ['PATCH', '/api/theme'],
      ['GET', '/api/sessions'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'GET' ? undefined : { name: 'x', theme_dark: true } });
      expect([401, 422], `${method} ${url}`).toContain(res.statusCode);
    }
  });
});

describe('housekeeping', () => {
  it('removes expired sessions and keeps live ones', async () => {
    const user = await createUser(app);
    const live = await loginAs(app, user);
    const repo = app.services.auth.repo;
    await repo.insertSession({ id: 'e'.repeat(64), userId: user.id, expiresAt: new Date(Date.now() - 1000) });
    const stored = async () =>
      (await app.services.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).length;
    expect(await stored()).toBe(2);
    await app.services.auth.removeExpired();
    expect(await stored()).toBe(1);
    expect((await app.inject({ url: '/api/user', headers: live.headers })).statusCode).toBe(200);
  });

  it('runs hourly through the queue, once across processes, and queues its next hour itself', async () => {
    const user = await createUser(app);
    const clock = new Date('2030-03-01T10:20:00Z');
    const db = app.services.database.db;
    // Ended at 10:30, a session is still there at 10:20 and gone by the 11:00 run.
    await app.services.auth.repo.insertSession({ id: 'f'.repeat(64), userId: user.id, expiresAt: new Date('2030-03-01T10:30:00Z') });
    // Every process schedules it when it starts: one job waits for 11:00.
    await app.services.auth.scheduleHousekeeping(clock);
    await app.services.auth.scheduleHousekeeping(clock);
    const waiting = async () => (await db.select().from(jobs).where(eq(jobs.kind, HOUSEKEEPING_JOB))).map((job) => job.runAt.toISOString());
    expect(await waiting()).toEqual(['2030-03-01T11:00:00.000Z']);

    await app.services.jobs.runDue(clock);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    await app.services.jobs.runDue(new Date('2030-03-01T11:00:00Z'));
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await waiting()).toEqual(['2030-03-01T12:00:00.000Z']);
  });
});
