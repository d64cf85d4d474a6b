import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const twoFactorRoutes: FastifyPluginAsyncTypebox = async () => {};

export default twoFactorRoutes;
