import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { AppError } from '../../common/errors.ts';

let app: FastifyInstance;

// A route with a typical body schema, added next to the real ones, to drive the shared validation and error handling.
const Body = Type.Object(
  {
    name: Type.String({ minLength: 3, maxLength: 20 }),
    price: Type.Number({ minimum: 0, maximum: 1000 }),
    email: Type.Optional(Type.String({ format: 'email' })),
    sort: Type.Optional(Type.Union([Type.Literal('price_asc'), Type.Literal('price_desc')])),
    tags: Type.Optional(Type.Array(Type.String(), { maxItems: 2 })),
  },
  { additionalProperties: false },
);

beforeAll(async () => {
  app = await buildTestApp({ bodyLimit: 2048 });
  app.post('/api/test-echo', { schema: { body: Body } }, async (request) => request.body);
  app.get('/api/test-app-error', async () => {
    throw AppError.field('email', 'validation.email');
  });
  app.get('/api/test-throttle', async () => {
    throw new AppError('too_many_requests', { seconds: 30 });
  });
  app.get('/api/test-crash', async () => {
    throw new Error('secret internal detail at /srv/app.ts:42');
  });
});
afterAll(() => app.close());

const post = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/test-echo', payload, headers: { 'content-type': 'application/json', ...headers } });

describe('bad input gets the error shape with a translated message, never a crash', () => {
  it('accepts a valid body', async () => {
    const res = await post(JSON.stringify({ name: 'Sohva', price: 10 }));
    expect(res.statusCode).toBe(200);
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await post('{"name": "Sohva",', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('answers wrong types, missing and unknown fields with 422 and a message per field', async () => {
    const res = await post(JSON.stringify({ price: 'ten', extra: true, sort: 'random', email: 'nope' }), { 'accept-language': 'en' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.message).toBe('Please check the highlighted fields.');
    expect(body.errors).toMatchObject({
      name: ['Field is required'],
      price: ['Must be a number.'],
      extra: ['This field is not allowed.'],
      sort: ['Choose one of the allowed values.'],
      email: ['The email must be a valid email address.'],
    });
  });

  it('translates the messages by Accept-Language, with Finnish as the fallback', async () => {
    const payload = JSON.stringify({ price: 1 });
    expect((await post(payload, { 'accept-language': 'ru' })).json().errors.name).toEqual(['Поле обязательно для заполнения']);
    expect((await post(payload, { 'accept-language': 'fi' })).json().errors.name).toEqual(['Kenttä on pakollinen']);
    expect((await post(payload, { 'accept-language': 'de-DE,xx;q=0.5' })).json().errors.name).toEqual(['Kenttä on pakollinen']);
    expect((await post(payload, { 'accept-language': ';;;q=abc,,' })).json().errors.name).toEqual(['Kenttä on pakollinen']);
  });

  it('reports unknown fields named like object members (valueOf, constructor) without failing', async () => {
    const res = await post('{"name":"Sohva","price":1,"valueOf":"","constructor":1}', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.valueOf).toEqual(['This field is not allowed.']);
    expect(res.json().errors.constructor).toEqual(['This field is not allowed.']);
  });

  it('reports length and range limits with the limit in the message', async () => {
    const res = await post(JSON.stringify({ name: 'ab', price: 5000, tags: ['a', 'b', 'c'] }), { 'accept-language': 'en' });
    expect(res.json().errors).toMatchObject({
      name: ['Must be at least 3 characters.'],
      price: ['Must be at most 1000.'],
      tags: ['Choose at most 2.'],
    });
  });

  it('answers a body that is not an object with 422', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await post(payload);
      expect([400, 422]).toContain(res.statusCode);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('answers an oversize body with 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(5000), price: 1 }), { 'accept-language': 'en' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'payload_too_large', message: 'The request is too large.' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });

  it('answers unknown and odd API paths with a JSON 404', async () => {
    for (const url of [
      '/api/nope',
      '/api/../../etc/passwd',
      '/api/%2e%2e/%00',
      `/api/${'a'.repeat(3000)}`,
      '/api/regions/extra/segments',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().message, url).toEqual(expect.any(String));
    }
  });

  it('answers a malformed URL encoding with 400, not a crash', async () => {
    const res = await app.inject({ url: '/api/regions?lang=%E0%A4%A' });
    expect(res.statusCode).toBeLessThan(500);
  });

  it('maps an AppError to its status and translates its field messages', async () => {
    const res = await app.inject({ url: '/api/test-app-error', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'Please check the highlighted fields.',
      errors: { email: ['The email must be a valid email address.'] },
    });
  });

  it('tells a throttled client when to come back', async () => {
    const res = await app.inject({ url: '/api/test-throttle', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json().message).toBe('Too many attempts. Please wait before retrying.');
  });

  it('answers an unexpected failure with a generic 500 and no internals', async () => {
    const res = await app.inject({ url: '/api/test-crash', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'internal', message: 'Server error. Please try again later.' });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('app.ts');
  });

  it('never answers random JSON bodies with a server error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const res = await post(JSON.stringify(value));
        expect(res.statusCode).toBeLessThan(500);
        expect(typeof res.json().message === 'string' || res.statusCode === 200).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('never answers random bytes with a server error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (text) => {
        const res = await post(text);
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
