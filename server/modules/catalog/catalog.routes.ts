import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CatalogFlatList, CatalogTree } from './catalog.schemas.ts';

const catalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/catalogs-tree',
    { schema: { tags: ['catalog'], summary: 'The category tree', response: { 200: CatalogTree } } },
    async (request) => ({ data: await app.services.catalog.tree(request.locale) }),
  );

  app.get(
    '/catalogs-flatten',
    { schema: { tags: ['catalog'], summary: 'Every category in one list, parents first', response: { 200: CatalogFlatList } } },
    async (request) => ({ data: await app.services.catalog.flatten(request.locale) }),
  );
};

export default catalogRoutes;
