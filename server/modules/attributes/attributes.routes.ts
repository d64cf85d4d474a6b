import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../../common/errors.ts';
import { CatalogIdParams, PublicAttributeList } from './attributes.schemas.ts';

/**
 * How long browsers and shared caches may keep a catalog's fields: they change only when staff
 * edit them, and a seller's form or a filter sheet a minute behind is harmless.
 */
export const ATTRIBUTES_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** A catalog's fields for sellers and buyers (issue 26). */
const attributesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/catalogs/:id/attributes',
    {
      schema: {
        tags: ['catalog'],
        summary: "A public category's fields (its own and its ancestors', not retired), in the request's language",
        params: CatalogIdParams,
        response: { 200: PublicAttributeList },
      },
    },
    async (request, reply) => {
      const data = await app.services.attributes.forReaders(request.params.id, request.locale);
      if (!data) throw new AppError('not_found');
      void reply.header('cache-control', ATTRIBUTES_CACHE_CONTROL).header('vary', 'Accept-Language');
      return { data };
    },
  );
};

export default attributesRoutes;
