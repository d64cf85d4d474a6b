import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { WROTE_COOKIE } from '../../common/cookies.ts';
import type { ReadRouting } from '../db/read-routing.ts';
import { UNSAFE_METHODS } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is a POST that only reads (the listing, hints): its client does not need the primary after it. */
    readsOnly?: boolean;
  }
}

/** A request that may have written: an unsafe method (unless the route only reads) or a state-changing GET. */
function mayHaveWritten(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  return config.stateChanging === true || (UNSAFE_METHODS.has(request.method) && config.readsOnly !== true);
}

/**
 * Read-your-writes with a read replica (db/read-routing.ts): every request runs as its own read
 * context, and an answer to a successful write tells the browser, in a cookie that lasts the
 * routing's window, when it wrote; its requests in that window read from the primary. Without a
 * replica (window 0) it adds nothing to a request.
 */
export const readAfterWritePlugin = fp(
  async (app: FastifyInstance, { routing }: { routing: ReadRouting }) => {
    // Without a replica every read is the primary's: no context per request, no cookie.
    if (routing.windowMs === 0) return;
    app.addHook('onRequest', (request, _reply, done) => {
      const wrote = Number(request.cookies[WROTE_COOKIE]);
      routing.forRequest(Number.isSafeInteger(wrote) && wrote > 0 ? wrote : undefined, done);
    });
    app.addHook('onSend', async (request, reply) => {
      if (reply.statusCode >= 400 || !mayHaveWritten(request)) return;
      void reply.setCookie(WROTE_COOKIE, String(routing.now()), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: Math.ceil(routing.windowMs / 1000),
      });
    });
  },
  { name: 'read-after-write', dependencies: ['@fastify/cookie'] },
);
