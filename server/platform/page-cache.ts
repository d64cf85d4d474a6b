import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { CONSENT_COOKIE, OAUTH_STATE_COOKIE, SESSION_COOKIE, THEME_COOKIE, TWO_FACTOR_COOKIE, VIEW_COOKIE } from '../../common/cookies.ts';
import type { Locale } from '../../common/locales.ts';

/**
 * A finished page: status, headers and the whole body, compressed at most once per encoding.
 * The page renderer sends every page this way, cached or not, so a page costs one compression.
 */
export interface FinishedPage {
  status: number;
  headers: Record<string, string>;
  /** Set-Cookie values: a page with any is never shared. */
  cookies: string[];
  body: Buffer;
  /** Compressed copies, made on first use. */
  encoded: Partial<Record<PageEncoding, Buffer>>;
  /** Kept in the page cache: compressed harder, since many visitors get the same bytes. */
  shared?: boolean;
}

export type PageEncoding = 'br' | 'gzip';

/**
 * Compression levels, measured on a 70 KB ad page on the 2-core machine: brotli 2 takes about
 * 0.45 ms (11.5 KB), brotli 4 1.3 ms (10.8 KB), brotli 5 1.6 ms (10.3 KB); gzip 4 0.9 ms, gzip 6
 * 1.15 ms. A page made for one visitor gets the fast level; a page the cache keeps is compressed
 * once for all the visitors it serves, so it gets the smaller one.
 */
const LEVELS = { once: { br: 2, gzip: 4 }, shared: { br: 5, gzip: 6 } } as const;
/** Under this size compression costs more than it saves (the same as the API's threshold). */
export const COMPRESS_THRESHOLD = 1024;

/** The encoding to send for an Accept-Encoding header: brotli first, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): PageEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** The page's body in an encoding, compressed once and kept on the page. */
export function encodedBody(page: FinishedPage, encoding: PageEncoding): Buffer {
  const done = page.encoded[encoding];
  if (done) return done;
  const levels = page.shared ? LEVELS.shared : LEVELS.once;
  const bytes =
    encoding === 'br'
      ? zlib.brotliCompressSync(page.body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: levels.br,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
          },
        })
      : zlib.gzipSync(page.body, { level: levels.gzip });
  page.encoded[encoding] = bytes;
  return bytes;
}

/**
 * The `'sha256-…'` sources of the app's own inline scripts in a document, for a hash-based
 * Content-Security-Policy: the same page gives the same policy, so a page can be cached whole with
 * its header. Our own are the ones the renderer marked with this render's random `nonce`; a script
 * that reached the page any other way (user content gone wrong) lacks the mark and stays blocked.
 * React and React Router escape `<` inside the scripts they write, so a script ends at the first `</script`.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  const marked = `nonce="${nonce}"`;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)) {
    const attributes = match[1] ?? '';
    const content = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || content === '') continue;
    if (!` ${attributes} `.includes(` ${marked} `)) continue;
    hashes.add(`'sha256-${crypto.createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** A render's script mark: 128 random bits, so no text a person wrote can carry it. */
export function newScriptNonce(): string {
  return crypto.randomBytes(16).toString('hex');
}

/**
 * The document without the render's marks: the policy names the scripts by hash, and the page
 * (cached and served to others) should not carry a value that looks like a live nonce.
 */
export function withoutScriptNonce(html: string, nonce: string): string {
  return html.replaceAll(` nonce="${nonce}"`, '');
}

/** What a visitor's request says about how the page looks for them: the parts of the cache key. */
export interface PageVariant {
  locale: Locale;
  cookies: Readonly<Record<string, string | undefined>>;
}

/** Cookies whose presence means the page may be someone's own: never served from or stored in the cache. */
const PRIVATE_COOKIES = [SESSION_COOKIE, TWO_FACTOR_COOKIE, OAUTH_STATE_COOKIE];

/**
 * The cache key of an anonymous visitor's request for a page, or undefined when the request must be
 * rendered for them alone (signed in, or in the middle of signing in). The key holds everything the
 * server renders differently: path and query, the language, and the theme, consent and listing-view
 * cookies (normalized the way the renderer reads them, so junk values share the default's entry).
 */
export function pageCacheKey(
  request: { method: string; url: string; headers: Record<string, string | string[] | undefined> },
  variant: PageVariant,
): string | undefined {
  // GET only: a HEAD's answer may have no body, and must never stand in for a GET's page.
  if (request.method !== 'GET') return undefined;
  if (request.headers.authorization) return undefined;
  if (PRIVATE_COOKIES.some((name) => variant.cookies[name] !== undefined)) return undefined;
  const pick = (name: string, allowed: readonly string[]) => {
    const value = variant.cookies[name];
    return value && allowed.includes(value) ? value : '-';
  };
  return [
    request.url,
    variant.locale,
    pick(THEME_COOKIE, ['dark', 'light']),
    pick(CONSENT_COOKIE, ['granted', 'denied']),
    pick(VIEW_COOKIE, ['list']),
  ].join('\n');
}

/**
 * A response may be shared only when it is a plain 200 that sets no cookie and says nothing against
 * it (404s are not kept: a flood of made-up addresses must not push the real pages out).
 */
export function isShareable(page: FinishedPage): boolean {
  if (page.status !== 200) return false;
  if (page.cookies.length > 0) return false;
  const cacheControl = page.headers['cache-control'] ?? '';
  return !/no-store|private/i.test(cacheControl);
}

export interface PageCache {
  readonly enabled: boolean;
  get(key: string): FinishedPage | undefined;
  set(key: string, page: FinishedPage): void;
  /** Forget every page (an ad, the settings or the catalog changed). */
  clear(): void;
  readonly size: number;
}

/**
 * Anonymous visitors' pages kept whole for a few seconds in this process (PAGE_CACHE_SECONDS; 0: off).
 * Least recently used pages go first beyond `maxEntries`. A page rendered while a clear() happened is
 * not stored, so a change is never hidden behind a page rendered from the data before it.
 */
export function createPageCache(options: { ttlMs: number; maxEntries: number; now?: () => number }): PageCache & {
  /** Call before rendering; pass the result to set() so a page rendered across a clear() is dropped. */
  generation(): number;
  setIfCurrent(key: string, page: FinishedPage, generation: number): void;
} {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expires: number; page: FinishedPage }>();
  let generation = 0;
  const enabled = options.ttlMs > 0;
  const set = (key: string, page: FinishedPage) => {
    if (!enabled) return;
    page.shared = true;
    entries.delete(key);
    entries.set(key, { expires: now() + options.ttlMs, page });
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
  };
  return {
    enabled,
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, hit);
      return hit.page;
    },
    set,
    generation: () => generation,
    setIfCurrent(key, page, started) {
      if (started === generation) set(key, page);
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
