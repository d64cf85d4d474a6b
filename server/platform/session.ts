import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SerializeOptions } from '@fastify/cookie';
import { SESSION_COOKIE, TWO_FACTOR_COOKIE, XSRF_COOKIE } from '../../common/cookies.ts';
import fp from 'fastify-plugin';
import type { CurrentUser } from '../modules/auth/auth.service.ts';
import { AppError } from '../../common/errors.ts';
import { randomToken, safeEqual } from './secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set-Cookie values of the session cookies for page actions (see pageSessionCookies). */
    pageSessionCookies: PageSessionCookies;
  }
  interface FastifyRequest {
    /** The signed-in person, resolved from the session cookie or a bearer token; null for visitors. */
    currentUser: CurrentUser | null;
    /** True when the session came from the cookie (then CSRF protection applies). */
    viaCookie: boolean;
  }
}

export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ONE_YEAR_S = 365 * 24 * 60 * 60;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/** The session cookie's attributes, the one definition for API replies and page responses alike. */
function sessionCookieOptions(secure: boolean, remember: boolean): SerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure, ...(remember ? { maxAge: ONE_YEAR_S } : {}) };
}

/** The pending second step of a log-in: only the /api calls that finish it ever see it. */
const TWO_FACTOR_SECONDS = 600;
function twoFactorCookieOptions(secure: boolean): SerializeOptions {
  return { path: '/api', httpOnly: true, sameSite: 'lax', secure };
}

export function setSessionCookie(reply: FastifyReply, token: string, remember: boolean, secure: boolean): void {
  void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(secure, remember));
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure, false));
}

export function setTwoFactorCookie(reply: FastifyReply, challenge: string, secure: boolean): void {
  void reply.setCookie(TWO_FACTOR_COOKIE, challenge, { ...twoFactorCookieOptions(secure), maxAge: TWO_FACTOR_SECONDS });
}

export function clearTwoFactorCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(TWO_FACTOR_COOKIE, twoFactorCookieOptions(secure));
}

/**
 * The same cookies as Set-Cookie header values, for page actions, which answer with a Fetch
 * Response rather than through Fastify's reply.
 */
export function pageSessionCookies(app: FastifyInstance) {
  const secure = app.config.publicUrl.startsWith('https://');
  return {
    session: (token: string, remember: boolean) => app.serializeCookie(SESSION_COOKIE, token, sessionCookieOptions(secure, remember)),
    clearSession: () => app.serializeCookie(SESSION_COOKIE, '', { ...sessionCookieOptions(secure, false), maxAge: 0 }),
    twoFactorChallenge: (challenge: string) =>
      app.serializeCookie(TWO_FACTOR_COOKIE, challenge, { ...twoFactorCookieOptions(secure), maxAge: TWO_FACTOR_SECONDS }),
  };
}
export type PageSessionCookies = ReturnType<typeof pageSessionCookies>;

/** Throws 401 for visitors; use at the top of every handler that needs an account. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError('unauthenticated');
  return request.currentUser;
}

/**
 * Resolves the session for every request and enforces CSRF: a cookie-authenticated unsafe API
 * call must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN (double submit). Bearer calls are exempt,
 * since a browser never attaches them on its own.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    const secure = app.config.publicUrl.startsWith('https://');
    app.decorateRequest('currentUser', null);
    app.decorateRequest('viaCookie', false);
    app.decorate('pageSessionCookies', pageSessionCookies(app));

    app.addHook('onRequest', async (request) => {
      const bearer = bearerToken(request);
      const cookie = request.cookies[SESSION_COOKIE];
      const token = bearer ?? cookie;
      if (!token) return;
      request.currentUser = (await app.services.auth.resolveSession(token)) ?? null;
      request.viaCookie = !bearer;
    });

    app.addHook('preHandler', async (request) => {
      if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
      if (!request.cookies[SESSION_COOKIE] || bearerToken(request)) return;
      const cookie = request.cookies[XSRF_COOKIE];
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !safeEqual(cookie, decodeURIComponent(header))) {
        throw new AppError('csrf_mismatch');
      }
    });

    app.get(
      '/api/sanctum/csrf-cookie',
      { schema: { tags: ['auth'], summary: 'Sets the XSRF-TOKEN cookie to echo in X-XSRF-TOKEN', response: { 204: {} } } },
      async (request, reply) => {
        const existing = request.cookies[XSRF_COOKIE];
        if (!existing) void reply.setCookie(XSRF_COOKIE, randomToken(), { path: '/', sameSite: 'lax', secure, httpOnly: false });
        return reply.status(204).send();
      },
    );
  },
  { name: 'session', dependencies: ['@fastify/cookie', 'error-handler'] },
);
