import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import {
  CandidatesReply,
  CreatedReply,
  DealBody,
  DealListReply,
  DealsQuery,
  IdParams,
  MessageReply,
  PageQuery,
  ProductParams,
  RatingBody,
  RatingListReply,
  RatingReportBody,
  ReplyBody,
} from './ratings.schemas.ts';

/** Deals and ratings (issue 25, scope 1). */
const ratingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deals, ratings } = app.services;
  const tags = ['ratings'];

  app.get(
    '/product/:productUuid/deal-candidates',
    {
      schema: {
        tags,
        summary: 'For the ad’s seller: the people who wrote about it (whom it may be marked sold to), and its deal if made',
        params: ProductParams,
        response: { 200: CandidatesReply },
      },
    },
    async (request) => deals.candidates(requireUser(request), request.params.productUuid),
  );

  app.post(
    '/product/:productUuid/deal',
    {
      schema: {
        tags,
        summary: 'The seller marks the ad sold (or given away) to one of the people who wrote about it; one deal per ad',
        params: ProductParams,
        body: DealBody,
        response: { 201: CreatedReply },
      },
    },
    async (request, reply) => {
      const deal = await deals.makeDeal(requireUser(request), request.params.productUuid, request.body.buyer_id);
      return reply.status(201).send({ data: { id: deal.id }, message: translate(request.locale, `ratings.messages.deal_${deal.kind}`) });
    },
  );

  app.get(
    '/deals',
    {
      schema: {
        tags,
        summary: 'My deals, newest first (or the one made in a chat room), with both ratings as far as I may see them',
        querystring: DealsQuery,
        response: { 200: DealListReply },
      },
    },
    async (request) => deals.myDeals(requireUser(request), { page: request.query.page, roomId: request.query.room_id }),
  );

  app.post(
    '/deals/:id/rating',
    {
      schema: {
        tags,
        summary: 'Rates the other side of my deal once (1–5 stars and a text), within 30 days of it',
        params: IdParams,
        body: RatingBody,
        response: { 201: CreatedReply },
      },
    },
    async (request, reply) => {
      const rating = await ratings.rate(requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ data: { id: rating.id }, message: translate(request.locale, 'ratings.messages.rated') });
    },
  );

  app.get(
    '/users/:id/ratings',
    {
      schema: {
        tags,
        summary: 'A person’s public ratings, newest first, 10 a page, with their average',
        params: IdParams,
        querystring: PageQuery,
        response: { 200: RatingListReply },
      },
    },
    async (request) => ratings.list(request.currentUser ?? null, request.params.id, request.query.page ?? 1),
  );

  app.post(
    '/ratings/:id/reply',
    {
      schema: {
        tags,
        summary: 'The rated person answers a public rating of them, once',
        params: IdParams,
        body: ReplyBody,
        response: { 201: MessageReply },
      },
    },
    async (request, reply) => {
      await ratings.reply(requireUser(request), request.params.id, request.body.text);
      return reply.status(201).send({ message: translate(request.locale, 'ratings.messages.replied') });
    },
  );

  app.post(
    '/ratings/:id/report',
    {
      schema: {
        tags,
        summary: 'Reports a public rating to staff',
        params: IdParams,
        body: RatingReportBody,
        response: { 200: MessageReply, 201: MessageReply },
      },
    },
    async (request, reply) => {
      const outcome = await ratings.report(requireUser(request), request.params.id, request.body, request.locale);
      return reply.status(outcome === 'created' ? 201 : 200).send({
        message: translate(request.locale, outcome === 'created' ? 'ratings.messages.reported' : 'ratings.messages.already_reported'),
      });
    },
  );
};

export default ratingsRoutes;
