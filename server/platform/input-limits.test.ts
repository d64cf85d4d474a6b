import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT32_MAX } from '../../common/text.ts';
import { createUser, loginAs } from '../test/accounts.ts';
import { buildTestApp } from '../test/app.ts';
import { Type } from 'typebox';
import { boundIntegers } from './input-limits.ts';
import { fieldProblems, unstorableTextFields } from './validation.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const en = { 'accept-language': 'en' };
const TOO_BIG = INT32_MAX + 1;

describe('integers beyond the column type', () => {
  it('are a 422 on the field, never a database overflow', async () => {
    const calls = [
      { method: 'GET', url: `/api/user-info/${TOO_BIG}` },
      { method: 'GET', url: `/api/sellers/${TOO_BIG}` },
      { method: 'POST', url: `/api/verify-email/${TOO_BIG}/${'a'.repeat(40)}?expires=1&signature=${'b'.repeat(64)}` },
      { method: 'POST', url: '/api/same-products', payload: { catalogId: TOO_BIG, cityId: 1, currentProductId: 1 } },
      { method: 'POST', url: '/api/same-products-in-the-city', payload: { catalogId: 1, cityId: 1, currentProductId: 2 ** 53 } },
      { method: 'POST', url: '/api/products', payload: { cities: [1, TOO_BIG] } },
      { method: 'POST', url: '/api/products', payload: { catalogs: [TOO_BIG] } },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: en });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(422);
      expect(JSON.stringify(response.json().errors)).toContain('Must be at most 2147483647.');
    }
  });

  it('keep the tighter bounds a schema already has', () => {
    const schema = { type: 'object', properties: { page: { type: 'integer', minimum: 1, maximum: 50 }, id: { type: 'integer' } } };
    boundIntegers(schema);
    expect(schema.properties.page).toEqual({ type: 'integer', minimum: 1, maximum: 50 });
    expect(schema.properties.id).toEqual({ type: 'integer', minimum: -2_147_483_648, maximum: INT32_MAX });
  });
});

describe('control characters', () => {
  it('are refused in any text of a call, with a translated message on the field', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const calls = [
      { method: 'POST', url: '/api/search-hint', payload: { query: 'pyörä\u0000' } },
      { method: 'POST', url: '/api/products', payload: { name: 'a\u001bb' } },
      {
        method: 'POST',
        url: '/api/register',
        payload: { name: 'Mal\u0000lory', email: 'm@example.com', password: 'x', password_confirmation: 'x', terms: true },
      },
      { method: 'PATCH', url: '/api/profile', headers, payload: { name: 'Nimi\u0007' } },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: { ...en, ...('headers' in call ? call.headers : {}) } });
      expect(response.statusCode, call.url).toBe(422);
      expect(JSON.stringify(response.json().errors)).toContain('The text contains control characters that cannot be saved.');
    }
  });

  it('let line breaks and tabs through, and name the field', () => {
    const fields = (value: unknown) => unstorableTextFields(value, '').map(([field]) => field);
    expect(fields({ description: 'rivi\nrivi\tsarake' })).toEqual([]);
    expect(fields({ filters: { q: ['ok', 'x\u0000'] }, name: '\u007f' })).toEqual(['filters.q.1', 'name']);
    expect(fields({ 'ke\u0000y': 1 })).toEqual(['ke\u0000y']);
    expect(fields('\u0000')).toEqual(['body']);
  });

  it('are refused in the fields of a multipart form and of a page form too (one rule in fieldProblems)', () => {
    const schema = Type.Object({ name: Type.String({ maxLength: 10 }) });
    expect(fieldProblems(schema, { name: 'ok\u0000' })).toEqual({ name: [{ key: 'validation.control_characters' }] });
    expect(fieldProblems(schema, { name: 'ok\ud800' })).toEqual({ name: [{ key: 'validation.unstorable_text' }] });
  });
});
