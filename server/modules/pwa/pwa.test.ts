import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { OFFLINE_PAGE_CSP } from './pwa.routes.ts';
import { shortName } from './pwa.service.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('the web app manifest', () => {
  it('names the app from the app settings, in the visitor’s language, standalone from /', async () => {
    const admin = (await loginAs(app, await createUser(app, { roles: ['user', 'admin'] }))).headers;
    const renamed = await app.inject({
      method: 'PATCH',
      url: '/api/admin/app-settings',
      headers: admin,
      payload: { site_name: 'Kirpputori Pohjoinen' },
    });
    expect(renamed.statusCode).toBe(200);
    const reply = await app.inject({ url: '/manifest.webmanifest', headers: { 'accept-language': 'ru' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
    const manifest = reply.json();
    const name = 'Kirpputori Pohjoinen';
    expect(manifest).toMatchObject({
      id: '/',
      name,
      short_name: 'Kirpputori',
      lang: 'ru',
      description: 'Покупайте и продавайте в Финляндии',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f4c81',
      background_color: '#f6f7f9',
      user_preferences: { color_scheme_dark: { theme_color: '#0f141a', background_color: '#0f141a' } },
    });
    expect(Object.keys(manifest.translations)).toEqual(['fi', 'sv', 'en', 'ru']);
    expect(manifest.translations.fi).toEqual({ name, short_name: shortName(name), description: 'Osta ja myy Suomessa' });
    expect(manifest.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('serves each icon the manifest names as a PNG of its size', async () => {
    const { icons } = (await app.inject({ url: '/manifest.webmanifest' })).json() as { icons: { src: string; sizes: string }[] };
    for (const icon of icons) {
      const reply = await app.inject({ url: icon.src });
      expect(reply.statusCode, icon.src).toBe(200);
      expect(reply.headers['content-type']).toBe('image/png');
      const meta = await sharp(reply.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    expect((await app.inject({ url: '/icons/icon-64.png' })).statusCode).toBe(404);
  });

  it('shortens a long name at a word for the home screen', () => {
    expect(shortName('Kauppis')).toBe('Kauppis');
    expect(shortName('Kirpputori Pohjoinen')).toBe('Kirpputori');
  });
});

describe('the offline page', () => {
  it('is a page without scripts in the asked language, allowed by its own policy', async () => {
    for (const [lang, title] of [
      ['fi', 'Ei verkkoyhteyttä'],
      ['en', 'You are offline'],
      ['ru', 'Нет подключения к сети'],
    ] as const) {
      const reply = await app.inject({ url: `/offline?lang=${lang}` });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.headers['content-security-policy']).toBe(OFFLINE_PAGE_CSP);
      expect(reply.body).toContain(`<html lang="${lang}">`);
      expect(reply.body).toContain(`<h1>${title}</h1>`);
      expect(reply.body).not.toContain('<script');
    }
  });
});

/** Runs the worker's script with a stand-in for the browser's worker scope and records what it does. */
async function loadWorker() {
  const reply = await app.inject({ url: '/sw.js' });
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const windows: { url: string; visibilityState: string; focus: () => Promise<void> }[] = [];
  const scope = {
    location: { origin: 'https://kauppis.example' },
    navigator: { language: 'en-GB' },
    addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
    clients: { matchAll: async () => windows, openWindow: async (url: string) => void opened.push(url), claim: async () => {} },
    skipWaiting: async () => {},
  };
  vm.runInNewContext(reply.body, { self: scope, caches: {}, fetch: () => Promise.reject(new Error('offline')), URL, Response, console });
  const run = async (type: string, event: Record<string, unknown>) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners[type]!({ ...event, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
    await waited;
  };
  return { reply, listeners, shown, opened, windows, run };
}

describe('the service worker', () => {
  it('is served at /sw.js as JavaScript that caches never keep', async () => {
    const { reply, listeners } = await loadWorker();
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    expect(Object.keys(listeners).sort()).toEqual(['activate', 'fetch', 'install', 'notificationclick', 'push']);
    expect(reply.body).toContain('"/offline?lang=fi"');
    expect(reply.body).toContain('"/icons/icon-192.png"');
    const again = await app.inject({ url: '/sw.js', headers: { 'if-none-match': reply.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('shows a push as a notification that opens its page, unless a visible window shows that page already', async () => {
    const worker = await loadWorker();
    const push = (data: unknown) => worker.run('push', { data: { json: () => data } });
    await push({ title: 'Uusi viesti käyttäjältä Maija', body: 'Helkama Jopo', url: '/channel/7', tag: 'room-7' });
    expect(worker.shown).toEqual([
      {
        title: 'Uusi viesti käyttäjältä Maija',
        options: { body: 'Helkama Jopo', tag: 'room-7', icon: '/icons/icon-192.png', data: { url: '/channel/7' } },
      },
    ]);

    worker.windows.push({ url: 'https://kauppis.example/channel/7', visibilityState: 'visible', focus: async () => {} });
    await push({ title: 'Again', body: '', url: '/channel/7' });
    expect(worker.shown).toHaveLength(1);

    // A link off the site is never opened: the notification opens the front page.
    await push({ title: 'x', body: '', url: 'https://elsewhere.example/' });
    expect(worker.shown[1]!.options.data).toEqual({ url: '/' });

    let closed = false;
    await worker.run('notificationclick', { notification: { data: { url: '/ad/abc' }, close: () => (closed = true) } });
    expect(closed).toBe(true);
    expect(worker.opened).toEqual(['https://kauppis.example/ad/abc']);
  });
});
