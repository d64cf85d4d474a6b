import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const Status = Type.Object({ status: Type.String() });

/** Liveness (the process answers) and readiness (the database answers too). */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: Status } } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { tags: ['health'], response: { 200: Status, 503: Status } } }, async (request, reply) => {
    try {
      await app.services.database.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
};

export default healthRoutes;
