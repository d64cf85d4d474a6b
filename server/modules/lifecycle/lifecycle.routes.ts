import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { AdUuidParams } from '../ads/ads.schemas.ts';
import { RenewReply } from './lifecycle.schemas.ts';

/** Ad validity (issue 27): the owner's renewal. The rules live in the service. */
const lifecycleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const lifecycle = app.services.lifecycle;

  app.post(
    '/product/:uuid/renew',
    {
      schema: {
        tags: ['selling'],
        summary:
          "Renew my ad by the full period from now: in its last 7 days or up to 90 days after it ended (403 someone else's, 404 unknown, 409 too early, 410 ended too long ago or archived)",
        params: AdUuidParams,
        response: { 200: RenewReply },
      },
    },
    async (request) => {
      const data = await lifecycle.renew(requireUser(request), request.params.uuid);
      return { message: translate(request.locale, 'lifecycle.renewed'), data };
    },
  );
};

export default lifecycleRoutes;
