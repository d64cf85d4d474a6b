import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { requestMeta } from '../../platform/current-user.ts';
import {
  AdReportBody,
  AppealBody,
  AppealDecisionBody,
  AppealsReply,
  ContactBody,
  DecisionReply,
  IdParams,
  MessageReply,
  ProductParams,
  QueueBody,
  QueueReply,
  ResolveBody,
} from './reports.schemas.ts';

/** Reports, the contact form, the staff queue and appeals (issue 14, scope 6). */
const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const reports = app.services.reports;

  app.post(
    '/product/:productUuid/report',
    {
      schema: {
        tags: ['reports'],
        summary: 'Reports an ad to staff (visitors leave an address for the answer)',
        params: ProductParams,
        body: AdReportBody,
        response: { 200: MessageReply, 201: MessageReply },
      },
    },
    async (request, reply) => {
      const outcome = await reports.reportAd(request.currentUser ?? null, request.params.productUuid, request.body, requestMeta(request));
      return reply
        .status(outcome === 'created' ? 201 : 200)
        .send({ message: translate(request.locale, outcome === 'created' ? 'reports.received' : 'reports.already_reported') });
    },
  );

  app.post(
    '/contact',
    {
      schema: {
        tags: ['reports'],
        summary: 'The contact form: customer support or a problem report',
        body: ContactBody,
        response: { 201: MessageReply },
      },
    },
    async (request, reply) => {
      await reports.contact(request.currentUser ?? null, request.body, requestMeta(request));
      return reply.status(201).send({ message: translate(request.locale, 'contact.received') });
    },
  );

  app.get(
    '/product/:productUuid/decision',
    {
      schema: {
        tags: ['reports'],
        summary: "Staff's decision on the ad, for its seller: the statement and the appeal",
        params: ProductParams,
        response: { 200: DecisionReply },
      },
    },
    async (request) => ({ data: await reports.adDecision(request.currentUser ?? null, request.params.productUuid) }),
  );

  app.post(
    '/product/:productUuid/appeal',
    {
      schema: {
        tags: ['reports'],
        summary: 'The seller appeals the decision once',
        params: ProductParams,
        body: AppealBody,
        response: { 201: MessageReply },
      },
    },
    async (request, reply) => {
      await reports.appeal(requireUser(request), request.params.productUuid, request.body.text, requestMeta(request));
      return reply.status(201).send({ message: translate(request.locale, 'reports.appeal_received') });
    },
  );

  app.get(
    '/ratings/:id/decision',
    {
      schema: {
        tags: ['reports'],
        summary: "Staff's decision that hid the rating, for its rater: the statement and the appeal",
        params: IdParams,
        response: { 200: DecisionReply },
      },
    },
    async (request) => ({ data: await reports.ratingDecision(requireUser(request), request.params.id) }),
  );

  app.post(
    '/ratings/:id/appeal',
    {
      schema: {
        tags: ['reports'],
        summary: 'The rater appeals the decision that hid their rating, once',
        params: IdParams,
        body: AppealBody,
        response: { 201: MessageReply },
      },
    },
    async (request, reply) => {
      await reports.appealRating(requireUser(request), request.params.id, request.body.text, requestMeta(request));
      return reply.status(201).send({ message: translate(request.locale, 'reports.appeal_received') });
    },
  );

  app.post(
    '/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'The reports queue (or the open appeals)',
        body: QueueBody,
        response: { 200: Type.Union([QueueReply, AppealsReply]) },
      },
    },
    async (request) => {
      const current = requireUser(request);
      const page = request.body.page ?? 1;
      const status = request.body.status ?? 'open';
      return status === 'appeals' ? reports.appeals(current, page) : reports.queue(current, status, request.body.subject, page);
    },
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Resolves a report (and the others about its subject) with an action',
        params: IdParams,
        body: ResolveBody,
        response: { 200: MessageReply },
      },
    },
    async (request) => {
      const closed = await reports.resolve(requireUser(request), request.params.id, request.body, requestMeta(request));
      return { message: translate(request.locale, 'reports.resolved', { count: closed }) };
    },
  );

  app.post(
    '/admin/appeals/:id/decide',
    {
      schema: {
        tags: ['admin'],
        summary: 'Decides an appeal: upheld or reversed',
        params: IdParams,
        body: AppealDecisionBody,
        response: { 200: MessageReply },
      },
    },
    async (request) => {
      await reports.decideAppeal(requireUser(request), request.params.id, request.body, requestMeta(request));
      return { message: translate(request.locale, `reports.appeal_decided_${request.body.outcome}`) };
    },
  );
};

export default reportsRoutes;
