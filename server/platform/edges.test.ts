import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_CSP, STRICT_TRANSPORT_SECURITY } from '../app.ts';
import { buildTestApp } from '../test/app.ts';

// The edges of every request: which forwarded address is believed (TRUST_PROXY), HSTS only over
// HTTPS, and the API docs' own Content-Security-Policy.

let direct: FastifyInstance;
let oneHop: FastifyInstance;
let listed: FastifyInstance;

beforeAll(async () => {
  [direct, oneHop, listed] = await Promise.all([
    buildTestApp(),
    buildTestApp({ trustProxy: 1 }),
    // app.inject comes from 127.0.0.1: here that is the proxy's address.
    buildTestApp({ trustProxy: ['127.0.0.1', '10.0.0.0/8'] }),
  ]);
});
afterAll(() => Promise.all([direct, oneHop, listed].map((app) => app?.close())));

let attempt = 0;
/** A failed log-in on an address of its own (the per-address limit stays out of the way). */
function failedLogin(app: FastifyInstance, forwardedFor: string | undefined) {
  attempt += 1;
  return app.inject({
    method: 'POST',
    url: '/api/login',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: `nobody${attempt}@example.com`, password: 'wrong-password' },
  });
}

/** 31 failed log-ins (the per-address limit is 30 in 15 minutes), each with a new made-up address in front. */
async function spoofedRun(app: FastifyInstance, realClient: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < 31; n += 1) statuses.push((await failedLogin(app, `198.51.100.${n}, ${realClient}`)).statusCode);
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('with a hop count, a client cannot pick its address by writing X-Forwarded-For: the throttle counts the one the proxy saw', async () => {
    const statuses = await spoofedRun(oneHop, '203.0.113.7');
    expect(statuses.slice(0, 30).every((status) => status === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another client behind the same proxy is not held back.
    expect((await failedLogin(oneHop, '203.0.113.8')).statusCode).toBe(422);
  });

  it('with proxy addresses, the client is the first address from the right that is not a proxy', async () => {
    const statuses = await spoofedRun(listed, '203.0.113.9, 10.1.2.3');
    expect(statuses[29]).toBe(422);
    expect(statuses[30]).toBe(429);
    expect((await failedLogin(listed, '203.0.113.10, 10.1.2.3')).statusCode).toBe(422);
  });

  it('off (the default), X-Forwarded-For is not read at all', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 31; n += 1) statuses.push((await failedLogin(direct, `203.0.113.${n}`)).statusCode);
    expect(statuses[30]).toBe(429);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent only when the request came over HTTPS, as a trusted proxy says', async () => {
    const overHttps = await oneHop.inject({ method: 'GET', url: '/api/theme', headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    const overHttp = await oneHop.inject({ method: 'GET', url: '/api/theme' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy a client's own claim of https changes nothing.
    const claimed = await direct.inject({ method: 'GET', url: '/api/theme', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    // Helmet's other headers are still there.
    expect(overHttp.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('/api/docs', () => {
  it('has a Content-Security-Policy of its own: only script files from this origin', async () => {
    const page = await direct.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(API_DOCS_CSP);
    expect(API_DOCS_CSP).toContain("script-src 'self';");
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const initializer = await direct.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.headers['content-security-policy']).toBe(API_DOCS_CSP);
    // The policy is the docs' alone: the API answers JSON without it.
    const api = await direct.inject({ method: 'GET', url: '/api/theme' });
    expect(api.headers['content-security-policy']).toBeUndefined();
  });
});
