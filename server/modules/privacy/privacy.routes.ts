import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import {
  ConsentBody,
  ConsentListReply,
  ConsentReply,
  ExportParams,
  ExportRequestReply,
  ExportStatusReply,
  PolicyVersionReply,
} from './privacy.schemas.ts';

/** Download my data and cookie-consent records (issue 27): the person's own, with an account. */
const privacyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const privacy = app.services.privacy;
  const tags = ['privacy'];

  app.post(
    '/account/export',
    {
      schema: {
        tags,
        summary: 'Ask for a ZIP of my data (GDPR Art. 15 and 20): built in the background and mailed as a link; once a day',
        response: { 202: ExportRequestReply },
      },
    },
    async (request, reply) => {
      const data = await privacy.requestExport(requireUser(request), request.locale);
      return reply.status(202).send({ data, message: translate(request.locale, 'privacy.export.requested') });
    },
  );

  app.get(
    '/account/export',
    { schema: { tags, summary: 'My latest export and its state', response: { 200: ExportStatusReply } } },
    async (request) => ({ data: await privacy.exportStatus(requireUser(request)) }),
  );

  app.get(
    '/account/export/:uuid',
    {
      schema: {
        tags,
        summary: 'The ZIP: to its owner, in the session that asked for it, for seven days (403 another session, 404 not mine, 410 ended)',
        params: ExportParams,
      },
    },
    async (request, reply) => {
      const file = await privacy.download(requireUser(request), request.params.uuid);
      if (file.size !== null) void reply.header('content-length', String(file.size));
      return reply
        .type('application/zip')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  app.get(
    '/account/consents',
    {
      schema: {
        tags,
        summary: 'My cookie-consent answers, newest first, and whether the policy changed since',
        response: { 200: ConsentListReply },
      },
    },
    async (request) => privacy.consents(requireUser(request)),
  );

  app.post(
    '/account/consent',
    {
      schema: {
        tags,
        summary: "Record the cookie banner's answer under the privacy policy in force",
        body: ConsentBody,
        response: { 201: ConsentReply },
      },
    },
    async (request, reply) => {
      const data = await privacy.recordConsent(requireUser(request), request.body.choice);
      return reply.status(201).send({ data, message: translate(request.locale, 'privacy.consent.recorded') });
    },
  );

  app.get(
    '/privacy/policy-version',
    {
      schema: {
        tags,
        summary: 'The privacy policy in force (a consent given under another one is asked again)',
        response: { 200: PolicyVersionReply },
      },
    },
    async () => ({ policy_version: await privacy.policyVersion() }),
  );
};

export default privacyRoutes;
