import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import {
  CreateSavedSearchBody,
  SavedSearchDeletedReply,
  SavedSearchListReply,
  SavedSearchParams,
  SavedSearchReply,
  UpdateSavedSearchBody,
} from './saved-searches.schemas.ts';

/** Saved searches (issue 29): every call needs an account, and reaches only its own searches. */
const savedSearchesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const savedSearches = app.services.savedSearches;
  const tags = ['saved-searches'];

  app.get(
    '/saved-searches',
    {
      schema: {
        tags,
        summary: 'My saved searches, newest first, each with its count of new ads since last opened',
        response: { 200: SavedSearchListReply },
      },
    },
    async (request) => savedSearches.list(requireUser(request)),
  );

  app.post(
    '/saved-searches',
    {
      schema: {
        tags,
        summary: 'Save a search (at most 50); the same search saved already is answered as it is, with 200',
        body: CreateSavedSearchBody,
        response: { 200: SavedSearchReply, 201: SavedSearchReply },
      },
    },
    async (request, reply) => {
      const { created, data } = await savedSearches.create(requireUser(request), request.body, request.locale);
      const message = translate(request.locale, created ? 'saved_searches.messages.created' : 'saved_searches.messages.already_saved');
      return reply.status(created ? 201 : 200).send({ data, message });
    },
  );

  app.patch(
    '/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Change a saved search: its name, search, alerts or channels',
        params: SavedSearchParams,
        body: UpdateSavedSearchBody,
        response: { 200: SavedSearchReply },
      },
    },
    async (request) => ({
      data: await savedSearches.update(requireUser(request), request.params.id, request.body, request.locale),
      message: translate(request.locale, 'saved_searches.messages.updated'),
    }),
  );

  app.delete(
    '/saved-searches/:id',
    { schema: { tags, summary: 'Delete a saved search', params: SavedSearchParams, response: { 200: SavedSearchDeletedReply } } },
    async (request) => {
      await savedSearches.remove(requireUser(request), request.params.id);
      return { message: translate(request.locale, 'saved_searches.messages.deleted') };
    },
  );

  app.post(
    '/saved-searches/:id/opened',
    {
      schema: {
        tags,
        summary: 'Its results were opened: new ads count from now',
        params: SavedSearchParams,
        response: { 200: SavedSearchReply },
      },
    },
    async (request) => ({
      data: await savedSearches.markOpened(requireUser(request), request.params.id),
      message: translate(request.locale, 'saved_searches.messages.opened'),
    }),
  );
};

export default savedSearchesRoutes;
