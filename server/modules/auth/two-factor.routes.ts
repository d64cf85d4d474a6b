import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../../platform/i18n.ts';
import { clearTwoFactorCookie, requireUser, setSessionCookie } from '../../platform/session.ts';
import { SESSION_COOKIE, TWO_FACTOR_COOKIE } from '../../../common/cookies.ts';
import { presentUser } from '../users/users.presenter.ts';
import { requestMeta } from '../../platform/current-user.ts';
import { LoginReply, Message } from './auth.schemas.ts';
import type { CompletedLogin } from './two-factor.service.ts';
import { CodeBody, EnableReply, IdentityBody, RecoveryCodeBody, RecoveryCodesReply, StatusReply } from './two-factor.schemas.ts';

/** Two-factor set-up for the signed-in person, and the second step of a log-in (spec section 7). */
const twoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { auth, twoFactor } = app.services;
  const message = (request: FastifyRequest, key: string) => translate(request.locale, key);

  /** Same answer and cookies as a password log-in without two-factor. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, login: CompletedLogin) {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await auth.logoutToken(previous);
    setSessionCookie(reply, login.token, login.remember);
    clearTwoFactorCookie(reply);
    return { two_factor: false, message: message(request, 'auth.logged_in'), user: presentUser(login.user, login.roles) };
  }

  app.get(
    '/enable2fa',
    { schema: { tags: ['auth'], summary: 'Starts two-factor set-up: QR code and key', response: { 200: EnableReply } } },
    async (request) => twoFactor.enable(requireUser(request)),
  );

  app.post(
    '/confirm2fa',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turns two-factor on with a code from the app',
        body: CodeBody,
        response: { 200: RecoveryCodesReply },
      },
    },
    async (request) => ({
      message: message(request, 'two_factor.enabled'),
      recovery_codes: await twoFactor.confirm(requireUser(request), request.body.code, requestMeta(request)),
    }),
  );

  app.get(
    '/show2fa',
    { schema: { tags: ['auth'], summary: 'Two-factor state of the signed-in person', response: { 200: StatusReply } } },
    async (request) => twoFactor.status(requireUser(request)),
  );

  app.post(
    '/recovery-codes',
    {
      schema: {
        tags: ['auth'],
        summary: 'New recovery codes (the old ones stop working)',
        body: IdentityBody,
        response: { 200: RecoveryCodesReply },
      },
    },
    async (request) => ({
      message: message(request, 'two_factor.codes_regenerated'),
      recovery_codes: await twoFactor.regenerateRecoveryCodes(requireUser(request), request.body, requestMeta(request)),
    }),
  );

  app.post(
    '/disable2fa',
    { schema: { tags: ['auth'], summary: 'Turns two-factor off', body: IdentityBody, response: { 200: Message } } },
    async (request) => {
      await twoFactor.disable(requireUser(request), request.body, requestMeta(request));
      return { message: message(request, 'two_factor.disabled') };
    },
  );

  app.post(
    '/check2faCode',
    { schema: { tags: ['auth'], summary: 'Second log-in step with a code', body: CodeBody, response: { 200: LoginReply } } },
    async (request, reply) => {
      const factor = { kind: 'code', code: request.body.code } as const;
      const login = await twoFactor.completeLogin(request.cookies[TWO_FACTOR_COOKIE], factor, requestMeta(request));
      return signIn(request, reply, login);
    },
  );

  app.post(
    '/recovery2faWithCode',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second log-in step with a recovery code',
        body: RecoveryCodeBody,
        response: { 200: LoginReply },
      },
    },
    async (request, reply) => {
      const factor = { kind: 'recovery_code', recoveryCode: request.body.recovery_code } as const;
      const login = await twoFactor.completeLogin(request.cookies[TWO_FACTOR_COOKIE], factor, requestMeta(request));
      return signIn(request, reply, login);
    },
  );
};

export default twoFactorRoutes;
