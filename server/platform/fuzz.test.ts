import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../test/accounts.ts';
import { buildTestApp } from '../test/app.ts';

/**
 * Every route of the OpenAPI document, fed what its schema does not expect: numbers at and past
 * the edges of the column types, control characters, huge and deeply nested values, wrong types.
 * Whatever comes in, the answer is never a 5xx.
 */
let app: FastifyInstance;
let bearer: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp();
  const user = await createUser(app);
  bearer = (await loginAs(app, user)).headers;
});
afterAll(() => app.close());

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: { properties?: Record<string, unknown> };
  query: string[];
}

function operations(): Operation[] {
  const doc = app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        { requestBody?: { content?: Record<string, { schema?: Operation['body'] }> }; parameters?: { in: string; name: string }[] }
      >
    >;
  };
  const found: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      found.push({ method: method.toUpperCase() as Operation['method'], path, body, query });
    }
  }
  return found;
}

const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });
/** Values no schema here expects, and the edges of the ones they do. */
const hostile = fc.oneof(
  fc.constantFrom(
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -0,
    0.5,
    '',
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '\ud800',
    'x'.repeat(10_000),
    '9'.repeat(400),
    '../../etc/passwd',
    '<script>alert(1)</script>',
    null,
    true,
    [],
    {},
    { __proto__: { polluted: true } },
    nested(200),
    Array.from({ length: 2_000 }, (_, i) => i),
  ),
  fc.jsonValue({ maxDepth: 4 }),
);
const pathValue = fc.constantFrom(
  '2147483648',
  '-1',
  '0',
  '1.5',
  '%00',
  'x'.repeat(300),
  '00000000-0000-4000-8000-000000000000',
  'ä',
  '%2e%2e',
  'null',
);

describe('every route, fed hostile input', () => {
  it('never answers with a 5xx', async () => {
    const routes = operations();
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...Object.keys(route.body?.properties ?? { any: 1 }), 'extra'), hostile, { maxKeys: 4 }),
          pathValue,
          fc.boolean(),
          hostile,
          async (body, param, signedIn, queryValue) => {
            const url = route.path.replace(/\{[^}]+\}/g, param);
            const query = route.query.map((name) => `${name}=${encodeURIComponent(JSON.stringify(queryValue))}`).join('&');
            const response = await app.inject({
              method: route.method,
              url: query ? `${url}?${query}` : url,
              headers: { 'accept-language': 'en', ...(signedIn ? bearer : {}) },
              ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body as object }),
            });
            if (response.statusCode >= 500)
              failures.push(
                `${route.method} ${url} ${JSON.stringify(body).slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
          },
        ),
        { numRuns: 12, seed: 20261124 },
      );
    }
    expect(failures).toEqual([]);
  });

  it('answers a body nested thousands deep, or a bare value, as bad input', async () => {
    let deep = '"x"';
    for (let i = 0; i < 5_000; i++) deep = `{"a":${deep}}`;
    for (const payload of [deep, '['.repeat(5_000) + ']'.repeat(5_000), '"text"', '12', 'null']) {
      const response = await app.inject({ method: 'POST', url: '/api/products', headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode, payload.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload.slice(0, 20)).toBeLessThan(500);
    }
  });
});
