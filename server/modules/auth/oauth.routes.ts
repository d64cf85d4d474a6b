import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const oauthRoutes: FastifyPluginAsyncTypebox = async () => {};

export default oauthRoutes;
