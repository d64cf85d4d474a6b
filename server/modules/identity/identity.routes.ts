import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IDENTITY_STATE_COOKIE } from '../../../common/cookies.ts';
import { AppError } from '../../../common/errors.ts';
import { IDENTITY_SETTINGS_PATH, type IdentityOutcome } from '../../../common/identity.ts';
import { translate } from '../../platform/i18n.ts';
import { requireUser, secureCookies } from '../../platform/session.ts';
import { requestMeta } from '../../platform/current-user.ts';
import { IdentityFailure } from './identity.broker.ts';
import { CallbackQuery, RemovedReply, StartReply, StatusReply } from './identity.schemas.ts';
import { IDENTITY_STATE_SECONDS } from './identity.service.ts';

const Redirect = { description: 'Redirect to the settings page with ?identity=<outcome> (a browser navigation)', type: 'null' } as const;

/** A browser arriving from the broker (a top-level navigation) gets a page; an API client gets JSON. */
function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return /\btext\/html\b/.test(request.headers.accept ?? '');
}

const backToSettings = (reply: FastifyReply, outcome: IdentityOutcome) =>
  reply.redirect(`${IDENTITY_SETTINGS_PATH}?identity=${outcome}`, 303);

const identityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { identity } = app.services;
  // Only the identification's own calls ever see it. Lax, so that the browser sends it back on the
  // broker's top-level redirect to the callback (a GET navigation).
  const stateCookie = (request: FastifyRequest) =>
    ({ path: '/api/identity', httpOnly: true, sameSite: 'lax', secure: secureCookies(request) }) as const;

  app.get(
    '/identity',
    {
      schema: {
        tags: ['identity'],
        summary: 'My strong identification, and whether it can be started here',
        response: { 200: StatusReply },
      },
    },
    async (request) => ({ data: await identity.status(requireUser(request)) }),
  );

  app.post(
    '/identity/start',
    {
      schema: {
        tags: ['identity'],
        summary:
          "Starts a strong identification: answers the broker's URL and sets the sealed identity_state cookie (404 when no broker is set)",
        response: { 200: StartReply },
      },
    },
    async (request, reply) => {
      const started = await identity.start(requireUser(request));
      void reply.setCookie(IDENTITY_STATE_COOKIE, started.sealedState, { ...stateCookie(request), maxAge: IDENTITY_STATE_SECONDS });
      return { data: { url: started.url } };
    },
  );

  // The broker's redirect URI. A GET that stores something, yet deliberately not `stateChanging`:
  // the broker sends the browser here by a top-level cross-site navigation, which the session's
  // CSRF rules (X-XSRF-TOKEN, Fetch Metadata) would refuse by design. Forgery is prevented instead by
  // what only the browser that started the identification holds: the sealed, httpOnly cookie with the
  // state (compared here), the nonce (compared with the ID token) and the PKCE verifier (needed to
  // redeem the code), bound to the account and session that started it and spent on first use (the
  // cookie is cleared, and a verified account takes no second answer). A link an attacker plants
  // carries their state, which matches no cookie of the victim's; a code they stole cannot be
  // redeemed without the verifier.
  app.get(
    '/identity/callback',
    {
      attachValidation: true,
      schema: {
        tags: ['identity'],
        summary:
          "The broker's redirect URI: a browser is sent to the settings page with the outcome; an API client gets the status, or a translated 400",
        querystring: CallbackQuery,
        response: { 200: StatusReply, 303: Redirect },
      },
    },
    async (request, reply) => {
      void reply.clearCookie(IDENTITY_STATE_COOKIE, stateCookie(request)).header('cache-control', 'no-store');
      const navigation = isNavigation(request);
      if (!identity.available()) {
        if (navigation) return backToSettings(reply, 'unavailable');
        throw new AppError('not_found');
      }
      try {
        if (request.validationError) throw new IdentityFailure(`malformed callback: ${request.validationError.message}`);
        const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        const status = await identity.complete(
          request.currentUser,
          request.query,
          search,
          request.cookies[IDENTITY_STATE_COOKIE],
          requestMeta(request),
        );
        if (navigation) return backToSettings(reply, 'verified');
        return { data: status };
      } catch (error) {
        if (!(error instanceof IdentityFailure)) throw error;
        request.log.warn({ reason: error.reason, outcome: error.outcome }, 'strong identification failed');
        if (navigation) return backToSettings(reply, error.outcome);
        if (error.outcome === 'unavailable') throw new AppError('service_unavailable');
        throw new AppError('bad_request', {}, { identity: [{ key: `identity.outcome.${error.outcome}` }] });
      }
    },
  );

  app.delete(
    '/identity',
    { schema: { tags: ['identity'], summary: 'Removes my strong identification (the badge goes)', response: { 200: RemovedReply } } },
    async (request) => ({
      message: translate(request.locale, 'identity.removed'),
      data: await identity.remove(requireUser(request), requestMeta(request)),
    }),
  );
};

export default identityRoutes;
