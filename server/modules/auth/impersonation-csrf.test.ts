import http from 'node:http';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../../common/cookies.ts';
import { auditLog, sessions } from '../../db/schema/auth.ts';
import { cookieFrom, createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';

/**
 * Issue 31: the spec's impersonation calls are GETs, but they switch the browser's session, so
 * a link, a redirect or a picture must not be able to make them. They meet the checks of an
 * unsafe call: the XSRF header for cookie sessions, and no call the browser says came from
 * outside the app's own scripts (Fetch Metadata). A refused call leaves the session as it was.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** The Fetch Metadata a browser sends with the app's own fetch(), and with a link from another site. */
const APP_FETCH = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
const CROSS_SITE_LINK = {
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-user': '?1',
};

async function signedInAdmin() {
  const user = await createUser(app, { roles: ['user', 'admin'] });
  const { token, xsrf } = await loginAs(app, user);
  return { user, token, xsrf, cookies: { [SESSION_COOKIE]: token, [XSRF_COOKIE]: xsrf } };
}

const call = (
  cookies: Record<string, string>,
  url: string,
  headers: Record<string, string> = {},
  method: InjectOptions['method'] = 'GET',
) => app.inject({ method, url, cookies, headers: { 'accept-language': 'en', ...headers } });

const whoAmI = async (cookies: Record<string, string>) => (await call(cookies, '/api/user')).json().data?.id as number | undefined;

/** Sessions an admin started by acting as someone, and the audit rows saying so. */
async function impersonationsBy(adminId: number) {
  const db = app.services.database.db;
  const started = await db.select().from(sessions).where(eq(sessions.impersonatorId, adminId));
  const audited = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, adminId), eq(auditLog.action, 'impersonation_start')));
  return started.length + audited.length;
}

/** Asserts the admin is still themselves: same session, no impersonation started, no new cookie. */
async function expectUnchanged(admin: Awaited<ReturnType<typeof signedInAdmin>>, reply: { cookies: { name: string }[] }) {
  expect(reply.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  expect(await whoAmI(admin.cookies)).toBe(admin.user.id);
  expect(await impersonationsBy(admin.user.id)).toBe(0);
}

/** A GET over a real socket with its path exactly as written (test injection would tidy some spellings). */
async function rawGet(path: string, cookies: Record<string, string>): Promise<{ status: number; location?: string }> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' }).catch(() => app.server.address());
  const port = typeof address === 'string' ? Number(new URL(address).port) : (address as { port: number }).port;
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'GET', path, headers: { cookie } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, ...(response.headers.location ? { location: response.headers.location } : {}) });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('taking over an account cannot be forced', () => {
  it('refuses a cookie session without the XSRF header (a link, a picture, a redirect) with 419', async () => {
    const admin = await signedInAdmin();
    const person = await createUser(app);
    const reply = await call(admin.cookies, `/api/impersonate/take/${person.id}`);
    expect(reply.statusCode).toBe(419);
    expect(reply.json().code).toBe('csrf_mismatch');
    await expectUnchanged(admin, reply);
    // Nor with the token of another session of the same admin.
    const other = await loginAs(app, admin.user);
    const wrong = await call(admin.cookies, `/api/impersonate/take/${person.id}`, { 'x-xsrf-token': other.xsrf });
    expect(wrong.statusCode).toBe(419);
    await expectUnchanged(admin, wrong);
  });

  it('refuses a call from outside the app with 403 even when it carries the header', async () => {
    const admin = await signedInAdmin();
    const person = await createUser(app);
    const withToken = { 'x-xsrf-token': admin.xsrf };
    for (const metadata of [
      CROSS_SITE_LINK,
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
      // A sibling host or another port of the same host: the app never calls itself from there.
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' },
      // Typed into the address bar, or a link inside the site itself (a blog post, a chat message).
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
      // <img src="/media/../api/impersonate/take/6"> in a post: a same-origin picture request.
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
    ] as Record<string, string>[]) {
      const reply = await call(admin.cookies, `/api/impersonate/take/${person.id}`, { ...withToken, ...metadata });
      expect(reply.statusCode, JSON.stringify(metadata)).toBe(403);
      expect(reply.json().code).toBe('cross_site_request');
      await expectUnchanged(admin, reply);
    }
  });

  it('meets the same checks however the path is written, and for HEAD', async () => {
    const admin = await signedInAdmin();
    const person = await createUser(app);
    const path = `/api/impersonate/take/${person.id}`;
    for (const url of [path, `${path}/`, `/api/impersonate/take/${person.id}?x=1`]) {
      const reply = await call(admin.cookies, url);
      expect(reply.statusCode, url).toBe(419);
      const navigated = await call(admin.cookies, url, { 'x-xsrf-token': admin.xsrf, ...CROSS_SITE_LINK });
      expect(navigated.statusCode, url).toBe(403);
    }
    expect((await call(admin.cookies, path, {}, 'HEAD')).statusCode).toBe(419);
    expect((await call(admin.cookies, path, { 'x-xsrf-token': admin.xsrf, ...CROSS_SITE_LINK }, 'HEAD')).statusCode).toBe(403);
    // Other spellings never reach the route as written: redirected to the one spelling (which then
    // meets the check), refused, or another path altogether.
    for (const spelling of [
      `/api//impersonate/take/${person.id}`,
      `//api/impersonate/take/${person.id}`,
      `/%61pi/impersonate/take/${person.id}`,
      `/api/impersonate/take/%3${String(person.id).slice(0, 1)}${String(person.id).slice(1)}`,
      `/api/impersonate%2Ftake/${person.id}`,
      `/API/impersonate/take/${person.id}`,
      `/api/impersonate/../impersonate/take/${person.id}`,
      `/api/impersonate/%2e%2e/impersonate/take/${person.id}`,
      `/media/../api/impersonate/take/${person.id}`,
      `/media/%2e%2e/api/impersonate/take/${person.id}`,
      `/media/..%2Fapi/impersonate/take/${person.id}`,
      `/media\\..\\api/impersonate/take/${person.id}`,
    ]) {
      const reply = await rawGet(spelling, admin.cookies);
      expect([301, 400, 404], `${spelling} → ${reply.status}`).toContain(reply.status);
      if (reply.location) {
        expect(reply.location).toMatch(/^\/api\/impersonate\/take\/\d+$/);
        expect((await rawGet(reply.location, admin.cookies)).status).toBe(419);
      }
    }
    expect(await whoAmI(admin.cookies)).toBe(admin.user.id);
    expect(await impersonationsBy(admin.user.id)).toBe(0);
  });

  it('holds under a burst of parallel forged calls', async () => {
    const admin = await signedInAdmin();
    const person = await createUser(app);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(admin.cookies, `/api/impersonate/take/${person.id}`, i % 2 ? { 'x-xsrf-token': admin.xsrf, ...CROSS_SITE_LINK } : {}),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([...Array(6).fill(403), ...Array(6).fill(419)]);
    await expectUnchanged(admin, { cookies: [] });
  });

  it('works from the app itself: a same-origin fetch with the header takes over and leaves', async () => {
    const admin = await signedInAdmin();
    const person = await createUser(app);
    const taken = await call(admin.cookies, `/api/impersonate/take/${person.id}`, { 'x-xsrf-token': admin.xsrf, ...APP_FETCH });
    expect(taken.statusCode).toBe(200);
    const acting = { [SESSION_COOKIE]: cookieFrom(taken, SESSION_COOKIE)!, [XSRF_COOKIE]: cookieFrom(taken, XSRF_COOKIE)! };
    expect(await whoAmI(acting)).toBe(person.id);
    const left = await call(acting, '/api/impersonate/leave', { 'x-xsrf-token': acting[XSRF_COOKIE]!, ...APP_FETCH });
    expect(left.statusCode).toBe(200);
    expect(await whoAmI({ [SESSION_COOKIE]: cookieFrom(left, SESSION_COOKIE)! })).toBe(admin.user.id);
  });
});

describe('leaving cannot be forced either', () => {
  it('refuses leave without the header or from outside the app, and the admin keeps acting', async () => {
    const admin = await signedInAdmin();
    const person = await createUser(app);
    const taken = await call(admin.cookies, `/api/impersonate/take/${person.id}`, { 'x-xsrf-token': admin.xsrf });
    const acting = { [SESSION_COOKIE]: cookieFrom(taken, SESSION_COOKIE)!, [XSRF_COOKIE]: cookieFrom(taken, XSRF_COOKIE)! };
    const bare = await call(acting, '/api/impersonate/leave');
    expect(bare.statusCode).toBe(419);
    const navigated = await call(acting, '/api/impersonate/leave/', { 'x-xsrf-token': acting[XSRF_COOKIE]!, ...CROSS_SITE_LINK });
    expect(navigated.statusCode).toBe(403);
    for (const reply of [bare, navigated]) expect(cookieFrom(reply, SESSION_COOKIE)).toBeUndefined();
    expect(await whoAmI(acting)).toBe(person.id);
  });
});

describe('Fetch Metadata on every state-changing call (defence in depth)', () => {
  it('refuses an unsafe call from another site even with a valid token, signed in or not', async () => {
    const admin = await signedInAdmin();
    const patch = (headers: Record<string, string>) =>
      app.inject({
        method: 'PATCH',
        url: '/api/theme',
        cookies: admin.cookies,
        headers: { 'x-xsrf-token': admin.xsrf, ...headers },
        payload: { theme_dark: true },
      });
    expect((await patch({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' })).statusCode).toBe(403);
    expect((await patch(APP_FETCH)).statusCode).toBe(200);
    // A log-in posted by a form on another site (signing the browser in as someone else).
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      payload: { email: admin.user.email, password: admin.user.password },
    });
    expect(login.statusCode).toBe(403);
    expect(cookieFrom(login, SESSION_COOKIE)).toBeUndefined();
  });

  it('leaves reads and bearer clients alone', async () => {
    const admin = await signedInAdmin();
    expect((await call(admin.cookies, '/api/user', CROSS_SITE_LINK)).statusCode).toBe(200);
    const person = await createUser(app);
    const bearer = await app.inject({
      url: `/api/impersonate/take/${person.id}`,
      headers: { authorization: `Bearer ${admin.token}`, ...CROSS_SITE_LINK },
    });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.json().token).toEqual(expect.any(String));
  });
});
