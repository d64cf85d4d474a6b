import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';

/** Answers travel compressed when the client says it can read them, and only then. */
let app: FastifyInstance;
let plain: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  plain = await buildTestApp({ compressResponses: false });
});
afterAll(async () => {
  await app.close();
  await plain.close();
});

const tree = (server: FastifyInstance, encoding?: string) =>
  server.inject({ url: '/api/catalogs-tree', headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('compression', () => {
  it('answers brotli when asked, and the content is the same JSON', async () => {
    const identity = await tree(app);
    const br = await tree(app, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(identity.json());
  });

  it('answers gzip to a client that reads only gzip', async () => {
    const gz = await tree(app, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toHaveProperty('data');
  });

  it('sends plain bytes to a client that asks for nothing, and small answers as they are', async () => {
    expect((await tree(app)).headers['content-encoding']).toBeUndefined();
    const small = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('leaves compression to a proxy when COMPRESS_RESPONSES is off', async () => {
    expect((await tree(plain, 'br, gzip')).headers['content-encoding']).toBeUndefined();
  });
});
