import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../platform/session.ts';

/** The admin area's system page (spec: phpinfo). */
const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/system',
    { schema: { tags: ['admin'], summary: 'Versions, migrations, uptime, memory, drivers and queues (nothing secret)' } },
    async (request) => ({ data: await app.services.system.info(requireUser(request)) }),
  );
};

export default systemRoutes;
