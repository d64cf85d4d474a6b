import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { acceptFormBodies } from '../../platform/uploads.ts';
import { AdUuidParams } from '../ads/ads.schemas.ts';
import { AdminProductsBody, AdminProductsReply, RejectBody } from './moderation.schemas.ts';

/** The moderator's calls (spec section 7, admin products). Rules live in the service. */
const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const moderation = app.services.moderation;
  // These calls took form bodies too while they shared the selling routes' plugin; they still do.
  acceptFormBodies(app);

  app.post(
    '/admin/products',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Ads of one status for staff (default: the moderation queue)',
        body: AdminProductsBody,
        response: { 200: AdminProductsReply },
      },
    },
    async (request) => moderation.list(requireUser(request), request.body?.status ?? 'moderate', request.body?.page ?? 1, request.locale),
  );

  app.post(
    '/admin/products/:uuid/approve',
    { schema: { tags: ['moderation'], summary: 'Approve an ad: it becomes active and the seller gets a mail', params: AdUuidParams } },
    async (request) => {
      const product = await moderation.approve(requireUser(request), request.params.uuid);
      return { message: translate(request.locale, 'ads.approved'), data: { uuid: product.uuid, status: product.status } };
    },
  );

  app.post(
    '/admin/products/:uuid/reject',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Reject an ad with a reason the seller sees and receives by mail',
        params: AdUuidParams,
        body: RejectBody,
      },
    },
    async (request) => {
      const product = await moderation.reject(requireUser(request), request.params.uuid, request.body.reason);
      return { message: translate(request.locale, 'ads.rejected'), data: { uuid: product.uuid, status: product.status } };
    },
  );
};

export default moderationRoutes;
