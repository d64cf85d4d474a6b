import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../../common/errors.ts';
import { CatalogFlatList, CatalogPathParams, CatalogPathReply, CatalogTree } from './catalog.schemas.ts';

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

  // A catalog by its page's path (spec section 2). An old slug, or a catalog that has moved,
  // answers 301 to its current path, as the catalog pages do.
  for (const path of ['/catalogs/:catalog', '/catalogs/:catalog/:catalogChild1', '/catalogs/:catalog/:catalogChild1/:catalogChild2']) {
    app.get(
      path,
      {
        schema: {
          tags: ['catalog'],
          summary: 'A category by its path, with its trail and children; 301 to the current path for an old slug',
          params: CatalogPathParams,
          response: { 200: CatalogPathReply },
        },
      },
      async (request, reply) => {
        const { catalog, catalogChild1, catalogChild2 } = request.params;
        const slugs = [catalog, catalogChild1, catalogChild2].filter((s): s is string => !!s);
        const found = await app.services.catalog.resolvePath(slugs, request.locale);
        if (!found) throw new AppError('not_found');
        if (found.kind === 'moved') return reply.redirect(`/api/catalogs/${found.path.join('/')}`, 301);
        const current = found.trail[found.trail.length - 1]!;
        const flat = await app.services.catalog.flatten(request.locale);
        return { data: current, trail: found.trail, children: flat.filter((c) => c.parent_id === current.id) };
      },
    );
  }
};

export default catalogRoutes;
