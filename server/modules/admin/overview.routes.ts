import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../platform/session.ts';
import { OverviewReply, QueuesReply } from './overview.schemas.ts';

/** The admin area's front page data: queues and activity, as far as the caller's permissions reach. */
const overviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/overview',
    {
      schema: {
        tags: ['admin'],
        summary: 'Queues waiting for staff and new accounts and ads per day, by the caller’s permissions',
        response: { 200: OverviewReply },
      },
    },
    async (request) => ({ data: await app.services.overview.overview(requireUser(request)) }),
  );

  app.get(
    '/admin/queues',
    {
      schema: {
        tags: ['admin'],
        summary: 'How many ads wait for review and reports are open, by the caller’s permissions (the staff menu’s badges)',
        response: { 200: QueuesReply },
      },
    },
    async (request) => ({ data: await app.services.overview.queues(requireUser(request)) }),
  );
};

export default overviewRoutes;
