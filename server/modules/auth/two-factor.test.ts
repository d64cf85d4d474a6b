import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginChallenges } from '../../db/schema/auth.ts';
import { type TestUser, cookieFrom, createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const en = { 'accept-language': 'en' };
type Headers = Record<string, string>;

/** The code of the time step `offset` steps from now (each step is 30 seconds). */
function codeAt(secret: string, offset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
}

/** Six digits that no step near now accepts. */
async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all([-2, -1, 0, 1, 2].map((offset) => codeAt(secret, offset)));
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !near.includes(code))!;
}

async function enable(headers: Headers) {
  const res = await app.inject({ url: '/api/enable2fa', headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ qr_code: string; secret: string; otpauth_url: string }>();
}

/** A signed-in user who has turned two-factor on with the code of the current step. */
async function userWithTwoFactor(options: { password?: string | null } = {}) {
  const user = await createUser(app, options);
  const headers =
    options.password === null
      ? {
          authorization: `Bearer ${await app.services.auth.createSession(user.id, false, { ip: '127.0.0.1', userAgent: undefined, locale: 'en' })}`,
        }
      : (await loginAs(app, user)).headers;
  const { secret } = await enable(headers);
  const confirmCode = await codeAt(secret);
  const res = await app.inject({ method: 'POST', url: '/api/confirm2fa', headers: { ...headers, ...en }, payload: { code: confirmCode } });
  expect(res.statusCode).toBe(200);
  return { user, headers, secret, confirmCode, recoveryCodes: res.json<{ recovery_codes: string[] }>().recovery_codes };
}

/** A password log-in that stops at the second step; gives the challenge cookie. */
async function startLogin(user: TestUser, remember = false) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: en,
    payload: { email: user.email, password: user.password, remember },
  });
  expect(res.statusCode).toBe(200);
  return { res, challenge: cookieFrom(res, 'two_factor_challenge')! };
}

function sendCode(challenge: string | undefined, code: string, url = '/api/check2faCode') {
  return app.inject({
    method: 'POST',
    url,
    headers: en,
    cookies: challenge ? { two_factor_challenge: challenge } : {},
    payload: { code },
  });
}

function sendRecoveryCode(challenge: string, recoveryCode: string) {
  return app.inject({
    method: 'POST',
    url: '/api/recovery2faWithCode',
    headers: en,
    cookies: { two_factor_challenge: challenge },
    payload: { recovery_code: recoveryCode },
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('turning two-factor on', () => {
  it('needs a signed-in person', async () => {
    expect((await app.inject({ url: '/api/enable2fa' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/show2fa' })).statusCode).toBe(401);
  });

  it('shows a QR code as SVG, the key for typing by hand and the otpauth URL', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const res = await app.inject({ url: '/api/enable2fa/', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.qr_code).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    const url = new URL(body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(decodeURIComponent(url.pathname)).toContain(user.email);

    const status = await app.inject({ url: '/api/show2fa', headers });
    expect(status.json()).toEqual({ enabled: false, confirmed_at: null, recovery_codes_left: 0 });
  });

  it('stores the secret encrypted, never as the base32 key', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const { secret } = await enable(headers);
    const row = (await app.services.users.repo.findById(user.id))!;
    expect(row.twoFactorSecret).toBeTruthy();
    expect(row.twoFactorSecret).not.toContain(secret);
    expect(app.services.platform.sealer.decrypt(row.twoFactorSecret!)).toBe(secret);
    expect(row.twoFactorConfirmedAt).toBeNull();
  });

  it('refuses a wrong code at confirmation with the spec text and stays off', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const { secret } = await enable(headers);
    const res = await app.inject({
      method: 'POST',
      url: '/api/confirm2fa',
      headers: { ...headers, ...en },
      payload: { code: await wrongCode(secret) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['The provided code is invalid.']);
    expect((await app.inject({ url: '/api/show2fa', headers })).json().enabled).toBe(false);
  });

  it('refuses a code that is not six digits', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    await enable(headers);
    const res = await app.inject({ method: 'POST', url: '/api/confirm2fa', headers, payload: { code: '12345a' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toBeDefined();
  });

  it('refuses to confirm before a set-up was started', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const res = await app.inject({ method: 'POST', url: '/api/confirm2fa', headers: { ...headers, ...en }, payload: { code: '123456' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.two_factor).toEqual(['Two-factor authentication is not on.']);
  });

  it('turns on with a right code, gives ten distinct recovery codes once, and is audited', async () => {
    const { user, headers, recoveryCodes } = await userWithTwoFactor();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    const status = (await app.inject({ url: '/api/show2fa/', headers })).json();
    expect(status.enabled).toBe(true);
    expect(new Date(status.confirmed_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(status.recovery_codes_left).toBe(10);
    expect((await app.inject({ url: '/api/user', headers })).json().data.two_factor_enabled).toBe(true);

    const audit = await app.services.database.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(audit.map((a) => a.action)).toContain('enable_two_factor');
  });

  it('refuses a new set-up while two-factor is on', async () => {
    const { headers } = await userWithTwoFactor();
    const res = await app.inject({ url: '/api/enable2fa', headers: { ...headers, ...en } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.two_factor).toEqual(['Two-factor authentication is already on.']);
  });
});

describe('logging in with two-factor', () => {
  it('answers two_factor: true to the password alone, with no session; the challenge cookie opens nothing', async () => {
    const { user } = await userWithTwoFactor();
    const { res, challenge } = await startLogin(user);
    expect(res.json()).toEqual({ two_factor: true, message: 'Enter the code from your authenticator app.' });
    expect(cookieFrom(res, 'session')).toBeFalsy();
    const cookie = res.cookies.find((c) => c.name === 'two_factor_challenge')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.path).toBe('/api');
    const me = await app.inject({ url: '/api/user', cookies: { two_factor_challenge: challenge } });
    expect(me.statusCode).toBe(401);
  });

  it('signs in with a valid code: session cookie, the user, the challenge cookie cleared', async () => {
    const { user, secret } = await userWithTwoFactor();
    const { challenge } = await startLogin(user, true);
    const res = await sendCode(challenge, await codeAt(secret, 1), '/api/check2faCode/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.two_factor).toBe(false);
    expect(body.message).toBe('You are logged in.');
    expect(body.user).toMatchObject({ id: user.id, email: user.email, two_factor_enabled: true });

    const session = res.cookies.find((c) => c.name === 'session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.maxAge).toBe(365 * 24 * 60 * 60);
    const cleared = res.cookies.find((c) => c.name === 'two_factor_challenge')!;
    expect(cleared.value).toBe('');
    expect((await app.inject({ url: '/api/user', headers: bearer(session.value) })).statusCode).toBe(200);

    // The challenge is used up.
    const again = await sendCode(challenge, await codeAt(secret, 1));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual(['The log-in has expired. Please log in again.']);
  });

  it('refuses a code that was already used, saying so (the one of the confirmation, then one of a log-in)', async () => {
    const used = ['This code has already been used. Wait for the next code in your authenticator app.'];
    const { user, secret, confirmCode } = await userWithTwoFactor();
    const first = await startLogin(user);
    const replayedConfirm = await sendCode(first.challenge, confirmCode);
    expect(replayedConfirm.statusCode).toBe(422);
    expect(replayedConfirm.json().errors.code).toEqual(used);
    // A wrong code is still called wrong.
    const wrong = await sendCode(first.challenge, confirmCode === '000000' ? '111111' : '000000');
    expect(wrong.json().errors.code).toEqual(['The provided code is invalid.']);

    const next = await codeAt(secret, 1);
    expect((await sendCode(first.challenge, next)).statusCode).toBe(200);
    const second = await startLogin(user);
    const replayed = await sendCode(second.challenge, next);
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors.code).toEqual(used);
    expect(cookieFrom(replayed, 'session')).toBeFalsy();
  });

  it('signs in once with a recovery code (any case and spacing), and not twice', async () => {
    const { user, headers, recoveryCodes } = await userWithTwoFactor();
    const recoveryCode = recoveryCodes[3]!;
    const first = await startLogin(user);
    const res = await sendRecoveryCode(first.challenge, `  ${recoveryCode.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json().two_factor).toBe(false);
    expect(cookieFrom(res, 'session')).toBeTruthy();
    expect((await app.inject({ url: '/api/show2fa', headers })).json().recovery_codes_left).toBe(9);

    const second = await startLogin(user);
    const reused = await sendRecoveryCode(second.challenge, recoveryCode);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.recovery_code).toEqual(['The provided recovery code is invalid.']);
    expect(cookieFrom(reused, 'session')).toBeFalsy();
  });

  it('answers 429 with the throttle text after five wrong codes, even to a right one', async () => {
    const { user, secret } = await userWithTwoFactor();
    const { challenge } = await startLogin(user);
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 5; i++) {
      const res = await sendCode(challenge, wrong);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toEqual(['The provided code is invalid.']);
    }
    const sixth = await sendCode(challenge, wrong);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many attempts. Please wait before retrying.');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sendCode(challenge, await codeAt(secret, 1))).statusCode).toBe(429);
  });

  it('counts wrong codes per account across log-ins, so a new log-in buys no new guesses', async () => {
    const { user, secret } = await userWithTwoFactor();
    const wrong = await wrongCode(secret);
    const first = await startLogin(user);
    for (let i = 0; i < 3; i++) expect((await sendCode(first.challenge, wrong)).statusCode).toBe(422);
    const second = await startLogin(user);
    for (let i = 0; i < 2; i++) expect((await sendRecoveryCode(second.challenge, 'aaaa-bbbb-cccc')).statusCode).toBe(422);
    const third = await startLogin(user);
    expect((await sendCode(third.challenge, await codeAt(secret, 1))).statusCode).toBe(429);
  });

  it('throws a log-in away after five wrong codes even when the account counter was cleared', async () => {
    const { user, secret } = await userWithTwoFactor();
    const { challenge } = await startLogin(user);
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 5; i++) await sendCode(challenge, wrong);
    await app.services.platform.counters.reset(`2fa:${user.id}`);
    const res = await sendCode(challenge, await codeAt(secret, 1));
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many attempts. Please wait before retrying.');
    const after = await sendCode(challenge, await codeAt(secret, 1));
    expect(after.statusCode).toBe(422);
    expect(after.json().errors.code).toEqual(['The log-in has expired. Please log in again.']);
  });

  it('refuses an unknown, missing or expired challenge', async () => {
    const { user, secret } = await userWithTwoFactor();
    const code = await codeAt(secret, 1);
    for (const challenge of ['not-a-real-challenge', undefined]) {
      const res = await sendCode(challenge, code);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toEqual(['The log-in has expired. Please log in again.']);
    }
    const { challenge } = await startLogin(user);
    await app.services.database.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.userId, user.id));
    const expired = await sendCode(challenge, code);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.code).toEqual(['The log-in has expired. Please log in again.']);
    const recovery = await sendRecoveryCode(challenge, 'aaaa-bbbb-cccc');
    expect(recovery.json().errors.recovery_code).toEqual(['The log-in has expired. Please log in again.']);
  });
});

describe('recovery codes and turning two-factor off', () => {
  it('makes new recovery codes after the password, and the old ones stop working', async () => {
    const { user, headers, recoveryCodes } = await userWithTwoFactor();
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/recovery-codes',
      headers: { ...headers, ...en },
      payload: { password: 'Wrong#Pass1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['The current password is incorrect.']);

    const res = await app.inject({
      method: 'POST',
      url: '/api/recovery-codes',
      headers: { ...headers, ...en },
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ message: string; recovery_codes: string[] }>();
    expect(fresh.message).toBe('New recovery codes were created. The old ones no longer work.');
    expect(fresh.recovery_codes).toHaveLength(10);
    expect(fresh.recovery_codes.some((code) => recoveryCodes.includes(code))).toBe(false);

    const { challenge } = await startLogin(user);
    expect((await sendRecoveryCode(challenge, recoveryCodes[0]!)).statusCode).toBe(422);
    expect((await sendRecoveryCode(challenge, fresh.recovery_codes[0]!)).statusCode).toBe(200);
  });

  it('turns off only with the right password; afterwards the log-in needs no code', async () => {
    const { user, headers } = await userWithTwoFactor();
    const missing = await app.inject({ method: 'POST', url: '/api/disable2fa', headers, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.password).toBeDefined();
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/disable2fa',
      headers: { ...headers, ...en },
      payload: { password: 'Wrong#Pass1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['The current password is incorrect.']);
    expect((await app.inject({ url: '/api/show2fa', headers })).json().enabled).toBe(true);

    const res = await app.inject({
      method: 'POST',
      url: '/api/disable2fa/',
      headers: { ...headers, ...en },
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Two-factor authentication is off.');
    expect((await app.inject({ url: '/api/show2fa', headers })).json()).toEqual({
      enabled: false,
      confirmed_at: null,
      recovery_codes_left: 0,
    });
    const row = (await app.services.users.repo.findById(user.id))!;
    expect(row.twoFactorSecret).toBeNull();

    const login = await loginAs(app, user);
    expect(login.response.json().two_factor).toBe(false);
    const audit = await app.services.database.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(audit.map((a) => a.action)).toContain('disable_two_factor');
  });

  it('lets an account without a password turn off with a current code instead', async () => {
    const { headers, secret } = await userWithTwoFactor({ password: null });
    const missing = await app.inject({ method: 'POST', url: '/api/disable2fa', headers: { ...headers, ...en }, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.code).toBeDefined();
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/disable2fa',
      headers: { ...headers, ...en },
      payload: { code: await wrongCode(secret) },
    });
    expect(wrong.json().errors.code).toEqual(['The provided code is invalid.']);
    const res = await app.inject({ method: 'POST', url: '/api/disable2fa', headers, payload: { code: await codeAt(secret, 1) } });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/show2fa', headers })).json().enabled).toBe(false);
  });

  it('says two-factor is not on when there is nothing to turn off', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const res = await app.inject({
      method: 'POST',
      url: '/api/disable2fa',
      headers: { ...headers, ...en },
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.two_factor).toEqual(['Two-factor authentication is not on.']);
  });
});

describe('starting the set-up is safe to repeat', () => {
  it('gives the same key to a second GET while the set-up is under way, so a link cannot break it', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const first = await enable(headers);
    const again = await enable(headers);
    expect(again.secret).toBe(first.secret);
    const code = await codeAt(first.secret);
    const res = await app.inject({ method: 'POST', url: '/api/confirm2fa', headers: { ...headers, ...en }, payload: { code } });
    expect(res.statusCode).toBe(200);
  });
});
