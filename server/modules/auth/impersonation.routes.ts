import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../../common/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../platform/session.ts';
import { requestMeta } from '../../platform/current-user.ts';

const TargetParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const ImpersonationReply = Type.Object({
  message: Type.String(),
  token: Type.Optional(Type.String({ description: 'The new session token, for bearer clients only (browsers get the cookie)' })),
});

/**
 * Impersonation (spec section 7: GET /impersonate/take/{id}, GET /impersonate/leave). The spec
 * keeps GET, but both switch the browser's session: `stateChanging` gives them the checks of an
 * unsafe call (X-XSRF-TOKEN for cookie sessions, no call from outside the app), so a link, a
 * redirect or a picture on any page cannot switch an admin's session.
 */
const impersonationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const impersonation = app.services.impersonation;

  app.get(
    '/impersonate/take/:id',
    {
      config: { stateChanging: true },
      schema: {
        tags: ['admin'],
        summary: 'Act as this account; your own session waits on the server',
        description: 'Changes state although it is a GET: a cookie session sends X-XSRF-TOKEN as for any unsafe call.',
        params: TargetParams,
        response: { 200: ImpersonationReply },
      },
    },
    async (request, reply) => {
      const { token, name } = await impersonation.take(requireUser(request), request.params.id, requestMeta(request));
      if (request.viaCookie) setSessionCookie(reply, token, false);
      return { message: translate(request.locale, 'impersonation.started', { name }), ...(request.viaCookie ? {} : { token }) };
    },
  );

  app.get(
    '/impersonate/leave',
    {
      config: { stateChanging: true },
      schema: {
        tags: ['admin'],
        summary: 'Stop acting as someone and return to your own account',
        description: 'Changes state although it is a GET: a cookie session sends X-XSRF-TOKEN as for any unsafe call.',
        response: { 200: ImpersonationReply },
      },
    },
    async (request, reply) => {
      const back = await impersonation.leave(requireUser(request), requestMeta(request));
      if (!back) {
        if (request.viaCookie) clearSessionCookie(reply);
        throw AppError.field('session', 'impersonation.cannot_return');
      }
      if (request.viaCookie) setSessionCookie(reply, back.token, back.remember);
      return { message: translate(request.locale, 'impersonation.left'), ...(request.viaCookie ? {} : { token: back.token }) };
    },
  );
};

export default impersonationRoutes;
