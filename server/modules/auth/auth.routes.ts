import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestMeta } from '../../platform/current-user.ts';
import type { FastifyRequest } from 'fastify';
import { translate } from '../../platform/i18n.ts';
import { clearSessionCookie, requireUser, setSessionCookie, setTwoFactorCookie } from '../../platform/session.ts';
import { SESSION_COOKIE } from '../../../common/cookies.ts';
import { presentUser } from '../users/users.presenter.ts';
import {
  ForgotBody,
  LoginBody,
  LoginReply,
  Message,
  PasswordBody,
  RegisterBody,
  ResendBody,
  ResetBody,
  SessionList,
  SessionParams,
  VerifyParams,
  VerifyQuery,
} from './auth.schemas.ts';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = app.services.auth;
  const message = (request: FastifyRequest, key: string) => ({ message: translate(request.locale, key) });

  app.post('/login', { schema: { tags: ['auth'], body: LoginBody, response: { 200: LoginReply } } }, async (request, reply) => {
    const result = await auth.login({ ...request.body, remember: request.body.remember ?? false }, requestMeta(request));
    // Whatever session the browser had before is gone: a fresh token at every log-in (no fixation).
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await auth.logoutToken(previous);
    if (result.kind === 'two_factor') {
      clearSessionCookie(reply);
      setTwoFactorCookie(reply, result.challenge);
      return { two_factor: true, ...message(request, 'auth.two_factor_required') };
    }
    setSessionCookie(reply, result.token, result.remember);
    const roles = await auth.rolesOf(result.user.id);
    return { two_factor: false, ...message(request, 'auth.logged_in'), user: presentUser(result.user, roles) };
  });

  app.post('/logout', { schema: { tags: ['auth'], response: { 200: Message } } }, async (request, reply) => {
    await auth.logout(request.currentUser ?? undefined);
    clearSessionCookie(reply);
    return message(request, 'auth.logged_out');
  });

  app.post('/register', { schema: { tags: ['auth'], body: RegisterBody, response: { 201: Message } } }, async (request, reply) => {
    await auth.register(request.body, requestMeta(request));
    return reply.status(201).send(message(request, 'auth.registered'));
  });

  app.post(
    '/verify-email/:id/:hash',
    { schema: { tags: ['auth'], params: VerifyParams, querystring: VerifyQuery, response: { 200: Message } } },
    async (request) => {
      await auth.verifyEmail({ ...request.params, ...request.query });
      return message(request, 'auth.email_verified');
    },
  );

  app.post('/verify-resend', { schema: { tags: ['auth'], body: ResendBody, response: { 200: Message } } }, async (request) => {
    await auth.resendVerification(requireUser(request), request.body.id, request.locale);
    return message(request, 'auth.verification_sent');
  });

  app.post('/forgot-password', { schema: { tags: ['auth'], body: ForgotBody, response: { 200: Message } } }, async (request) => {
    await auth.forgotPassword(request.body.email, requestMeta(request));
    return message(request, 'auth.reset_link_sent');
  });

  app.post('/reset-password', { schema: { tags: ['auth'], body: ResetBody, response: { 200: Message } } }, async (request) => {
    await auth.resetPassword(request.body, requestMeta(request));
    return message(request, 'auth.password_reset');
  });

  app.patch('/password', { schema: { tags: ['auth'], body: PasswordBody, response: { 200: Message } } }, async (request) => {
    await auth.changePassword(requireUser(request), request.body, requestMeta(request));
    return message(request, 'auth.password_changed');
  });

  app.get('/sessions', { schema: { tags: ['auth'], response: { 200: SessionList } } }, async (request) => ({
    data: await auth.listSessions(requireUser(request)),
  }));

  app.delete(
    '/sessions',
    { schema: { tags: ['auth'], summary: 'Sign out every other device', response: { 200: Message } } },
    async (request) => {
      await auth.endOtherSessions(requireUser(request), requestMeta(request));
      return message(request, 'auth.other_sessions_ended');
    },
  );

  app.delete('/sessions/:id', { schema: { tags: ['auth'], params: SessionParams, response: { 200: Message } } }, async (request) => {
    await auth.endSession(requireUser(request), request.params.id);
    return message(request, 'auth.session_ended');
  });
};

export default authRoutes;
