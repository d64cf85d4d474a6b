import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { products } from '../db/schema/products.ts';
import { createUser, loginAs } from '../test/accounts.ts';
import { createAd } from '../test/ads.ts';
import { buildTestApp, testConfig } from '../test/app.ts';
import { testVite } from '../test/vite.ts';
import { createPostgresCopy } from '../test/database.ts';
import { keepAsking } from '../test/keep-asking.ts';
import {
  type FinishedPage,
  createPageCache,
  encodedBody,
  inlineScriptHashes,
  withoutScriptNonce,
  isShareable,
  pageCacheKey,
  pickEncoding,
} from './page-cache.ts';

const page = (overrides: Partial<FinishedPage> = {}): FinishedPage => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  cookies: [],
  body: Buffer.from('<!DOCTYPE html><html><body>hei</body></html>'.repeat(50)),
  encoded: {},
  ...overrides,
});
const get = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers });

describe('the page cache key', () => {
  it('differs by language, theme, consent and listing view, and ignores junk cookie values', () => {
    const key = (locale: 'fi' | 'en', cookies: Record<string, string> = {}) => pageCacheKey(get('/'), { locale, cookies });
    const keys = [
      key('fi'),
      key('en'),
      key('fi', { theme: 'dark' }),
      key('fi', { theme: 'light' }),
      key('fi', { consent: 'granted' }),
      key('fi', { consent: 'denied' }),
      key('fi', { view: 'list' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(key('fi', { theme: 'purple', consent: 'maybe', view: 'card' })).toBe(key('fi'));
    expect(pageCacheKey(get('/?page=2'), { locale: 'fi', cookies: {} })).not.toBe(key('fi'));
  });

  it('is none for a signed-in person, one signing in, an API client with a token, a form post or a HEAD', () => {
    const visitor = { locale: 'fi' as const, cookies: {} };
    expect(pageCacheKey(get('/'), { locale: 'fi', cookies: { session: 'x' } })).toBeUndefined();
    expect(pageCacheKey(get('/'), { locale: 'fi', cookies: { two_factor_challenge: 'x' } })).toBeUndefined();
    expect(pageCacheKey(get('/'), { locale: 'fi', cookies: { oauth_state: 'x' } })).toBeUndefined();
    expect(pageCacheKey(get('/', { authorization: 'Bearer x' }), visitor)).toBeUndefined();
    expect(pageCacheKey({ method: 'POST', url: '/login', headers: {} }, visitor)).toBeUndefined();
    expect(pageCacheKey({ method: 'HEAD', url: '/', headers: {} }, visitor)).toBeUndefined();
    expect(pageCacheKey(get('/'), visitor)).toBeDefined();
  });
});

describe('what may be shared', () => {
  it('keeps only plain 200s without cookies or a private cache-control', () => {
    expect(isShareable(page())).toBe(true);
    expect(isShareable(page({ cookies: ['XSRF-TOKEN=1'] }))).toBe(false);
    expect(isShareable(page({ status: 404 }))).toBe(false);
    expect(isShareable(page({ status: 302 }))).toBe(false);
    expect(isShareable(page({ headers: { 'cache-control': 'private, no-store' } }))).toBe(false);
  });
});

describe('compression of a finished page', () => {
  it('picks brotli, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('compresses once per encoding and gives the same bytes after', () => {
    const finished = page();
    const br = encodedBody(finished, 'br');
    expect(encodedBody(finished, 'br')).toBe(br);
    expect(zlib.brotliDecompressSync(br).equals(finished.body)).toBe(true);
    expect(zlib.gunzipSync(encodedBody(finished, 'gzip')).equals(finished.body)).toBe(true);
  });
});

describe('inline script hashes', () => {
  const sha = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

  it('hashes the inline scripts the renderer marked, not scripts with src', () => {
    const html =
      '<script nonce="n1">a()</script><script nonce="n1" src="/x.js"></script><script type="module" nonce="n1">import "/y.js";</script><script nonce="n1"></script>';
    expect(inlineScriptHashes(html, 'n1')).toEqual([sha('a()'), sha('import "/y.js";')]);
  });

  it('leaves out a script without this render’s mark: one that came in with user content', () => {
    const html =
      '<script nonce="n1">ours()</script><p><script>evil()</script><script nonce="guess">evil()</script><script data-x=\'nonce="n1"\'>evil()</script></p>';
    expect(inlineScriptHashes(html, 'n1')).toEqual([sha('ours()')]);
    expect(withoutScriptNonce(html, 'n1')).toContain('<script>ours()</script>');
  });
});

describe('the cache itself', () => {
  it('forgets pages after their time, and all of them on clear', () => {
    let now = 0;
    const cache = createPageCache({ ttlMs: 10_000, maxEntries: 2, now: () => now });
    cache.set('a', page());
    now = 9_999;
    expect(cache.get('a')).toBeDefined();
    now = 10_000;
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', page());
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a page rendered while a change cleared the cache', () => {
    const cache = createPageCache({ ttlMs: 10_000, maxEntries: 10 });
    const started = cache.generation();
    cache.clear();
    cache.setIfCurrent('a', page(), started);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most maxEntries pages, the least recently used going first', () => {
    const cache = createPageCache({ ttlMs: 10_000, maxEntries: 2 });
    cache.set('a', page());
    cache.set('b', page());
    cache.get('a');
    cache.set('c', page());
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });

  it('is off at 0 seconds', () => {
    const cache = createPageCache({ ttlMs: 0, maxEntries: 10 });
    cache.set('a', page());
    expect(cache.enabled).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });
});

// The pages rendered through Vite's module graph (as `npm run dev` does), with the cache on.
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ pageCacheSeconds: 60 }, { web: { mode: 'development', vite: await testVite() } });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const lang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];

describe('anonymous pages from the cache', () => {
  it("serves a visitor's second request from the cache, compressed, with the same policy header", async () => {
    const first = await app.inject({ url: '/about?first' });
    const second = await app.inject({ url: '/about?first', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(zlib.brotliDecompressSync(second.rawPayload).toString()).toBe(first.body);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it("never shows one visitor's language, theme or consent to another", async () => {
    const visitors = [
      { headers: {}, lang: 'fi', dark: false, banner: true },
      { headers: { cookie: 'lang=en' }, lang: 'en', dark: false, banner: true },
      { headers: { 'accept-language': 'ru' }, lang: 'ru', dark: false, banner: true },
      { headers: { cookie: 'theme=dark' }, lang: 'fi', dark: true, banner: true },
      { headers: { cookie: 'consent=granted' }, lang: 'fi', dark: false, banner: false },
    ];
    // Twice round: the second round is served from the cache and must look the same.
    for (let round = 0; round < 2; round++) {
      for (const visitor of visitors) {
        const res = await app.inject({ url: '/terms', headers: visitor.headers });
        expect(lang(res.body)).toBe(visitor.lang);
        expect(/<html[^>]*class="dark"/.test(res.body)).toBe(visitor.dark);
        expect(res.body.includes('id="consent-title"')).toBe(visitor.banner);
        expect(res.headers['x-page-cache']).toBe(round === 0 ? 'miss' : 'hit');
      }
    }
  });

  it('never gives a signed-in person a cached page, nor keeps theirs', async () => {
    const person = await createUser(app, { name: 'Kirjautunut Kalle' });
    const { token } = await loginAs(app, person);
    await app.inject({ url: '/about?signed' });
    const mine = await app.inject({ url: '/about?signed', headers: { cookie: `session=${token}` } });
    expect(mine.headers['x-page-cache']).toBeUndefined();
    expect(mine.body).toContain('Kirjautunut Kalle');
    const visitor = await app.inject({ url: '/about?signed' });
    expect(visitor.headers['x-page-cache']).toBe('hit');
    expect(visitor.body).not.toContain('Kirjautunut Kalle');
  });

  it("clears an ad's page and the listings at once when its seller changes it", async () => {
    const seller = await createUser(app, { name: 'Myyjä' });
    const { token } = await loginAs(app, seller);
    const ad = await createAd(app, { userId: seller.id, name: 'Välimuistin polkupyörä', catalog: 'city-bikes' });
    const adPage = () => app.inject({ url: `/${ad.uuid}`, headers: { cookie: 'lang=en' } });
    const home = () => app.inject({ url: '/', headers: { cookie: 'lang=en' } });
    await adPage();
    await home();
    expect((await adPage()).headers['x-page-cache']).toBe('hit');
    expect((await home()).headers['x-page-cache']).toBe('hit');

    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/product/change-status',
      headers: { authorization: `Bearer ${token}` },
      payload: { id: ad.uuid, status: 'reserved' },
    });
    expect(changed.statusCode).toBe(200);
    const after = await adPage();
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).toContain('Reserved');
    expect((await home()).headers['x-page-cache']).toBe('miss');
  });
});

describe('views of cached ad pages', () => {
  it('count once a visitor, as rendered pages do', async () => {
    const seller = await createUser(app, { name: 'Myyjä' });
    const ad = await createAd(app, { userId: seller.id, name: 'Katsottu kitara', catalog: 'city-bikes' });
    const views = async () => {
      await app.services.products.views.flush();
      return (await app.services.database.db.select({ n: products.viewCount }).from(products).where(eq(products.id, ad.id)))[0]!.n;
    };
    const browser = {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    };
    await app.inject({ url: `/${ad.uuid}`, remoteAddress: '10.0.0.1', headers: browser });
    const hit = await app.inject({ url: `/${ad.uuid}`, remoteAddress: '10.0.0.1', headers: browser });
    expect(hit.headers['x-page-cache']).toBe('hit');
    await app.inject({ url: `/${ad.uuid}`, remoteAddress: '10.0.0.2', headers: browser });
    // A robot's hit on the cached page is not a view.
    const robot = await app.inject({ url: `/${ad.uuid}`, remoteAddress: '10.0.0.3', headers: { 'user-agent': 'Googlebot/2.1' } });
    expect(robot.headers['x-page-cache']).toBe('hit');
    await expect.poll(views).toBe(2);
  });
});

/**
 * Two app instances on one PostgreSQL and one Redis: a change through one clears the other's
 * cached pages at once. Runs where both servers are configured (CI's second pass).
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.runIf(databaseUrl && redisUrl)('two instances over Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let drop: () => Promise<void> = async () => {};
  let dataDir: string;

  beforeAll(async () => {
    const copy = await createPostgresCopy(databaseUrl!);
    drop = copy.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-page-cache-'));
    const config = testConfig({
      databaseUrl: copy.url,
      dataDir,
      redisUrl,
      redisPrefix: `kauppis-test:${crypto.randomBytes(6).toString('hex')}:`,
      pageCacheSeconds: 60,
    });
    a = await buildApp(config, { prepareDatabase: false, web: { mode: 'development', vite: await testVite() } });
    b = await buildApp(config, { prepareDatabase: false, web: { mode: 'development', vite: await testVite() } });
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a seller's change through one instance clears the other's cached ad page", async () => {
    const seller = await createUser(a, { name: 'Myyjä' });
    const { token } = await loginAs(a, seller);
    const ad = await createAd(a, { userId: seller.id, name: 'Kahden palvelimen sohva', catalog: 'sofas-and-armchairs' });
    const onB = () => b.inject({ url: `/${ad.uuid}`, headers: { cookie: 'lang=en' } });
    await onB();
    expect((await onB()).headers['x-page-cache']).toBe('hit');

    const changed = await a.inject({
      method: 'PATCH',
      url: '/api/product/change-status',
      headers: { authorization: `Bearer ${token}` },
      payload: { id: ad.uuid, status: 'reserved' },
    });
    expect(changed.statusCode).toBe(200);
    // The notice travels through Redis: give it a moment, then B renders the ad anew.
    await expect.poll(async () => (await onB()).headers['x-page-cache'], { timeout: 5_000 }).toBe('miss');
    expect((await onB()).body).toContain('Reserved');
  });

  it('a settings change through one instance reaches the other’s cached pages, and no page with the old ones is kept after', async () => {
    const admin = (await loginAs(a, await createUser(a, { roles: ['user', 'admin'] }))).headers;
    for (let round = 1; round <= 3; round += 1) {
      const name = `Kauppis ${round} ${crypto.randomBytes(3).toString('hex')}`;
      const home = async () => (await b.inject({ url: '/', headers: { cookie: 'lang=en' } })).body;
      await home();
      // Visitors keep asking on B while the change travels: the page B renders in between must not
      // be kept with the old name once the new one is in.
      const asking = keepAsking(home, (body) => body.includes(name));
      const changed = await a.inject({ method: 'PATCH', url: '/api/admin/app-settings', headers: admin, payload: { site_name: name } });
      expect(changed.statusCode, changed.body).toBe(200);
      await expect.poll(async () => (await home()).includes(name), { timeout: 3_000, interval: 50 }).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await asking.stop();
      const first = asking.seen.indexOf(true);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(asking.seen.slice(first).every(Boolean), `round ${round}: an old page came back`).toBe(true);
      expect((await b.inject({ url: '/', headers: { cookie: 'lang=en' } })).headers['x-page-cache']).toBe('hit');
    }
  });

  it('a category rename reaches the cached pages of both instances at once', async () => {
    const admin = (await loginAs(a, await createUser(a, { roles: ['user', 'admin'] }))).headers;
    const tree = (await a.inject({ url: '/api/admin/catalogs', headers: admin })).json().data as {
      id: number;
      slug: string;
      path: string[];
    }[];
    const bikes = tree.find((node) => node.slug === 'city-bikes')!;
    const url = `/catalogs/${bikes.path.join('/')}`;
    const page = async (instance: FastifyInstance) => (await instance.inject({ url, headers: { cookie: 'lang=en' } })).body;
    for (const instance of [a, b]) {
      await page(instance);
      expect((await instance.inject({ url, headers: { cookie: 'lang=en' } })).headers['x-page-cache']).toBe('hit');
    }
    const name = `Town bikes ${crypto.randomBytes(3).toString('hex')}`;
    const renamed = await a.inject({ method: 'PATCH', url: `/api/admin/catalogs/${bikes.id}`, headers: admin, payload: { name_en: name } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // On the instance that made it, the next page has it; the other hears of it through Redis.
    expect(await page(a)).toContain(name);
    await expect.poll(async () => (await page(b)).includes(name), { timeout: 2_000, interval: 50 }).toBe(true);
  });
});
