import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { isPwnedOnline } from './password-policy.ts';

const RANGE_API = 'https://api.pwnedpasswords.com/range/';
// Pass every rule and are not in the shipped breach list, so only the range API can refuse them.
const LEAKED = 'Vuotanut#Salasana-2931';
const UNLISTED = 'Harvinainen#Sana-7731';

const sha1 = (password: string) => crypto.createHash('sha1').update(password).digest('hex').toUpperCase();

/**
 * A stand-in for the Have I Been Pwned range API, handed to the code as its fetch: it answers a
 * five-digit prefix with the suffixes of the leaked passwords under it and, as the real API does
 * with Add-Padding, with made-up suffixes counted 0 (here also the unlisted password's own).
 */
function fakeRangeApi(leaked: string[]) {
  const api = {
    requests: [] as { url: string; headers: Headers }[],
    mode: 'up' as 'up' | 'error' | 'unreachable' | 'silent',
    fetch: (async (input, init) => {
      api.requests.push({ url: String(input), headers: new Headers(init?.headers) });
      if (api.mode === 'unreachable') throw new TypeError('fetch failed');
      if (api.mode === 'error') return new Response('Service Unavailable', { status: 503 });
      if (api.mode === 'silent') {
        return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
      }
      const prefix = String(input).slice(RANGE_API.length);
      const lines = [
        ...leaked
          .map(sha1)
          .filter((hash) => hash.startsWith(prefix))
          .map((hash) => `${hash.slice(5)}:42`),
        `${sha1(UNLISTED).slice(5)}:0`,
        `${'0'.repeat(35)}:0`,
      ];
      return new Response(lines.join('\r\n'));
    }) as typeof fetch,
  };
  return api;
}

describe('the Have I Been Pwned check', () => {
  it('sends only the first five hex digits of the SHA-1, padded, and finds the rest in the answer', async () => {
    const api = fakeRangeApi([LEAKED]);
    expect(await isPwnedOnline(LEAKED, api.fetch)).toBe(true);
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request!.url).toBe(RANGE_API + sha1(LEAKED).slice(0, 5));
    expect(request!.url).not.toContain(sha1(LEAKED).slice(5, 10));
    expect(request!.headers.get('add-padding')).toBe('true');
  });

  it('does not count a suffix listed with 0, as padding lines are', async () => {
    const api = fakeRangeApi([LEAKED]);
    expect(await isPwnedOnline(UNLISTED, api.fetch)).toBe(false);
    expect(api.requests).toHaveLength(1);
  });

  it('lets the password through when the API answers an error, cannot be reached or does not answer in 3 s', async () => {
    const api = fakeRangeApi([LEAKED]);
    for (const mode of ['error', 'unreachable', 'silent'] as const) {
      api.mode = mode;
      expect(await isPwnedOnline(LEAKED, api.fetch), mode).toBe(false);
    }
    expect(api.requests).toHaveLength(3);
  });
});

describe('registration with HIBP_ENABLED', () => {
  const api = fakeRangeApi([LEAKED]);
  let app: FastifyInstance;
  beforeAll(async () => {
    api.mode = 'up';
    app = await buildTestApp({ hibpEnabled: true }, { hibpFetch: api.fetch });
  });
  afterAll(() => app.close());

  const register = (password: string, language: string) =>
    app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'accept-language': language },
      payload: { name: 'Uusi', email: `hibp-${crypto.randomUUID()}@example.com`, password, password_confirmation: password, terms: true },
    });

  it('refuses a password the range API lists, with the translated message', async () => {
    const english = await register(LEAKED, 'en');
    expect(english.statusCode).toBe(422);
    expect(english.json().errors).toEqual({ password: ['This password has appeared in a data leak. Please choose a different password.'] });
    const finnish = await register(LEAKED, 'fi');
    expect(finnish.json().errors).toEqual({ password: ['Tämä salasana on esiintynyt tietovuodossa. Valitse toinen salasana.'] });
    expect(api.requests.map((r) => r.url)).toEqual([RANGE_API + sha1(LEAKED).slice(0, 5), RANGE_API + sha1(LEAKED).slice(0, 5)]);
  });

  it('registers with a password the range API does not list', async () => {
    expect((await register(UNLISTED, 'en')).statusCode).toBe(201);
  });

  it('registers even with a listed password while the API is down, rather than lock people out', async () => {
    api.mode = 'unreachable';
    try {
      expect((await register(LEAKED, 'en')).statusCode).toBe(201);
    } finally {
      api.mode = 'up';
    }
  });

  it('asks nothing when HIBP_ENABLED is off (the default)', async () => {
    const quiet = fakeRangeApi([LEAKED]);
    const offline = await buildTestApp({}, { hibpFetch: quiet.fetch });
    try {
      const res = await offline.inject({
        method: 'POST',
        url: '/api/register',
        payload: { name: 'Uusi', email: 'hibp-off@example.com', password: LEAKED, password_confirmation: LEAKED, terms: true },
      });
      expect(res.statusCode).toBe(201);
      expect(quiet.requests).toEqual([]);
    } finally {
      await offline.close();
    }
  });
});
