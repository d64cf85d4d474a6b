import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, oauthAccounts } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { TEST_PASSWORD, cookieFrom, createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { OAUTH_PROVIDERS } from './oauth.schemas.ts';
import { OauthFailure, checkIdTokenClaims, createOauthService } from './oauth.service.ts';

// A real OpenID provider on 127.0.0.1 (discovery, authorize with PKCE and nonce, token endpoint, RS256 ID tokens).
const CLIENT_ID = 'kauppis-test-client';
const CLIENT_SECRET = 'kauppis-test-secret';
const en = { 'accept-language': 'en' };

let provider: OAuth2Server;
let app: FastifyInstance;

/** Who the next sign-in at the mock provider is, and how its ID token is bent for a test. */
let profile: { sub: string; email: string; email_verified: boolean; name: string };
let tamper: ((payload: Record<string, unknown>) => void) | undefined;
let sequence = 0;

function nextGoogleAccount(overrides: Partial<typeof profile> = {}) {
  sequence += 1;
  profile = {
    sub: `google-${sequence}-${Date.now()}`,
    email: `google${sequence}-${Date.now()}@gmail.test`,
    email_verified: true,
    name: `Google Käyttäjä ${sequence}`,
    ...overrides,
  };
  return profile;
}

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => {
    // The mock already puts aud = client id and the nonce of the authorization request in the ID token.
    Object.assign(token.payload, profile);
    tamper?.(token.payload);
  });
  app = await buildTestApp({ google: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer: provider.issuer.url! } });
});

afterAll(async () => {
  await app?.close();
  await provider?.stop();
});

afterEach(() => {
  tamper = undefined;
  provider.service.removeAllListeners('beforeResponse');
});

/** The whole browser round trip: start, the provider's authorize redirect, the callback with the state cookie. */
async function signInWithGoogle(options: { redirectTo?: string; state?: (state: string) => string; stateCookie?: string | null } = {}) {
  const start = await app.inject({
    method: 'POST',
    url: '/api/oauth/google',
    payload: options.redirectTo ? { redirect_to: options.redirectTo } : {},
  });
  expect(start.statusCode).toBe(200);
  const stateCookie = cookieFrom(start, 'oauth_state')!;
  const authorize = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(back.pathname).toBe('/api/oauth/google/callback');
  const state = back.searchParams.get('state')!;
  const query = new URLSearchParams({ code: back.searchParams.get('code')!, state: options.state ? options.state(state) : state });
  const cookie = options.stateCookie === undefined ? stateCookie : options.stateCookie;
  const callback = await app.inject({
    url: `/api/oauth/google/callback?${query}`,
    ...(cookie === null ? {} : { cookies: { oauth_state: cookie } }),
  });
  const session = cookieFrom(callback, 'session');
  return { callback, session, headers: { authorization: `Bearer ${session}`, ...en } };
}

const countUsersWithEmail = async (email: string) =>
  (
    await app.services.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
  )[0]!.n;

const linksOf = (userId: number) => app.services.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId));

describe('enabled logins', () => {
  it('lists every provider of the spec and turns on Google only when it is configured', async () => {
    const res = await app.inject({ url: '/api/logins' });
    expect(res.statusCode).toBe(200);
    const { logins } = res.json<{ logins: Record<string, boolean> }>();
    expect(Object.keys(logins).sort()).toEqual([...OAUTH_PROVIDERS].sort());
    expect(Object.entries(logins).filter(([, on]) => on)).toEqual([['google', true]]);

    const plain = await buildTestApp();
    try {
      const off = (await plain.inject({ url: '/api/logins' })).json<{ logins: Record<string, boolean> }>().logins;
      expect(Object.values(off).every((on) => on === false)).toBe(true);
      const start = await plain.inject({ method: 'POST', url: '/api/oauth/google', headers: en, payload: {} });
      expect(start.statusCode).toBe(422);
      expect(start.json().errors.provider).toEqual(['This sign-in method is not available.']);
    } finally {
      await plain.close();
    }
  });
});

describe('starting a Google sign-in', () => {
  it('answers the authorization URL with state, nonce, PKCE S256 and the OpenID scopes, and seals them in a short-lived cookie', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/oauth/google' });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json<{ url: string }>().url);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${app.config.publicUrl}/api/oauth/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toMatch(/^[\w-]{32,}$/);

    const cookie = res.cookies.find((c) => c.name === 'oauth_state')!;
    expect(cookie).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Lax', maxAge: 600 });
    // Sealed: neither the state nor the verifier can be read from it.
    expect(cookie.value).not.toContain(url.searchParams.get('state')!);
  });

  it('refuses an unknown or disabled provider with a message on the provider field', async () => {
    for (const name of ['facebook', 'myspace']) {
      const res = await app.inject({ method: 'POST', url: `/api/oauth/${name}`, headers: en, payload: {} });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.provider).toEqual(['This sign-in method is not available.']);
    }
  });

  it('accepts only a path on this site to return to', async () => {
    for (const redirect_to of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/ok\nSet-Cookie: x']) {
      const res = await app.inject({ method: 'POST', url: '/api/oauth/google', payload: { redirect_to } });
      expect(res.statusCode, redirect_to).toBe(422);
    }
    const ok = await app.inject({ method: 'POST', url: '/api/oauth/google', payload: { redirect_to: '/wishes?page=2' } });
    expect(ok.statusCode).toBe(200);
  });
});

describe('signing in with Google', () => {
  it('creates a verified account with no password for a new Google user and signs it in', async () => {
    const google = nextGoogleAccount();
    const { callback, session, headers } = await signInWithGoogle({ redirectTo: '/my-showcase' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/my-showcase');
    expect(session).toBeDefined();
    // A provider sign-in is remembered, like "remember me", and the state cookie is spent.
    expect(callback.cookies.find((c) => c.name === 'session')!.maxAge).toBe(365 * 24 * 60 * 60);
    expect(callback.cookies.find((c) => c.name === 'oauth_state')!.value).toBe('');

    const me = await app.inject({ url: '/api/user', headers });
    expect(me.statusCode).toBe(200);
    const user = me.json().data;
    expect(user).toMatchObject({ email: google.email, name: google.name, roles: [{ slug: 'user' }] });
    expect(user.email_verified_at).not.toBeNull();
    const row = await app.services.users.repo.findById(user.id);
    expect(row!.passwordHash).toBeNull();

    const accounts = await app.inject({ url: '/api/oauth-accounts', headers });
    expect(accounts.json().data).toEqual([
      { id: expect.any(Number), provider: 'google', email: google.email, created_at: expect.any(String) },
    ]);
    const audit = await app.services.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['oauth_register', 'oauth_login']));
  });

  it('reuses the link on the next sign-in with the same Google account, even after its address changed', async () => {
    const google = nextGoogleAccount();
    const first = await signInWithGoogle();
    const firstUser = (await app.inject({ url: '/api/user', headers: first.headers })).json().data;

    profile = { ...google, email: `renamed-${google.email}` };
    const second = await signInWithGoogle();
    expect(second.callback.headers.location).toBe('/');
    expect(second.session).not.toBe(first.session);
    const secondUser = (await app.inject({ url: '/api/user', headers: second.headers })).json().data;
    expect(secondUser.id).toBe(firstUser.id);
    expect(await countUsersWithEmail(google.email)).toBe(1);
    expect(await countUsersWithEmail(profile.email)).toBe(0);
    expect(await linksOf(firstUser.id)).toHaveLength(1);
  });

  it('links an existing unverified account with the same address (any case) instead of making a second one, and verifies it', async () => {
    const existing = await createUser(app, { email: `Mixed.Case-${Date.now()}@Example.com`, verified: false });
    nextGoogleAccount({ email: existing.email.toLowerCase() });
    const { callback, headers } = await signInWithGoogle();
    expect(callback.statusCode).toBe(302);

    const me = (await app.inject({ url: '/api/user', headers })).json().data;
    expect(me.id).toBe(existing.id);
    expect(me.email_verified_at).not.toBeNull();
    expect(me.roles).toEqual([{ slug: 'user' }]);
    expect(await countUsersWithEmail(existing.email)).toBe(1);
    expect(await linksOf(existing.id)).toHaveLength(1);
    // Whoever set that password never proved the address was theirs: it no longer opens the account.
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: existing.email, password: existing.password } });
    expect(login.statusCode).toBe(422);
  });

  it('links an existing verified account and keeps its password', async () => {
    const existing = await createUser(app);
    nextGoogleAccount({ email: existing.email });
    const { headers } = await signInWithGoogle();
    expect((await app.inject({ url: '/api/user', headers })).json().data.id).toBe(existing.id);
    expect(await linksOf(existing.id)).toHaveLength(1);
    await loginAs(app, existing);
  });

  it('asks for the second factor when the account has two-factor authentication on', async () => {
    const existing = await createUser(app);
    await app.services.users.repo.update(existing.id, { twoFactorSecret: 'sealed', twoFactorConfirmedAt: new Date() });
    nextGoogleAccount({ email: existing.email });
    const { callback, session } = await signInWithGoogle();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/mfa-confirm');
    expect(session).toBe('');
    expect(cookieFrom(callback, 'two_factor_challenge')).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses a blocked account, linked or found by its address, and links nothing to it', async () => {
    const google = nextGoogleAccount();
    const first = await signInWithGoogle();
    const linkedId = (await app.inject({ url: '/api/user', headers: first.headers })).json().data.id as number;
    const unlinked = await createUser(app, { verified: false });
    const db = app.services.database.db;
    await db
      .update(users)
      .set({ blockedAt: new Date() })
      .where(sql`${users.id} in (${linkedId}, ${unlinked.id})`);

    profile = google;
    const linked = await signInWithGoogle();
    expect(linked.callback.headers.location).toBe('/login?error=oauth_blocked');
    expect(linked.session).toBeUndefined();

    nextGoogleAccount({ email: unlinked.email });
    const byAddress = await signInWithGoogle();
    expect(byAddress.callback.headers.location).toBe('/login?error=oauth_blocked');
    expect(await linksOf(unlinked.id)).toHaveLength(0);
    // Left as staff left it: still unverified, the password still set.
    const [row] = await db.select().from(users).where(eq(users.id, unlinked.id));
    expect(row).toMatchObject({ emailVerifiedAt: null, passwordHash: expect.any(String) });
  });

  it('refuses a Google account whose address Google has not verified', async () => {
    const google = nextGoogleAccount({ email_verified: false });
    const { callback, session } = await signInWithGoogle();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=oauth_email_unverified');
    expect(session).toBeUndefined();
    expect(await countUsersWithEmail(google.email)).toBe(0);
  });

  it('refuses a callback whose state was tampered with, or that comes without the state cookie', async () => {
    for (const options of [
      { state: (state: string) => `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}` },
      { stateCookie: null },
      { stateCookie: 'forged.cookie.value' },
    ]) {
      const google = nextGoogleAccount();
      const { callback, session } = await signInWithGoogle(options);
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe('/login?error=oauth_failed');
      expect(session).toBeUndefined();
      expect(await countUsersWithEmail(google.email)).toBe(0);
    }
  });

  it.each([
    ['another audience', (p: Record<string, unknown>) => (p.aud = 'someone-else')],
    ['another issuer', (p: Record<string, unknown>) => (p.iss = 'https://evil.example')],
    ['an expired token', (p: Record<string, unknown>) => (p.exp = Math.floor(Date.now() / 1000) - 3600)],
    ['another nonce', (p: Record<string, unknown>) => (p.nonce = 'replayed-nonce')],
    ['no nonce', (p: Record<string, unknown>) => delete p.nonce],
  ])('refuses an ID token with %s', async (_name, bend) => {
    const google = nextGoogleAccount();
    tamper = bend;
    const { callback, session } = await signInWithGoogle();
    expect(callback.headers.location).toBe('/login?error=oauth_failed');
    expect(session).toBeUndefined();
    expect(await countUsersWithEmail(google.email)).toBe(0);
  });

  it('sends the visitor back to the login page when the provider refuses the code', async () => {
    nextGoogleAccount();
    provider.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const { callback, session } = await signInWithGoogle();
    expect(callback.headers.location).toBe('/login?error=oauth_failed');
    expect(session).toBeUndefined();
  });

  it('sends the visitor back to the login page when they cancel at the provider, or the callback is malformed', async () => {
    for (const url of [
      '/api/oauth/google/callback?error=access_denied&state=x',
      '/api/oauth/google/callback?code=a&code=b&state=x',
      '/api/oauth/facebook/callback?code=a&state=x',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('/login?error=oauth_failed');
    }
  });
});

describe('unlinking a provider account', () => {
  it('refuses to remove the only way to sign in', async () => {
    nextGoogleAccount();
    const { headers } = await signInWithGoogle();
    const [link] = (await app.inject({ url: '/api/oauth-accounts', headers })).json().data;
    const res = await app.inject({ method: 'POST', url: `/api/oauth-revoke/${link.id}`, headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id).toEqual(['You cannot remove your only way to log in. Set a password first.']);
    expect((await app.inject({ url: '/api/oauth-accounts', headers })).json().data).toHaveLength(1);
  });

  it('unlinks when the account also has a password, and only the owner can', async () => {
    const owner = await createUser(app);
    nextGoogleAccount({ email: owner.email });
    await signInWithGoogle();
    const { headers } = await loginAs(app, owner);
    const [link] = (await app.inject({ url: '/api/oauth-accounts', headers })).json().data;

    const stranger = await createUser(app);
    const other = await loginAs(app, stranger);
    const foreign = await app.inject({ method: 'POST', url: `/api/oauth-revoke/${link.id}`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(await app.inject({ method: 'POST', url: `/api/oauth-revoke/${link.id}` }).then((r) => r.statusCode)).toBe(401);

    const res = await app.inject({ method: 'POST', url: `/api/oauth-revoke/${link.id}`, headers: { ...headers, ...en } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The Google account is no longer linked.');
    expect((await app.inject({ url: '/api/oauth-accounts', headers })).json().data).toEqual([]);
    const audit = await app.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'oauth_unlink'), eq(auditLog.actorId, owner.id)));
    expect(audit).toHaveLength(1);
    // The password still works after the link is gone.
    await loginAs(app, { email: owner.email, password: TEST_PASSWORD });
  });
});

describe('provider endpoints', () => {
  const serviceFor = (issuer: string) =>
    createOauthService({
      repo: app.services.auth.repo,
      users: app.services.users.repo,
      auth: app.services.auth,
      sealer: app.services.platform.sealer,
      config: { ...app.config, google: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer } },
    });
  const discoveryCalls = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('/.well-known/')).length;

  it("uses Google's published endpoints without asking the network", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const { url } = await serviceFor('https://accounts.google.com').start('google', undefined);
      expect(url).toMatch(/^https:\/\/accounts\.google\.com\/o\/oauth2\/v2\/auth\?/);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("reads another issuer's discovery document once, on first use, and again only after a failure", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const service = serviceFor(provider.issuer.url!);
      expect(discoveryCalls(fetchSpy)).toBe(0);
      await service.start('google', undefined);
      await service.start('google', '/wishes');
      expect(discoveryCalls(fetchSpy)).toBe(1);

      // Nothing listens on port 9 here: the start fails (the route answers 503) and is not cached.
      const broken = serviceFor('http://127.0.0.1:9');
      await expect(broken.start('google', undefined)).rejects.toBeInstanceOf(OauthFailure);
      await expect(broken.start('google', undefined)).rejects.toBeInstanceOf(OauthFailure);
      expect(discoveryCalls(fetchSpy)).toBe(3);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});

describe('ID token claims', () => {
  const expected = { issuers: ['https://accounts.google.com'], clientId: 'client', nonce: 'n0nce' };
  const good = {
    iss: 'https://accounts.google.com',
    aud: 'client',
    exp: Math.floor(Date.now() / 1000) + 600,
    nonce: 'n0nce',
    sub: '123',
    email: 'a@b.fi',
    email_verified: true,
  };

  it('accepts a token for this client and requires azp when it names several audiences', () => {
    expect(checkIdTokenClaims(good, expected)).toMatchObject({ sub: '123', email: 'a@b.fi', emailVerified: true });
    expect(() => checkIdTokenClaims({ ...good, aud: ['client', 'other'] }, expected)).toThrow(/azp/);
    expect(checkIdTokenClaims({ ...good, aud: ['client', 'other'], azp: 'client' }, expected).sub).toBe('123');
  });

  it('treats anything but a boolean true as an unverified address', () => {
    expect(checkIdTokenClaims({ ...good, email_verified: 'true' }, expected).emailVerified).toBe(false);
  });
});
