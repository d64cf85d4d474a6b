import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../platform/session.ts';
import { DashboardQuery, DashboardReply } from './dashboard.schemas.ts';

/** The signed-in person's dashboard figures (spec: /dashboard). */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['users'],
        summary: 'Own ads by status, a page of them with views and messages, unread messages, wishes, and staff queues',
        querystring: DashboardQuery,
        response: { 200: DashboardReply },
      },
    },
    async (request) => app.services.dashboard.overview(requireUser(request), request.query.page ?? 1),
  );
};

export default dashboardRoutes;
