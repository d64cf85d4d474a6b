import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

/** robots.txt and the sitemaps, at the site root. */
const seoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const seo = app.services.seo;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(seo.robots()),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await seo.index()),
  );

  app.get(
    '/sitemaps/:name.xml',
    { schema: { hide: true, params: Type.Object({ name: Type.String({ maxLength: 20 }) }) } },
    async (request, reply) => {
      const xml = await seo.file(request.params.name);
      if (!xml) return reply.callNotFound();
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
    },
  );
};

export default seoRoutes;
