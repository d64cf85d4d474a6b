import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalPath } from './request-path.ts';
import { cookieFrom, createUser, loginAs } from '../test/accounts.ts';
import { buildTestApp } from '../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const UNSAFE = ['post', 'put', 'patch', 'delete'] as const;

/** Every unsafe call of the OpenAPI document, with its path parameters filled in. */
function unsafeRoutes(): { method: string; path: string }[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes: { method: string; path: string }[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of UNSAFE) {
      if (!operations[method]) continue;
      const filled = path.replace(/\{[^}]+\}/g, (name) => (/uuid/i.test(name) ? '00000000-0000-4000-8000-000000000000' : '1'));
      routes.push({ method: method.toUpperCase(), path: filled });
    }
  }
  return routes;
}

/** The status of a request sent over a real socket with its path exactly as written. */
async function rawStatus(method: string, path: string): Promise<number> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' }).catch(() => app.server.address());
  const port = typeof address === 'string' ? Number(new URL(address).port) : (address as { port: number }).port;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers: { 'content-type': 'application/json' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(method === 'GET' ? undefined : '{}');
  });
}

/** The same path written the ways a forged request might write it. */
function spellings(path: string): string[] {
  const rest = path.slice('/api'.length);
  return [path, `/${path}`, `/%61pi${rest}`, `/api/${rest}`, `${path}/`, `/api%2F${rest.slice(1)}`, `/API${rest}`];
}

describe('CSRF protection of cookie sessions', () => {
  it('covers every unsafe API route, however its path is written', async () => {
    const user = await createUser(app);
    const { token } = await loginAs(app, user);
    const routes = unsafeRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const accepted: string[] = [];
    for (const { method, path } of routes) {
      for (const url of spellings(path)) {
        const response = await app.inject({ method: method as 'POST', url, cookies: { session: token }, payload: {} });
        // Refused before any handler ran: 419 on the route, 400 for an odd spelling, 404 for another path.
        if (![400, 404, 419].includes(response.statusCode)) accepted.push(`${method} ${url} → ${response.statusCode}`);
        if (url === path || url === `${path}/`) {
          if (response.statusCode !== 419) accepted.push(`${method} ${url} → ${response.statusCode} (expected 419)`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('covers the GET routes that change state (the spec keeps impersonation on GET), however their path is written', async () => {
    const user = await createUser(app, { roles: ['user', 'admin'] });
    const { token } = await loginAs(app, user);
    const accepted: string[] = [];
    for (const path of [`/api/impersonate/take/${(await createUser(app)).id}`, '/api/impersonate/leave']) {
      for (const url of spellings(path)) {
        const response = await app.inject({ url, cookies: { session: token } });
        // A read with an odd spelling is redirected to the one spelling, which meets the check.
        if (![301, 400, 404, 419].includes(response.statusCode)) accepted.push(`GET ${url} → ${response.statusCode}`);
        if (url === path || url === `${path}/`) {
          if (response.statusCode !== 419) accepted.push(`GET ${url} → ${response.statusCode} (expected 419)`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('accepts the token of the session and no other', async () => {
    const user = await createUser(app);
    const first = await loginAs(app, user);
    const second = await loginAs(app, user);
    const patch = (session: string, xsrf: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/theme',
        cookies: { session, 'XSRF-TOKEN': xsrf },
        headers: { 'x-xsrf-token': xsrf },
        payload: { theme_dark: true },
      });
    expect(first.xsrf).toBeTruthy();
    expect(first.xsrf).not.toBe(second.xsrf);
    expect((await patch(first.token, first.xsrf)).statusCode).toBe(200);
    expect((await patch(second.token, second.xsrf)).statusCode).toBe(200);
    // A token from another session, or one a page planted in the cookie, is refused.
    expect((await patch(first.token, second.xsrf)).statusCode).toBe(419);
    expect((await patch(first.token, 'x'.repeat(64))).statusCode).toBe(419);
  });

  it('hands a signed-in browser its token with the page, and a new one after it signs in again', async () => {
    const user = await createUser(app);
    const first = await loginAs(app, user);
    const page = await app.inject({ url: '/api/user', cookies: { session: first.token, 'XSRF-TOKEN': 'stale' } });
    expect(cookieFrom(page, 'XSRF-TOKEN')).toBe(first.xsrf);
    const again = await app.inject({
      method: 'POST',
      url: '/api/login',
      cookies: { session: first.token, 'XSRF-TOKEN': first.xsrf },
      headers: { 'x-xsrf-token': first.xsrf },
      payload: { email: user.email, password: user.password },
    });
    expect(again.statusCode).toBe(200);
    const rotated = cookieFrom(again, 'XSRF-TOKEN');
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(first.xsrf);
  });

  it('leaves bearer calls alone: a browser never adds that header by itself', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const response = await app.inject({ method: 'PATCH', url: '/api/theme', headers, payload: { theme_dark: false } });
    expect(response.statusCode).toBe(200);
  });
});

describe('odd path spellings', () => {
  it('folds them to one spelling', () => {
    expect(canonicalPath('//api//theme')).toBe('/api/theme');
    expect(canonicalPath('/%61pi/th%65me')).toBe('/api/theme');
    expect(canonicalPath('/%7Euser/%2d%2E%5f')).toBe('/~user/-._');
    // Escapes that mean something stay: a slash, a space, a non-ASCII letter.
    expect(canonicalPath('/catalogs/%C3%A4/a%2Fb%20c')).toBe('/catalogs/%C3%A4/a%2Fb%20c');
  });

  it('redirects a page read to the one spelling and refuses anything else', async () => {
    const page = await app.inject({ url: '//about?x=1' });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/about?x=1');
    // Never a protocol-relative redirect to another host.
    const host = await app.inject({ url: '//evil.example/path' });
    expect(host.headers.location).toBe('/evil.example/path');
    const post = await app.inject({ method: 'POST', url: '/%61pi/login', payload: {} });
    expect(post.statusCode).toBe(400);
    expect(post.json().code).toBe('bad_request');
    // Dot segments, plain or escaped, never reach the router (sent raw: test injection would resolve them).
    expect(await rawStatus('GET', '/api/../api/user')).toBe(400);
    expect(await rawStatus('GET', '/api/%2e%2e/api/user')).toBe(400);
    expect(await rawStatus('POST', '//api/login')).toBe(400);
  });
});

describe('the Secure flag', () => {
  it('follows the forwarded protocol behind a trusted proxy, and never trusts it otherwise', async () => {
    const behindProxy = await buildTestApp({ trustProxy: 1 });
    try {
      const user = await createUser(behindProxy);
      const login = (headers: Record<string, string>) =>
        behindProxy.inject({ method: 'POST', url: '/api/login', headers, payload: { email: user.email, password: user.password } });
      const https = await login({ 'x-forwarded-proto': 'https' });
      expect(https.cookies.find((c) => c.name === 'session')?.secure).toBe(true);
      expect(https.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
      const http = await login({});
      expect(http.cookies.find((c) => c.name === 'session')?.secure).toBeFalsy();
    } finally {
      await behindProxy.close();
    }
    // Without TRUST_PROXY a client cannot claim https for itself (the public URL decides).
    const user = await createUser(app);
    const direct = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: user.email, password: user.password },
    });
    expect(direct.cookies.find((c) => c.name === 'session')?.secure).toBeFalsy();
  });
});
