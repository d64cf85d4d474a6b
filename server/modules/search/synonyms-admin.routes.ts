import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { requestMeta } from '../../platform/current-user.ts';
import { SynonymGroupBody, SynonymGroupList, SynonymGroupParams, SynonymGroupReply } from './synonyms-admin.schemas.ts';
import type { SynonymGroup } from './synonyms-admin.service.ts';

/** The search's synonym groups for staff (issue 28): `categories.manage`. */
const synonymsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = app.services.synonymsAdmin;
  const tags = ['admin'];
  const reply = (locale: Parameters<typeof translate>[0], key: string, group: SynonymGroup) => ({
    message: translate(locale, `admin_synonyms.messages.${key}`, { word: Object.values(group.words).flat()[0] ?? '' }),
    data: group,
  });

  app.get(
    '/admin/search-synonyms',
    {
      schema: {
        tags,
        summary: 'The search’s synonym groups: words for the same thing in fi, sv, en and ru',
        response: { 200: SynonymGroupList },
      },
    },
    async (request) => ({ data: await admin.list(requireUser(request)) }),
  );

  app.post(
    '/admin/search-synonyms',
    {
      schema: {
        tags,
        summary: 'Adds a synonym group (2–20 words; a word is in one group only)',
        body: SynonymGroupBody,
        response: { 201: SynonymGroupReply },
      },
    },
    async (request, response) => {
      const group = await admin.create(requireUser(request), request.body, requestMeta(request));
      return response.status(201).send(reply(request.locale, 'created', group));
    },
  );

  app.put(
    '/admin/search-synonyms/:id',
    {
      schema: {
        tags,
        summary: 'Replaces a synonym group’s words',
        params: SynonymGroupParams,
        body: SynonymGroupBody,
        response: { 200: SynonymGroupReply },
      },
    },
    async (request) =>
      reply(request.locale, 'updated', await admin.update(requireUser(request), request.params.id, request.body, requestMeta(request))),
  );

  app.delete(
    '/admin/search-synonyms/:id',
    { schema: { tags, summary: 'Deletes a synonym group', params: SynonymGroupParams, response: { 200: SynonymGroupReply } } },
    async (request) => reply(request.locale, 'deleted', await admin.remove(requireUser(request), request.params.id, requestMeta(request))),
  );
};

export default synonymsAdminRoutes;
