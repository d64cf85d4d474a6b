import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Locale } from '../../../common/locales.ts';
import { labelOf } from '../../../common/attributes.ts';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { requestMeta } from '../../platform/current-user.ts';
import {
  type AdminAttribute,
  AdminAttributeList,
  AdminAttributeListReply,
  AdminAttributeReply,
  AttributeIdParams,
  CatalogIdParams,
  CreateAttributeBody,
  ReorderAttributesBody,
  UpdateAttributeBody,
} from './attributes.schemas.ts';

/** The category fields for staff (issue 26): `categories.manage`, as the category tree itself. */
const attributesAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = app.services.attributesAdmin;
  const tags = ['admin'];
  const reply = (locale: Locale, key: string, field: AdminAttribute) => ({
    message: translate(locale, `staff_attributes.messages.${key}`, { label: labelOf(field.labels, locale) }),
    data: field,
  });

  app.get(
    '/admin/catalogs/:id/attributes',
    {
      schema: {
        tags,
        summary: "A category's own and inherited fields in every language, retired ones too, in the order its ads have them",
        params: CatalogIdParams,
        response: { 200: AdminAttributeList },
      },
    },
    async (request) => ({ data: await admin.list(requireUser(request), request.params.id) }),
  );

  app.post(
    '/admin/catalogs/:id/attributes',
    {
      schema: {
        tags,
        summary: 'Adds a field to a category (last among its own); its subcategories inherit it',
        params: CatalogIdParams,
        body: CreateAttributeBody,
        response: { 201: AdminAttributeReply },
      },
    },
    async (request, response) => {
      const field = await admin.create(requireUser(request), request.params.id, request.body, requestMeta(request));
      return response.status(201).send(reply(request.locale, 'created', field));
    },
  );

  app.post(
    '/admin/catalogs/:id/attributes/order',
    {
      schema: {
        tags,
        summary: "Puts a category's own fields in this order (every id once)",
        params: CatalogIdParams,
        body: ReorderAttributesBody,
        response: { 200: AdminAttributeListReply },
      },
    },
    async (request) => ({
      message: translate(request.locale, 'staff_attributes.messages.reordered'),
      data: await admin.reorder(requireUser(request), request.params.id, request.body.ids, requestMeta(request)),
    }),
  );

  app.patch(
    '/admin/attributes/:id',
    {
      schema: {
        tags,
        summary: 'Changes a field: labels, options, unit, bounds, decimals, required, filter, card; the type while no ad has a value',
        params: AttributeIdParams,
        body: UpdateAttributeBody,
        response: { 200: AdminAttributeReply },
      },
    },
    async (request) =>
      reply(request.locale, 'updated', await admin.update(requireUser(request), request.params.id, request.body, requestMeta(request))),
  );

  app.post(
    '/admin/attributes/:id/retire',
    {
      schema: {
        tags,
        summary: 'Retires a field: no longer asked or filtered by; the values ads hold stay and are shown',
        params: AttributeIdParams,
        response: { 200: AdminAttributeReply },
      },
    },
    async (request) =>
      reply(request.locale, 'retired', await admin.setRetired(requireUser(request), request.params.id, true, requestMeta(request))),
  );

  app.post(
    '/admin/attributes/:id/restore',
    { schema: { tags, summary: 'Brings a retired field back', params: AttributeIdParams, response: { 200: AdminAttributeReply } } },
    async (request) =>
      reply(request.locale, 'restored', await admin.setRetired(requireUser(request), request.params.id, false, requestMeta(request))),
  );
};

export default attributesAdminRoutes;
