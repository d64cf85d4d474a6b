import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('operations endpoints', () => {
  it('answers /healthz and /readyz while the database is up', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('reports not ready when the database does not answer', async () => {
    const ping = app.services.database.ping;
    app.services.database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
    } finally {
      app.services.database.ping = ping;
    }
  });

  it('exposes Prometheus metrics including request durations by route', async () => {
    await app.inject({ url: '/api/regions' });
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('route="/api/regions"');
    expect(res.body).toContain('process_cpu_seconds_total');
    // The listing's index has loaded (an empty site: no ads) and says how many it holds.
    await app.services.listingIndex!.start();
    expect((await app.inject({ url: '/metrics' })).body).toMatch(/^listing_index_ads 0$/mu);
  });

  it('publishes the OpenAPI document and its docs page', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/sanctum/csrf-cookie']?.get).toBeTruthy();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/cities', '/api/regions', '/api/catalogs-tree', '/api/catalogs-flatten']),
    );
    const page = await app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('sets the security headers', async () => {
    const res = await app.inject({ url: '/api/regions' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('keeps a well-formed incoming request id and answers with it in the logs context', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-1234567890' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('who may read /metrics', () => {
  it('answers the allow-listed addresses (loopback by default) and hides itself from everyone else', async () => {
    expect((await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics', remoteAddress: '203.0.113.5' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/metrics', remoteAddress: '10.0.0.7' })).statusCode).toBe(404);
  });

  it('answers anyone with the token, and a listed network', async () => {
    const guarded = await buildTestApp({ metrics: { token: 'metrics-token-0123456789', allow: ['10.0.0.0/8'] } });
    try {
      const outside = { url: '/metrics', remoteAddress: '203.0.113.5' };
      expect((await guarded.inject(outside)).statusCode).toBe(404);
      expect((await guarded.inject({ ...outside, headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(404);
      expect((await guarded.inject({ ...outside, headers: { authorization: 'Bearer metrics-token-0123456789' } })).statusCode).toBe(200);
      expect((await guarded.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
      expect((await guarded.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    } finally {
      await guarded.close();
    }
  });
});
