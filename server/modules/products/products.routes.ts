import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListingBody, ListingReply } from './products.schemas.ts';

const productsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/products',
    {
      schema: { tags: ['products'], summary: 'Search and list active ads, 20 a page', body: ListingBody, response: { 200: ListingReply } },
    },
    async (request) => app.services.products.list(request.body ?? {}, request.locale),
  );
};

export default productsRoutes;
