import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SerializeOptions } from '@fastify/cookie';
import { SESSION_COOKIE, TWO_FACTOR_COOKIE, XSRF_COOKIE } from '../../common/cookies.ts';
import fp from 'fastify-plugin';
import type { CurrentUser } from './current-user.ts';
import { AppError } from '../../common/errors.ts';
import { decodeOrKeep } from '../../common/text.ts';
import { hashToken, randomToken, safeEqual } from './secrets.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, resolved from the session cookie or a bearer token; null for visitors. */
    currentUser: CurrentUser | null;
    /** True when the session came from the cookie (then CSRF protection applies). */
    viaCookie: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The route changes state although its method is safe (the spec's GET impersonation calls):
     * it meets the same CSRF and cross-site checks as a POST.
     */
    stateChanging?: boolean;
  }
}

export const XSRF_HEADER = 'x-xsrf-token';
/** The methods that may change state (CSRF checks them; a read replica's window follows them). */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The XSRF cookie is read by the page's scripts, so it is not httpOnly. */
function xsrfCookieOptions(secure: boolean): SerializeOptions {
  return { path: '/', sameSite: 'lax', secure, httpOnly: false };
}

function isApiRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  return route === '/api' || route.startsWith('/api/');
}

/**
 * Whether the matched route changes state: an unsafe method, or a route that says so in its
 * config. Decided by the route the router matched, so every spelling of its path meets it, and
 * the HEAD twin Fastify adds to a GET route carries the same config.
 */
function changesState(request: FastifyRequest): boolean {
  return isApiRoute(request) && (UNSAFE_METHODS.has(request.method) || request.routeOptions.config.stateChanging === true);
}

/**
 * Whether the browser says this request did not come from the app's own scripts: another site
 * (`cross-site`), a sibling host or port (`same-site`: the app never calls itself from another
 * origin) or the address bar (`none`), or a navigation, a picture, a plain form or anything else
 * that is not a script's fetch (`Sec-Fetch-Mode` other than cors/same-origin). Clients that send
 * no Fetch Metadata (older browsers, curl) are left to the XSRF header check.
 */
function fromOutsideTheApp(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  const mode = request.headers['sec-fetch-mode'];
  if (site !== undefined && site !== 'same-origin') return true;
  return mode !== undefined && mode !== 'cors' && mode !== 'same-origin';
}

/** API calls and pages hand out the token; static files and pictures (cached) never set cookies. */
function handsOutXsrf(request: FastifyRequest): boolean {
  return isApiRoute(request) || request.routeOptions.url === '/*';
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * Whether cookies carry `Secure`: the public address is https, or this request came over https
 * (behind a proxy that terminates TLS, its X-Forwarded-Proto says so when TRUST_PROXY is set).
 */
export function secureCookies(request: FastifyRequest): boolean {
  return request.server.config.publicUrl.startsWith('https://') || request.protocol === 'https';
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

/** The CSRF token of a session (its id is the token's hash): it changes with every sign-in. */
function xsrfTokenOf(app: FastifyInstance, sessionId: string): string {
  return app.services.platform.sealer.sign(`xsrf:${sessionId}`);
}

/** A new session's cookie, with the CSRF token that goes with it. */
export function setSessionCookie(reply: FastifyReply, token: string, remember: boolean): void {
  const secure = secureCookies(reply.request);
  void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(secure, remember));
  void reply.setCookie(XSRF_COOKIE, xsrfTokenOf(reply.server, hashToken(token)), xsrfCookieOptions(secure));
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(secureCookies(reply.request), false));
}

export function setTwoFactorCookie(reply: FastifyReply, challenge: string): void {
  void reply.setCookie(TWO_FACTOR_COOKIE, challenge, {
    ...twoFactorCookieOptions(secureCookies(reply.request)),
    maxAge: TWO_FACTOR_SECONDS,
  });
}

export function clearTwoFactorCookie(reply: FastifyReply): void {
  void reply.clearCookie(TWO_FACTOR_COOKIE, twoFactorCookieOptions(secureCookies(reply.request)));
}

/**
 * The same cookies as Set-Cookie header values, for page actions, which answer with a Fetch
 * Response rather than through Fastify's reply.
 */
export function pageSessionCookies(app: FastifyInstance, secure: boolean) {
  return {
    session: (token: string, remember: boolean) => [
      app.serializeCookie(SESSION_COOKIE, token, sessionCookieOptions(secure, remember)),
      app.serializeCookie(XSRF_COOKIE, xsrfTokenOf(app, hashToken(token)), xsrfCookieOptions(secure)),
    ],
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
 * Resolves the session for every request and enforces CSRF: a cookie-authenticated state-changing
 * API call (an unsafe method, or a route with `config: { stateChanging: true }`) must send its
 * session's token in X-XSRF-TOKEN, and no browser may make one from outside the app (Fetch
 * Metadata). Bearer calls are exempt, since a browser never attaches them on its own.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('currentUser', null);
    app.decorateRequest('viaCookie', false);

    app.addHook('onRequest', async (request) => {
      const bearer = bearerToken(request);
      const cookie = request.cookies[SESSION_COOKIE];
      const token = bearer ?? cookie;
      if (!token) return;
      request.currentUser = (await app.services.auth.resolveSession(token)) ?? null;
      request.viaCookie = !bearer;
    });

    // The CSRF token of a signed-in browser is derived from its session: it changes with every
    // sign-in and is worthless with another session. Pages and API answers hand it out as the
    // XSRF-TOKEN cookie whenever the browser's copy is missing or belongs to an earlier session.
    // The check is decided by the route the router matched, not by how the path was written
    // (`/api/x/` reaches the same route and meets the same check), before the body is read.
    // A state-changing call a browser made on another page's behalf (a link, a redirect, a
    // picture, a form on another site) is refused before anything changes, signed in or not;
    // bearer clients are not browsers and are exempt.
    app.addHook('onRequest', async (request, reply) => {
      const stateChanging = changesState(request);
      if (stateChanging && bearerToken(request) === undefined && fromOutsideTheApp(request)) {
        throw new AppError('cross_site_request');
      }
      if (!request.viaCookie || !request.currentUser) return;
      const token = xsrfTokenOf(app, request.currentUser.session.id);
      if (handsOutXsrf(request) && request.cookies[XSRF_COOKIE] !== token) {
        void reply.setCookie(XSRF_COOKIE, token, xsrfCookieOptions(secureCookies(request)));
      }
      if (!stateChanging) return;
      const header = request.headers[XSRF_HEADER];
      if (typeof header !== 'string' || !safeEqual(token, decodeOrKeep(header))) throw new AppError('csrf_mismatch');
    });

    app.get(
      '/api/sanctum/csrf-cookie',
      { schema: { tags: ['auth'], summary: 'Sets the XSRF-TOKEN cookie to echo in X-XSRF-TOKEN', response: { 204: {} } } },
      async (request, reply) => {
        // A signed-in browser got its session's token from the onRequest hook; a visitor gets a
        // random one (nothing to protect until they sign in, when the token becomes the session's).
        if (!request.cookies[XSRF_COOKIE] && !(request.viaCookie && request.currentUser)) {
          void reply.setCookie(XSRF_COOKIE, randomToken(), xsrfCookieOptions(secureCookies(request)));
        }
        return reply.status(204).send();
      },
    );
  },
  { name: 'session', dependencies: ['@fastify/cookie', 'error-handler'] },
);
