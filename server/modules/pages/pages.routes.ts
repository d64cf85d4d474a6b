import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RICH_TEXT_MAX_BYTES } from '../../platform/rich-text.ts';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { requestMeta } from '../../platform/current-user.ts';
import {
  InfoPageParams,
  InfoPageReply,
  InfoPageSaved,
  InfoPagesReply,
  InfoSlugParams,
  InfoVersionParams,
  InfoVersionReply,
  InfoVersionsQuery,
  InfoVersionsReply,
  PreviewInfoPageBody,
  PreviewInfoPageReply,
  PublicInfoPageReply,
  SaveInfoPageBody,
} from './pages.schemas.ts';

/** A body well past the text limit still arrives, so its writer hears "too long" rather than "request too large". */
const SAVE_BODY_LIMIT = RICH_TEXT_MAX_BYTES * 20;

/** The info pages: read by anyone, written by staff with `pages.manage`. */
const pagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const pages = app.services.pages;

  app.get(
    '/info/:slug',
    {
      schema: {
        tags: ['pages'],
        summary: 'An info page in the request’s language (else Finnish)',
        params: InfoSlugParams,
        response: { 200: PublicInfoPageReply },
      },
    },
    async (request) => ({ data: await pages.publicPage(request.params.slug, request.locale) }),
  );

  app.get(
    '/admin/info-pages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every info page in every language, with who changed it when',
        response: { 200: InfoPagesReply },
      },
    },
    async (request) => ({ data: await pages.list(requireUser(request)) }),
  );

  app.get(
    '/admin/info-pages/:slug/:locale',
    { schema: { tags: ['admin'], summary: 'An info page’s text to edit', params: InfoPageParams, response: { 200: InfoPageReply } } },
    async (request) => ({ data: await pages.get(requireUser(request), request.params.slug, request.params.locale) }),
  );

  app.put(
    '/admin/info-pages/:slug/:locale',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary: 'Saves an info page (sanitized) with a new version; the same text makes none',
        params: InfoPageParams,
        body: SaveInfoPageBody,
        response: { 200: InfoPageSaved },
      },
    },
    async (request) => {
      const { slug, locale } = request.params;
      const { changed, page } = await pages.save(requireUser(request), slug, locale, request.body, requestMeta(request));
      return { message: translate(request.locale, changed ? 'info_pages.saved' : 'info_pages.unchanged'), changed, data: page };
    },
  );

  app.post(
    '/admin/info-pages/preview',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary: 'The editor’s HTML sanitized as a save would store it (nothing is saved)',
        body: PreviewInfoPageBody,
        response: { 200: PreviewInfoPageReply },
      },
    },
    async (request) => ({ data: { body: pages.preview(requireUser(request), request.body.body) } }),
  );

  app.get(
    '/admin/info-pages/:slug/:locale/versions',
    {
      schema: {
        tags: ['admin'],
        summary: 'A page of an info page’s versions, the newest first',
        params: InfoPageParams,
        querystring: InfoVersionsQuery,
        response: { 200: InfoVersionsReply },
      },
    },
    async (request) => {
      const { slug, locale } = request.params;
      return pages.versions(requireUser(request), slug, locale, request.query.page ?? 1);
    },
  );

  app.get(
    '/admin/info-pages/:slug/:locale/versions/:id',
    { schema: { tags: ['admin'], summary: 'One version of an info page', params: InfoVersionParams, response: { 200: InfoVersionReply } } },
    async (request) => {
      const { slug, locale, id } = request.params;
      return { data: await pages.version(requireUser(request), slug, locale, id) };
    },
  );

  app.post(
    '/admin/info-pages/:slug/:locale/versions/:id/restore',
    {
      schema: {
        tags: ['admin'],
        summary: 'Makes an earlier version the page’s text again (as a new version)',
        params: InfoVersionParams,
        response: { 200: InfoPageSaved },
      },
    },
    async (request) => {
      const { slug, locale, id } = request.params;
      const { changed, page } = await pages.restore(requireUser(request), slug, locale, id, requestMeta(request));
      return { message: translate(request.locale, changed ? 'info_pages.restored' : 'info_pages.unchanged'), changed, data: page };
    },
  );
};

export default pagesRoutes;
