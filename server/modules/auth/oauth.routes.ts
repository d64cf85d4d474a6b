import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../../common/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { clearSessionCookie, requireUser, secureCookies, setSessionCookie, setTwoFactorCookie } from '../../platform/session.ts';
import { OAUTH_STATE_COOKIE, SESSION_COOKIE } from '../../../common/cookies.ts';
import { requestMeta } from '../../platform/current-user.ts';
import {
  CallbackQuery,
  LoginsReply,
  OauthAccountList,
  OauthAccountParams,
  OauthMessage,
  ProviderParams,
  StartBody,
  StartReply,
} from './oauth.schemas.ts';
import { OAUTH_STATE_SECONDS, OauthFailure, type OauthOutcome } from './oauth.service.ts';

const Redirect = { description: 'Redirect (Location header)', type: 'null' } as const;

const oauthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { oauth, auth } = app.services;
  // Lax, so the browser sends it back on the provider's top-level redirect to the callback.
  const stateCookie = (request: FastifyRequest) =>
    ({ path: '/api', httpOnly: true, sameSite: 'lax', secure: secureCookies(request) }) as const;

  app.get(
    '/logins',
    { schema: { tags: ['auth'], summary: 'Which social sign-ins are enabled', response: { 200: LoginsReply } } },
    async () => ({ logins: oauth.enabledLogins() }),
  );

  app.post(
    '/oauth/:provider',
    {
      schema: {
        tags: ['auth'],
        summary: "Starts a provider sign-in: answers the provider's URL and sets the sealed oauth_state cookie",
        params: ProviderParams,
        body: StartBody,
        response: { 200: StartReply },
      },
      // The body is optional: a plain POST (no body, no content type) starts a sign-in back to "/".
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      let started: Awaited<ReturnType<typeof oauth.start>>;
      try {
        started = await oauth.start(request.params.provider, request.body.redirect_to);
      } catch (error) {
        if (!(error instanceof OauthFailure)) throw error;
        // Only the provider's discovery document can fail here.
        request.log.warn({ provider: request.params.provider, reason: error.reason }, 'oauth start failed');
        throw new AppError('service_unavailable');
      }
      void reply.setCookie(OAUTH_STATE_COOKIE, started.sealedState, { ...stateCookie(request), maxAge: OAUTH_STATE_SECONDS });
      return { url: started.url };
    },
  );

  app.get(
    '/oauth/:provider/callback',
    {
      // The provider sends the browser here: every outcome is a redirect to a page, never a JSON error.
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: "The provider's redirect URI: signs in and redirects to the page (or to /login?error=…)",
        params: ProviderParams,
        querystring: CallbackQuery,
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      void reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie(request)).header('cache-control', 'no-store');
      try {
        if (request.validationError) throw new OauthFailure(`malformed callback: ${request.validationError.message}`);
        const result = await oauth.complete(
          request.params.provider,
          request.query,
          request.cookies[OAUTH_STATE_COOKIE],
          requestMeta(request),
        );
        // Whatever session the browser had before is gone: a fresh token at every sign-in (no fixation).
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await auth.logoutToken(previous);
        if (result.kind === 'two_factor') {
          clearSessionCookie(reply);
          setTwoFactorCookie(reply, result.challenge);
          return reply.redirect('/mfa-confirm');
        }
        setSessionCookie(reply, result.token, true);
        return reply.redirect(result.redirectTo);
      } catch (error) {
        let outcome: OauthOutcome = 'oauth_failed';
        if (error instanceof OauthFailure) {
          outcome = error.outcome;
          request.log.warn({ provider: request.params.provider, reason: error.reason }, 'oauth sign-in failed');
        } else {
          request.log.error({ err: error, reqId: request.id }, 'oauth sign-in failed');
        }
        return reply.redirect(`/login?error=${outcome}`);
      }
    },
  );

  app.get(
    '/oauth-accounts',
    { schema: { tags: ['auth'], summary: "The signed-in person's linked provider accounts", response: { 200: OauthAccountList } } },
    async (request) => ({ data: await oauth.listAccounts(requireUser(request)) }),
  );

  app.post(
    '/oauth-revoke/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Unlinks a provider account (refused when it is the only way to sign in)',
        params: OauthAccountParams,
        response: { 200: OauthMessage },
      },
    },
    async (request) => {
      const { label } = await oauth.unlink(requireUser(request), request.params.id, requestMeta(request));
      return { message: translate(request.locale, 'oauth.unlinked', { provider: label }) };
    },
  );
};

export default oauthRoutes;
