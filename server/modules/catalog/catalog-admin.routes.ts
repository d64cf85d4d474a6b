import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Locale } from '../../../common/locales.ts';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { requestMeta } from '../../platform/current-user.ts';
import {
  type AdminCatalog,
  AdminCatalogList,
  AdminCatalogParams,
  AdminCatalogReply,
  AdminMessageReply,
  CatalogVisibilityBody,
  CreateCatalogBody,
  MergeCatalogBody,
  MergeCatalogReply,
  MoveCatalogBody,
  ReorderCatalogBody,
  UpdateCatalogBody,
} from './catalog.schemas.ts';

const nameIn = (node: AdminCatalog, locale: Locale) => node[`name_${locale}`] || node.name_fi;

/** The category tree for staff (issue 14, scope 7): `categories.manage` only. */
const catalogAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = app.services.catalogAdmin;
  const tags = ['admin'];
  const params = AdminCatalogParams;
  const reply = (locale: Locale, key: string, node: AdminCatalog) => ({
    message: translate(locale, `admin_categories.messages.${key}`, { name: nameIn(node, locale) }),
    data: node,
  });

  app.get(
    '/admin/catalogs',
    { schema: { tags, summary: 'Every category, hidden ones too, with ad counts and old slugs', response: { 200: AdminCatalogList } } },
    async (request) => ({ data: await admin.list(requireUser(request)) }),
  );

  app.post(
    '/admin/catalogs',
    {
      schema: {
        tags,
        summary: 'Creates a category (at the top, or under `parent_id`)',
        body: CreateCatalogBody,
        response: { 201: AdminCatalogReply },
      },
    },
    async (request, response) => {
      const node = await admin.create(requireUser(request), request.body, requestMeta(request));
      return response.status(201).send(reply(request.locale, 'created', node));
    },
  );

  app.patch(
    '/admin/catalogs/:id',
    {
      schema: {
        tags,
        summary: 'Renames a category or changes its slug (the old slug redirects)',
        params,
        body: UpdateCatalogBody,
        response: { 200: AdminCatalogReply },
      },
    },
    async (request) =>
      reply(request.locale, 'updated', await admin.update(requireUser(request), request.params.id, request.body, requestMeta(request))),
  );

  app.post(
    '/admin/catalogs/:id/move',
    {
      schema: {
        tags,
        summary: 'Moves a category and everything below it under another parent (null: to the top)',
        params,
        body: MoveCatalogBody,
        response: { 200: AdminCatalogReply },
      },
    },
    async (request) =>
      reply(
        request.locale,
        'moved',
        await admin.move(requireUser(request), request.params.id, request.body.parent_id, requestMeta(request)),
      ),
  );

  app.post(
    '/admin/catalogs/:id/position',
    {
      schema: {
        tags,
        summary: 'Puts a category at an index among its siblings',
        params,
        body: ReorderCatalogBody,
        response: { 200: AdminCatalogReply },
      },
    },
    async (request) =>
      reply(
        request.locale,
        'reordered',
        await admin.reorder(requireUser(request), request.params.id, request.body.position, requestMeta(request)),
      ),
  );

  app.post(
    '/admin/catalogs/:id/visibility',
    {
      schema: {
        tags,
        summary: 'Hides a category (and what is below it) from the public, or shows it again',
        params,
        body: CatalogVisibilityBody,
        response: { 200: AdminCatalogReply },
      },
    },
    async (request) => {
      const node = await admin.setHidden(requireUser(request), request.params.id, request.body.hidden, requestMeta(request));
      return reply(request.locale, request.body.hidden ? 'hidden' : 'shown', node);
    },
  );

  app.post(
    '/admin/catalogs/:id/merge',
    {
      schema: {
        tags,
        summary: 'Moves a category’s ads into another and removes it',
        params,
        body: MergeCatalogBody,
        response: { 200: MergeCatalogReply },
      },
    },
    async (request) => {
      const { moved, target } = await admin.merge(requireUser(request), request.params.id, request.body.into, requestMeta(request));
      return {
        message: translate(request.locale, 'admin_categories.messages.merged', { name: nameIn(target, request.locale), count: moved }),
        moved,
        data: target,
      };
    },
  );

  app.delete(
    '/admin/catalogs/:id',
    { schema: { tags, summary: 'Deletes a category that has no ads and no subcategories', params, response: { 200: AdminMessageReply } } },
    async (request) => {
      await admin.remove(requireUser(request), request.params.id, requestMeta(request));
      return { message: translate(request.locale, 'admin_categories.messages.deleted') };
    },
  );
};

export default catalogAdminRoutes;
