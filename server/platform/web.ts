import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, type ServerBuild, createRequestHandler } from 'react-router';
import type { ViteDevServer } from 'vite';
import type { Config } from '../config.ts';
import { createLoadContext } from '../load-context.ts';
import { webBuildDir } from '../paths.ts';
import {
  COMPRESS_THRESHOLD,
  type FinishedPage,
  createPageCache,
  encodedBody,
  inlineScriptHashes,
  isShareable,
  newScriptNonce,
  withoutScriptNonce,
  pageCacheKey,
  pickEncoding,
} from './page-cache.ts';
import { withPwaHead } from '../../common/pwa-head.ts';

export type WebMode = { mode: 'production'; buildDir?: string } | { mode: 'development'; vite: ViteDevServer };

/**
 * A Content-Security-Policy that lets only our own scripts run: script files from this origin, and
 * our inline scripts (React Router's hydration data, the theme boot script) by their hashes, the
 * ones the renderer marked as it wrote them (inlineScriptHashes): a script that came in with user
 * content is not among them. Hashes rather than a nonce in the header: the same page gets the same
 * header, so a page can be served whole from the page cache.
 */
export function contentSecurityPolicy(scriptHashes: string[], development: boolean): string {
  const script = ["'self'", ...scriptHashes, ...(development ? ["'unsafe-eval'"] : [])].join(' ');
  const connect = development ? "'self' ws: wss:" : "'self'";
  return [
    "default-src 'self'",
    `script-src ${script}`,
    // Inline style attributes come from React components (for example transforms); no inline <style> from users.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply, publicUrl: string): Request {
  const origin = new URL(publicUrl);
  const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? origin.host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Bodies of these types (documents and client navigations' data) are read whole, compressed once and may be cached; others stream. */
const FINISHED_TYPES = /^(text\/html|text\/x-script)/i;

/**
 * The whole response as a FinishedPage, or undefined for one that streams (no body, or a file-like
 * type). A document gets the policy of the inline scripts the renderer marked with `scriptNonce`.
 */
async function finishPage(response: Response, development: boolean, scriptNonce: string): Promise<FinishedPage | undefined> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !FINISHED_TYPES.test(type)) return undefined;
  let body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const [key, value] of response.headers) if (key !== 'set-cookie') headers[key] = value;
  if (type.startsWith('text/html')) {
    const html = withPwaHead(body.toString('utf8'), development ? null : { nonce: scriptNonce });
    headers['content-security-policy'] = contentSecurityPolicy(inlineScriptHashes(html, scriptNonce), development);
    body = Buffer.from(withoutScriptNonce(html, scriptNonce), 'utf8');
    delete headers['content-length'];
  }
  return { status: response.status, headers, cookies: response.headers.getSetCookie(), body, encoded: {} };
}

/** Sends a finished page, compressed once in the encoding the client reads best (see page-cache.ts). */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: FinishedPage, compress: boolean): FastifyReply {
  void reply.status(page.status);
  for (const [key, value] of Object.entries(page.headers)) void reply.header(key, value);
  if (page.cookies.length > 0) void reply.header('set-cookie', page.cookies);
  if (!compress || page.body.length < COMPRESS_THRESHOLD) return reply.send(page.body);
  void reply.header('vary', page.headers.vary ? `${page.headers.vary}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.body);
  void reply.header('content-encoding', encoding);
  return reply.send(encodedBody(page, encoding));
}

async function sendStreamed(reply: FastifyReply, response: Response, development: boolean): Promise<FastifyReply> {
  void reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    void reply.header(key, value);
  }
  void reply.header('content-security-policy', contentSecurityPolicy([], development));
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as never));
}

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin ?? request.headers.referer;
  if (!origin) return true; // Old browsers and non-browser clients send neither; SameSite still applies.
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Mounts the React Router app as Fastify's catch-all: server-rendered pages in production from
 * the built bundle, and from Vite's module graph (with hot reload) in development.
 */
export async function registerWeb(app: FastifyInstance, config: Config, web: WebMode): Promise<void> {
  let getBuild: () => Promise<ServerBuild>;
  let build: ServerBuild | undefined;

  if (web.mode === 'development') {
    const { default: middie } = await import('@fastify/middie');
    await app.register(middie);
    app.use(web.vite.middlewares);
    getBuild = () => web.vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const buildDir = web.buildDir ?? webBuildDir;
    const loaded = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
    build = loaded;
    getBuild = async () => loaded;
    // Every built file gets its own route (wildcard off), so anything else falls through to the pages.
    // Hashed names under /assets never change content: browsers may keep them for a year.
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      // scripts/build.mjs writes .br and .gz beside each asset; they go out as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  // With the build itself (not a function returning it) React Router derives its route table and
  // request handler once; with a function it would redo that on every request. Development passes
  // the function: Vite may have reloaded the modules.
  const handle = build ? createRequestHandler(build, 'production') : createRequestHandler(getBuild, web.mode);
  const development = web.mode === 'development';
  const cache = createPageCache({ ttlMs: config.pageCacheSeconds * 1000, maxEntries: PAGE_CACHE_ENTRIES });
  // An ad or the category tree changed (on any instance): the pages that may show them go at once.
  // The settings tell their change once the new values are read, not when the notice arrives: a
  // page rendered in between would be kept with the old ones (clear() also keeps any page whose
  // render started before it out of the cache).
  const stopNotices = app.services.platform.realtime.onNotice((notice) => {
    if (notice.topic === 'ads_changed' || notice.topic === 'catalog_changed') cache.clear();
  });
  const stopSettings = app.services.settings.onChange(() => cache.clear());
  app.addHook('onClose', async () => {
    stopNotices();
    stopSettings();
  });

  await app.register(async (pages) => {
    // Page forms post url-encoded or multipart bodies: leave the stream for React Router to read.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));

    pages.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        // Page forms are cookie-authenticated: a post from another site is refused outright
        // (SameSite=Lax already keeps the session cookie off it; this is the second lock).
        if (request.method !== 'GET' && request.method !== 'HEAD' && !sameOrigin(request)) {
          return reply.status(403).type('text/plain').send('Cross-site form posts are not accepted.');
        }
        const key =
          cache.enabled && !request.currentUser ? pageCacheKey(request, { locale: request.locale, cookies: request.cookies }) : undefined;
        if (key) {
          const hit = cache.get(key);
          if (hit) {
            countCachedAdView(app, request);
            void reply.header('x-page-cache', 'hit');
            return sendPage(request, reply, hit, config.compressResponses);
          }
        }
        const generation = cache.generation();
        const scriptNonce = newScriptNonce();
        const context: AppLoadContext = { ...createLoadContext(app, request), scriptNonce };
        const response = await handle(toFetchRequest(request, reply, config.publicUrl), context);
        const page = await finishPage(response, development, scriptNonce);
        if (!page) return sendStreamed(reply, response, development);
        if (key && isShareable(page)) {
          cache.setIfCurrent(key, page, generation);
          void reply.header('x-page-cache', 'miss');
        }
        return sendPage(request, reply, page, config.compressResponses);
      },
    });
  });
}

/** How many pages (one per address, language, theme, consent and view) a process keeps at most. */
const PAGE_CACHE_ENTRIES = 2_000;
const AD_PAGE_PATH = /^\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?|$)/i;

/** An ad page served from the cache still counts as the visitor's view of the ad (its loader did not run). */
function countCachedAdView(app: FastifyInstance, request: FastifyRequest): void {
  const uuid = AD_PAGE_PATH.exec(request.url)?.[1];
  if (uuid && request.method === 'GET') void app.services.products.countCachedView(uuid, request.ip, request.headers['user-agent']);
}
