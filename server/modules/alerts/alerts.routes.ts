import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { acceptFormBodies } from '../../platform/uploads.ts';
import { UnsubscribeQuery, UnsubscribeReply } from './alerts.schemas.ts';

/**
 * RFC 8058 one-click unsubscribe: the address of a saved-search alert's List-Unsubscribe header.
 * A mail program posts `List-Unsubscribe=One-Click` to it, without cookies: the signed token in
 * the address is the whole authority, and the body says nothing more, so it is not read.
 */
const alertsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  acceptFormBodies(app);
  app.post(
    '/saved-searches/unsubscribe',
    {
      schema: {
        tags: ['saved-searches'],
        summary: 'One-click unsubscribe (RFC 8058) from a saved search\u2019s alerts, by the token of its mail; no sign-in',
        querystring: UnsubscribeQuery,
        response: { 200: UnsubscribeReply },
      },
    },
    async (request) => app.services.alerts.unsubscribeOneClick(request.query.token),
  );
};

export default alertsRoutes;
