import crypto from 'node:crypto';
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

export type WebMode = { mode: 'production'; buildDir?: string } | { mode: 'development'; vite: ViteDevServer };

/** A Content-Security-Policy that lets only our own scripts (and the nonce'd inline ones) run. */
function contentSecurityPolicy(nonce: string, development: boolean): string {
  const script = development ? `'self' 'nonce-${nonce}' 'unsafe-eval'` : `'self' 'nonce-${nonce}'`;
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

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  void reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    void reply.header(key, value);
  }
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

  if (web.mode === 'development') {
    const { default: middie } = await import('@fastify/middie');
    await app.register(middie);
    app.use(web.vite.middlewares);
    getBuild = () => web.vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const buildDir = web.buildDir ?? webBuildDir;
    const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
    getBuild = async () => build;
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

  const handle = createRequestHandler(getBuild, web.mode);

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
        const nonce = crypto.randomBytes(16).toString('base64');
        const context: AppLoadContext = createLoadContext(app, request, nonce);
        const response = await handle(toFetchRequest(request, reply, config.publicUrl), context);
        void reply.header('content-security-policy', contentSecurityPolicy(nonce, web.mode === 'development'));
        return sendFetchResponse(reply, response);
      },
    });
  });
}
