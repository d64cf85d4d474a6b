import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../platform/session.ts';
import { AuditQueryBody, AuditReply } from './audit.schemas.ts';

/** The audit log (issue 14, item 5): read with filters, never changed through the app. */
const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first: filter by who, what, target and time',
        body: AuditQueryBody,
        response: { 200: AuditReply },
      },
    },
    async (request) => app.services.audit.page(requireUser(request), request.body ?? {}),
  );
};

export default auditRoutes;
