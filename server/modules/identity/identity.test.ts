import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/schema/auth.ts';
import { hashToken } from '../../platform/secrets.ts';
import { users } from '../../db/schema/users.ts';
import { cookieFrom, createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';

// A real OpenID provider on 127.0.0.1 playing an FTN identification broker: discovery, authorize
// with PKCE and nonce, a token endpoint, RS256 ID tokens carrying the claims such a broker sends —
// the personal identity code among them, as `personal_identity_code`, `hetu` and even as `sub`.
// Without "-": the client authenticates with HTTP Basic, whose id is form-encoded (RFC 6749 2.3.1),
// and the mock puts the id into the ID token's audience without decoding it.
const CLIENT_ID = 'kauppisftn';
const CLIENT_SECRET = 'kauppis-ftn-secret';
const HETU = '010190-123A';
const en = { 'accept-language': 'en' };

let broker: OAuth2Server;
let app: FastifyInstance;

const ftnClaims = () => ({
  sub: HETU,
  personal_identity_code: HETU,
  hetu: HETU,
  national_identification_number: HETU,
  'urn:oid:1.2.246.21': HETU,
  given_name: 'Matti',
  family_name: 'Meikäläinen',
  name: 'Matti Meikäläinen',
  birthdate: '1990-01-01',
  acr: 'http://ftn.ficora.fi/2017/loa2',
  amr: ['fi-bank'] as unknown,
});
let claims: Record<string, unknown> = ftnClaims();
/** Bends the next ID token for a test. */
let tamper: ((payload: Record<string, unknown>) => void) | undefined;

beforeAll(async () => {
  broker = new OAuth2Server();
  await broker.issuer.keys.generate('RS256');
  await broker.start(0, '127.0.0.1');
  broker.service.on('beforeTokenSigning', (token) => {
    // The ID token: the mock has put in aud = our client and the nonce of the authorization request.
    if (token.payload.aud !== CLIENT_ID) return;
    Object.assign(token.payload, claims);
    tamper?.(token.payload);
  });
  app = await buildTestApp({
    identity: { issuer: broker.issuer.url!, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, scope: 'openid profile' },
  });
});

afterAll(async () => {
  await app?.close();
  await broker?.stop();
});

afterEach(() => {
  claims = ftnClaims();
  tamper = undefined;
  broker.service.removeAllListeners('beforeAuthorizeRedirect');
});

async function person() {
  const user = await createUser(app);
  const { token, headers } = await loginAs(app, user);
  return { ...user, token, headers: { ...headers, ...en } };
}
type Person = Awaited<ReturnType<typeof person>>;

/** POST /api/identity/start: the broker's URL and the sealed cookie. */
async function start(who: Person) {
  const res = await app.inject({ method: 'POST', url: '/api/identity/start', headers: who.headers });
  expect(res.statusCode).toBe(200);
  return { url: new URL(res.json<{ data: { url: string } }>().data.url), cookie: cookieFrom(res, 'identity_state')!, res };
}

/** The person at the broker: it redirects back to our callback with a code and the state. */
async function atBroker(url: URL) {
  const authorize = await fetch(url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${app.config.publicUrl}/api/identity/callback`);
  return back;
}

function callback(who: Person | null, query: URLSearchParams | string, cookie: string | null, navigation = false) {
  return app.inject({
    url: `/api/identity/callback?${query}`,
    headers: {
      ...en,
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(navigation ? { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site' } : {}),
    },
    ...(cookie === null ? {} : { cookies: { identity_state: cookie } }),
  });
}

/** The whole round trip; `bend` changes the broker's answer before it reaches the callback. */
async function identify(who: Person, bend: (query: URLSearchParams) => void = () => undefined) {
  const { url, cookie } = await start(who);
  const back = await atBroker(url);
  bend(back.searchParams);
  return callback(who, back.searchParams, cookie);
}

const rowOf = async (id: number) => (await app.services.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const auditOf = (id: number) =>
  app.services.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.entity} = 'user' and ${auditLog.entityId} = ${String(id)} and ${auditLog.action} like 'identity_%'`);

async function expectNothingStored(who: Person) {
  const row = await rowOf(who.id);
  expect([row.identityVerifiedAt, row.identityMethod, row.identityName]).toEqual([null, null, null]);
  expect(await auditOf(who.id)).toEqual([]);
}

function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(400);
  expect(res.json().errors.identity).toEqual([
    expect.stringMatching(/^The identification (could not be completed|expired or was started in another browser)/),
  ]);
}

describe('starting an identification', () => {
  it('answers the broker’s authorization URL with state, nonce, PKCE S256 and the scopes, sealed in a short-lived cookie for /api/identity only', async () => {
    const who = await person();
    const status = await app.inject({ url: '/api/identity', headers: who.headers });
    expect(status.json().data).toEqual({ available: true, verified: false, method: null, name: null, verified_at: null });

    const { url, cookie, res } = await start(who);
    expect(`${url.origin}${url.pathname}`).toBe(`${broker.issuer.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${app.config.publicUrl}/api/identity/callback`,
      scope: 'openid profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toMatch(/^[\w-]{32,}$/);
    expect(res.cookies.find((c) => c.name === 'identity_state')).toMatchObject({
      path: '/api/identity',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 600,
    });
    // Sealed: neither the state nor the verifier can be read from it; the challenge is S256 of the verifier.
    expect(cookie).not.toContain(url.searchParams.get('state')!);
    const pending = JSON.parse(app.services.platform.sealer.decrypt(cookie)) as { verifier: string; userId: number };
    expect(pending.userId).toBe(who.id);
    expect(crypto.createHash('sha256').update(pending.verifier).digest('base64url')).toBe(url.searchParams.get('code_challenge'));
  });

  it('needs an account, and refuses someone already verified (422)', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/identity/start' })).statusCode).toBe(401);
    const who = await person();
    expect((await identify(who)).statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/identity/start', headers: who.headers });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.identity).toEqual(['Your identity is already verified.']);
  });

  it('is not for staff acting as someone else (403), and stores nothing', async () => {
    const who = await person();
    const admin = await createUser(app, { roles: ['admin'] });
    await app.services.database.db
      .update(sessions)
      .set({ impersonatorId: admin.id })
      .where(eq(sessions.id, hashToken(who.token)));
    expect((await app.inject({ method: 'POST', url: '/api/identity/start', headers: who.headers })).statusCode).toBe(403);
    await expectNothingStored(who);
  });

  it('answers a translated 503 when the broker cannot be reached, and sets no cookie', async () => {
    const unreachable = await buildTestApp({
      identity: { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', scope: 'openid' },
    });
    try {
      const user = await createUser(unreachable);
      const { headers } = await loginAs(unreachable, user);
      const res = await unreachable.inject({ method: 'POST', url: '/api/identity/start', headers: { ...headers, ...en } });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/temporarily unavailable/i);
      expect(cookieFrom(res, 'identity_state')).toBeUndefined();
    } finally {
      await unreachable.close();
    }
  });
});

describe('the broker’s answer', () => {
  it('verifies the person: keeps when, the method and the name, and never the personal identity code', async () => {
    const who = await person();
    const res = await identify(who);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ available: true, verified: true, method: 'bank', name: 'Matti Meikäläinen' });
    expect(cookieFrom(res, 'identity_state')).toBe('');

    const row = await rowOf(who.id);
    expect(row.identityVerifiedAt).toBeInstanceOf(Date);
    expect(row.identityMethod).toBe('bank');
    expect(row.identityName).toBe('Matti Meikäläinen');
    // No column of the account, and nothing in the audit log, holds the code (nor its digits).
    expect(JSON.stringify(row)).not.toMatch(/010190|123A/);
    const audit = await auditOf(who.id);
    expect(audit.map((entry) => [entry.action, entry.data])).toEqual([['identity_verified', { method: 'bank' }]]);
    expect(JSON.stringify(audit)).not.toMatch(/010190/);

    const own = await app.inject({ url: '/api/user', headers: who.headers });
    expect(own.json().data).toMatchObject({ identity_method: 'bank', identity_verified_at: row.identityVerifiedAt!.toISOString() });
    expect(own.body).not.toMatch(/010190/);
  });

  it('sends a browser back to the settings page, through the session cookie and across sites', async () => {
    const who = await person();
    const { url, cookie } = await start(who);
    const back = await atBroker(url);
    const res = await app.inject({
      url: `/api/identity/callback?${back.searchParams}`,
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site' },
      cookies: { session: who.token, identity_state: cookie },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/settings/account?identity=verified');
    expect((await rowOf(who.id)).identityMethod).toBe('bank');
  });

  it('names the method from amr (mobile certificate, card, or the broker’s own word) and the name from its parts', async () => {
    const cases: [unknown, Record<string, unknown>, string, string | null][] = [
      [['fi-mobile'], {}, 'mobile', 'Matti Meikäläinen'],
      ['mobiilivarmenne', { name: undefined }, 'mobile', 'Matti Meikäläinen'],
      [['fineid'], { name: undefined, given_name: 'Maija' }, 'card', 'Maija Meikäläinen'],
      [['Pankki-X'], {}, 'bank', 'Matti Meikäläinen'],
      [['Super Auth!'], { name: `Matti ${HETU}` }, 'superauth', null],
      [[HETU], {}, 'ftn', 'Matti Meikäläinen'],
      [undefined, { name: undefined, given_name: undefined, family_name: undefined }, 'ftn', null],
    ];
    for (const [amr, overrides, method, name] of cases) {
      claims = { ...ftnClaims(), amr, ...overrides };
      const who = await person();
      const res = await identify(who);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ method, name });
      expect(JSON.stringify(await rowOf(who.id))).not.toMatch(/010190/);
    }
  });

  it('refuses a wrong state: translated 400, nothing stored', async () => {
    const who = await person();
    const res = await identify(who, (query) => query.set('state', 'x'.repeat(43)));
    expectRefused(res);
    await expectNothingStored(who);
  });

  it('refuses an ID token with another nonce: translated 400, nothing stored', async () => {
    const who = await person();
    tamper = (payload) => {
      payload.nonce = 'not-the-nonce-of-this-identification';
    };
    expectRefused(await identify(who));
    await expectNothingStored(who);
  });

  it('refuses an ID token from another issuer, and an answer naming another issuer (RFC 9207): nothing stored', async () => {
    const who = await person();
    tamper = (payload) => {
      payload.iss = 'https://evil.example';
    };
    expectRefused(await identify(who));
    tamper = undefined;
    expectRefused(await identify(who, (query) => query.set('iss', 'https://evil.example')));
    await expectNothingStored(who);
  });

  it('refuses an ID token for another client or already expired: nothing stored', async () => {
    const who = await person();
    for (const bend of [
      (payload: Record<string, unknown>) => (payload.aud = 'someone-else'),
      (payload: Record<string, unknown>) => (payload.exp = Math.floor(Date.now() / 1000) - 3600),
    ]) {
      tamper = bend;
      expectRefused(await identify(who));
    }
    await expectNothingStored(who);
  });

  it('cannot redeem a code with another identification’s verifier (PKCE): a stolen code is worthless', async () => {
    const who = await person();
    const first = await start(who);
    const stolen = await atBroker(first.url);
    const second = await start(who);
    const own = await atBroker(second.url);
    // The attacker's browser: its own cookie and state, the victim's code.
    const query = new URLSearchParams({ code: stolen.searchParams.get('code')!, state: own.searchParams.get('state')! });
    expectRefused(await callback(who, query, second.cookie));
    await expectNothingStored(who);
  });

  it('takes an answer once: a replay (with or without the spent cookie) changes nothing', async () => {
    const who = await person();
    const { url, cookie } = await start(who);
    const back = await atBroker(url);
    expect((await callback(who, back.searchParams, cookie)).statusCode).toBe(200);
    const before = await rowOf(who.id);
    expectRefused(await callback(who, back.searchParams, cookie));
    expectRefused(await callback(who, back.searchParams, null));
    expect(await rowOf(who.id)).toEqual(before);
  });

  it('stores nothing for another account or session, without a cookie, or with a forged one', async () => {
    const victim = await person();
    const attacker = await person();
    const { url, cookie } = await start(attacker);
    const back = await atBroker(url);
    // The attacker's finished identification planted in the victim's browser (login CSRF).
    expectRefused(await callback(victim, back.searchParams, cookie));
    expectRefused(await callback(null, back.searchParams, cookie));
    expectRefused(await callback(victim, back.searchParams, null));
    expectRefused(await callback(victim, back.searchParams, 'forged.cookie.value'));
    await expectNothingStored(victim);
    await expectNothingStored(attacker);
  });

  it('a browser that cancelled at the broker, or failed, is told so on the settings page', async () => {
    const who = await person();
    const { url, cookie } = await start(who);
    const back = await atBroker(url);
    const cancelled = new URLSearchParams({ error: 'access_denied', state: back.searchParams.get('state')! });
    const res = await callback(who, cancelled, cookie, true);
    expect(res.headers.location).toBe('/settings/account?identity=cancelled');
    const wrong = await callback(who, new URLSearchParams({ code: 'x', state: 'y' }), cookie, true);
    expect(wrong.headers.location).toBe('/settings/account?identity=failed');
    const expired = await callback(who, back.searchParams, null, true);
    expect(expired.headers.location).toBe('/settings/account?identity=expired');
    await expectNothingStored(who);
  });
});

describe('the badge', () => {
  it('shows on user-info, the seller page, the ad page and in the chat rooms of the other person', async () => {
    const seller = await person();
    const plain = await person();
    const ad = await createAd(app, { userId: seller.id, name: 'Polkupyörä' });
    const plainAd = await createAd(app, { userId: plain.id, name: 'Pyörä' });
    expect((await app.inject({ url: `/api/user-info/${seller.id}` })).json().data.identity_verified).toBe(false);
    expect((await identify(seller)).statusCode).toBe(200);

    const info = await app.inject({ url: `/api/user-info/${seller.id}` });
    expect(info.json().data.identity_verified).toBe(true);
    expect(info.body).not.toMatch(/Matti|010190/);
    expect((await app.inject({ url: `/api/user-info/${plain.id}` })).json().data.identity_verified).toBe(false);
    expect((await app.inject({ url: `/api/sellers/${seller.id}` })).json().seller.identity_verified).toBe(true);
    expect((await app.inject({ url: `/api/product/${ad.uuid}` })).json().data.seller.identity_verified).toBe(true);
    expect((await app.inject({ url: `/api/product/${plainAd.uuid}` })).json().data.seller.identity_verified).toBe(false);

    const buyer = await person();
    const opening = await app.inject({ url: `/api/channel/product/${ad.uuid}`, headers: buyer.headers });
    expect(opening.json().seller.identity_verified).toBe(true);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/channel/product/${ad.uuid}/messages`,
      headers: buyer.headers,
      payload: { text: 'Onko vielä myynnissä?', client_id: crypto.randomUUID() },
    });
    const roomId = sent.json().room_id as number;
    expect((await app.inject({ url: `/api/chat-room/${roomId}`, headers: buyer.headers })).json().room.other.identity_verified).toBe(true);
    const rooms = (await app.inject({ url: '/api/chat-rooms', headers: seller.headers })).json().data as {
      other: { identity_verified: boolean };
    }[];
    expect(rooms.map((room) => room.other.identity_verified)).toEqual([false]);
  });

  it('goes when the person removes their identification; removing none is a 404', async () => {
    const who = await person();
    expect((await identify(who)).statusCode).toBe(200);
    const res = await app.inject({ method: 'DELETE', url: '/api/identity', headers: who.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/removed/), data: { verified: false, method: null, name: null } });
    const row = await rowOf(who.id);
    expect([row.identityVerifiedAt, row.identityMethod, row.identityName]).toEqual([null, null, null]);
    expect((await auditOf(who.id)).map((entry) => entry.action).sort()).toEqual(['identity_removed', 'identity_verified']);
    expect((await app.inject({ method: 'DELETE', url: '/api/identity', headers: who.headers })).statusCode).toBe(404);
  });
});

describe('without a broker', () => {
  it('is off: the status says so, starting is a 404, and a callback sends a browser back with "unavailable"', async () => {
    const plain = await buildTestApp();
    try {
      const user = await createUser(plain);
      const { headers, token } = await loginAs(plain, user);
      expect((await plain.inject({ url: '/api/identity', headers })).json().data).toMatchObject({ available: false, verified: false });
      expect((await plain.inject({ method: 'POST', url: '/api/identity/start', headers })).statusCode).toBe(404);
      expect((await plain.inject({ url: '/api/identity/callback?code=x&state=y', headers })).statusCode).toBe(404);
      const navigation = await plain.inject({
        url: '/api/identity/callback?code=x&state=y',
        headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
        cookies: { session: token },
      });
      expect(navigation.headers.location).toBe('/settings/account?identity=unavailable');
    } finally {
      await plain.close();
    }
  });
});
