import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isLocale } from '../../../common/locales.ts';
import { projectRoot, webBuildDir } from '../../paths.ts';
import { createPwaService } from './pwa.service.ts';

/** The offline page allows nothing but its own style and the logo: it has no script at all. */
export const OFFLINE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The installable app at the site root: manifest, service worker, icons and offline pages. */
const pwaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const clientDir = path.join(webBuildDir, 'client');
  const builtLogo = path.join(clientDir, 'favicon.svg');
  // Only these routes use it: made here rather than among the domain services.
  const pwa = createPwaService({
    siteName: () => app.services.settings.siteName(),
    clientDir,
    logoFile: fs.existsSync(builtLogo) ? builtLogo : path.join(projectRoot, 'web/public/favicon.svg'),
  });

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) =>
    // The name follows the app settings and the texts the language: checked again each time.
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie')
      .send(JSON.stringify(pwa.manifest(request.locale))),
  );

  app.get('/sw.js', { schema: { hide: true } }, async (request, reply) => {
    const worker = pwa.serviceWorker();
    // The browser looks for a new worker on each visit; never kept by caches in between.
    void reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache, no-store, must-revalidate')
      .header('etag', worker.etag);
    if (request.headers['if-none-match'] === worker.etag) return reply.status(304).send();
    return reply.send(worker.source);
  });

  app.get(
    '/icons/:file',
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 40 }) }) } },
    async (request, reply) => {
      const icon = request.params.file.endsWith('.png') ? pwa.icon(request.params.file.slice(0, -4)) : undefined;
      if (!icon) return reply.callNotFound();
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=86400')
        .send(await icon);
    },
  );

  app.get(
    '/offline',
    { schema: { hide: true, querystring: Type.Object({ lang: Type.Optional(Type.String({ maxLength: 10 })) }) } },
    async (request, reply) => {
      const locale = isLocale(request.query.lang) ? request.query.lang : request.locale;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', OFFLINE_PAGE_CSP)
        .header('content-language', locale)
        .send(pwa.offlinePage(locale));
    },
  );
};

export default pwaRoutes;
