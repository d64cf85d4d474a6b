import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { LOCALES, type Locale } from '../../../common/locales.ts';
import { translate } from '../../platform/i18n.ts';
import { swRoute } from './sw-routing.ts';

/** The brand's colours (web/app.css: --brand and --surface, light and dark). */
export const THEME = {
  light: { theme: '#0f4c81', background: '#f6f7f9' },
  dark: { theme: '#0f141a', background: '#0f141a' },
} as const;

export const ICON_SIZES = [192, 512] as const;
export const OFFLINE_PATHS: Record<Locale, string> = Object.fromEntries(
  LOCALES.map((locale) => [locale, `/offline?lang=${locale}`]),
) as Record<Locale, string>;

/** The manifest's languages: the site's own. */
const MANIFEST_LANGUAGES: { lang: string; locale: Locale }[] = LOCALES.map((locale) => ({ lang: locale, locale }));

export interface PwaDeps {
  siteName: () => string;
  /** The client build (build/web/client): the app shell is read from React Router's manifest there. */
  clientDir: string;
  /** The logo the icons are drawn from. */
  logoFile: string;
}

/** A home-screen name: the site's name, cut at a word to the 12 characters launchers show. */
export function shortName(name: string): string {
  if (name.length <= 12) return name;
  const cut = name.slice(0, 12);
  const space = cut.lastIndexOf(' ');
  return space > 3 ? cut.slice(0, space) : cut;
}

/**
 * The installable app (issue 29, scope 5): the web app manifest, the service worker's script
 * with the app shell it precaches, the offline pages and the icons.
 */
export function createPwaService(deps: PwaDeps) {
  const icons = new Map<string, Promise<Buffer>>();
  let worker: { source: string; etag: string } | undefined;

  /** The entry, the root route and their imports and styles: what every page loads first. */
  function appShell(): string[] {
    const assets = path.join(deps.clientDir, 'assets');
    let files: string[];
    try {
      files = fs.readdirSync(assets).filter((file) => /^manifest-[\w-]+\.js$/.test(file));
    } catch {
      return []; // No build (development): nothing to precache but the offline pages.
    }
    const newest = files.sort((a, b) => fs.statSync(path.join(assets, b)).mtimeMs - fs.statSync(path.join(assets, a)).mtimeMs)[0];
    if (!newest) return [];
    const manifest = JSON.parse(
      fs
        .readFileSync(path.join(assets, newest), 'utf8')
        .replace(/^window\.__reactRouterManifest=/, '')
        .replace(/;\s*$/, ''),
    ) as { entry: { module: string; imports: string[] }; routes: Record<string, { module: string; imports?: string[]; css?: string[] }> };
    const root = manifest.routes.root;
    return [
      ...new Set([
        `/assets/${newest}`,
        manifest.entry.module,
        ...manifest.entry.imports,
        ...(root ? [root.module, ...(root.imports ?? []), ...(root.css ?? [])] : []),
      ]),
    ];
  }

  function buildWorker(): { source: string; etag: string } {
    const precache = [
      ...appShell(),
      '/favicon.svg',
      ...ICON_SIZES.map((size) => `/icons/icon-${size}.png`),
      ...Object.values(OFFLINE_PATHS),
    ];
    const body = serviceWorkerSource(precache);
    const version = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 16);
    const source = `// ${deps.siteName()} service worker, version ${version} (server/modules/pwa).\nconst VERSION = ${JSON.stringify(version)};\n${body}`;
    return { source, etag: `"${version}"` };
  }

  return {
    manifest(locale: Locale) {
      const name = deps.siteName();
      const texts = (forLocale: Locale) => ({ name, short_name: shortName(name), description: translate(forLocale, 'pwa.description') });
      return {
        id: '/',
        ...texts(locale),
        lang: locale,
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME.light.theme,
        background_color: THEME.light.background,
        // The manifest has one theme colour; the dark one is also in the page head (a media query).
        user_preferences: { color_scheme_dark: { theme_color: THEME.dark.theme, background_color: THEME.dark.background } },
        // Per-language names (the manifest localisation proposal); browsers without it take the ones above.
        translations: Object.fromEntries(MANIFEST_LANGUAGES.map(({ lang, locale: forLocale }) => [lang, texts(forLocale)])),
        icons: [
          ...ICON_SIZES.map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      };
    },

    /** The worker's script, made once per process from the build it serves. */
    serviceWorker() {
      worker ??= buildWorker();
      return worker;
    },

    /** The logo as a PNG: plain at a size, or maskable (on the brand colour, inside the safe zone). */
    icon(name: string): Promise<Buffer> | undefined {
      const match = /^(icon|maskable)-(192|512)$/.exec(name);
      if (!match) return undefined;
      const [, kind, size] = match as unknown as [string, 'icon' | 'maskable', string];
      let made = icons.get(name);
      if (!made) {
        made = drawIcon(deps.logoFile, kind, Number(size));
        made.catch(() => icons.delete(name));
        icons.set(name, made);
      }
      return made;
    },

    offlinePage(locale: Locale): string {
      const t = (key: string) => escapeHtml(translate(locale, `pwa.offline.${key}`));
      const site = escapeHtml(deps.siteName());
      return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t('title')} – ${site}</title>
<style>
:root{color-scheme:light dark;--surface:${THEME.light.background};--ink:#15202b;--brand:${THEME.light.theme}}
@media (prefers-color-scheme:dark){:root{--surface:${THEME.dark.background};--ink:#e8edf2;--brand:#6cb2f0}}
body{margin:0;min-height:100dvh;display:grid;place-items:center;background:var(--surface);color:var(--ink);font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
main{max-width:28rem;padding:2rem;text-align:center}
img{width:4rem;height:4rem}
a{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border-radius:.5rem;background:var(--brand);color:#fff;text-decoration:none}
@media (prefers-color-scheme:dark){a{color:#0b1a29}}
</style>
</head>
<body>
<main>
<img src="/favicon.svg" alt="${site}">
<h1>${t('title')}</h1>
<p>${t('body')}</p>
<a href="/">${t('retry')}</a>
</main>
</body>
</html>
`;
    },
  };
}

export type PwaService = ReturnType<typeof createPwaService>;

async function drawIcon(logoFile: string, kind: 'icon' | 'maskable', size: number): Promise<Buffer> {
  const svg = await fs.promises.readFile(logoFile);
  if (kind === 'icon')
    return sharp(svg, { density: 72 * (size / 64) })
      .resize(size, size)
      .png()
      .toBuffer();
  // Maskable: launchers cut any shape out of the middle 80 %; the logo sits well inside it.
  const inner = Math.round(size * 0.62);
  const logo = await sharp(svg, { density: 72 * (inner / 64) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: THEME.light.theme } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png()
    .toBuffer();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The worker itself (plain script; VERSION is put before it). Pages are never stored; built assets
 * are stored as they are fetched; the offline page answers a navigation without network, in the
 * language of the last page the person saw (its Content-Language).
 */
function serviceWorkerSource(precache: string[]): string {
  return `const PRECACHE = ${JSON.stringify(precache)};
const OFFLINE = ${JSON.stringify(OFFLINE_PATHS)};
const CACHE = 'app-' + VERSION;
const swRoute = ${swRoute.toString()};
let language = null;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('app-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const route = swRoute({ url: request.url, method: request.method, mode: request.mode, origin: self.location.origin, precached: PRECACHE });
  if (route === 'navigation') event.respondWith(navigate(request));
  else if (route === 'asset') event.respondWith(fromCache(request));
});

async function navigate(request) {
  try {
    const response = await fetch(request);
    const lang = (response.headers.get('content-language') || '').slice(0, 2);
    if (OFFLINE[lang]) language = lang;
    return response;
  } catch (error) {
    const guess = language || String(self.navigator.language || '').slice(0, 2);
    const offline = await caches.match(OFFLINE[guess] || OFFLINE.fi);
    if (offline) return offline;
    throw error;
  }
}

async function fromCache(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy)).catch(() => {});
  }
  return response;
}

/** Only this site's own paths open from a notification. */
function targetOf(data) {
  const url = data && typeof data.url === 'string' ? data.url : '/';
  return url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = {};
  }
  const url = targetOf(data);
  event.waitUntil((async () => {
    // A window already showing it (the person is there, maybe connected to another instance): nothing to show.
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    if (windows.some((client) => client.visibilityState === 'visible' && new URL(client.url).pathname === url)) return;
    await self.registration.showNotification(String(data.title || ''), {
      body: String(data.body || ''),
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      data: { url },
    });
  })());
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(targetOf(event.notification.data), self.location.origin).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => client.url === target);
    if (open) return open.focus();
    return self.clients.openWindow(target);
  })());
});
`;
}
