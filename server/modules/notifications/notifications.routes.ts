import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../platform/session.ts';
import { MarkReadBody, MarkReadReply, NotificationListQuery, NotificationListReply } from './notifications.schemas.ts';

/** The notification centre (issue 29): every call needs an account and reaches only its own notifications. */
const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const notifications = app.services.notifications;
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first, with my unread count',
        querystring: NotificationListQuery,
        response: { 200: NotificationListReply },
      },
    },
    async (request) => notifications.list(requireUser(request), request.query),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark some of my notifications read (`ids`), or all of them (`all: true`)',
        body: MarkReadBody,
        response: { 200: MarkReadReply },
      },
    },
    async (request) => ({ data: await notifications.markRead(requireUser(request), request.body) }),
  );
};

export default notificationsRoutes;
