import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { requestMeta } from '../../platform/current-user.ts';
import { ReleaseReply, SafetyListQuery, SafetyListReply, UserIdParams } from './safety.schemas.ts';

/** The scam guard's staff calls (issue 25): the flagged accounts (`reports.handle`) and releasing a hold (`users.manage`). */
const safetyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const safety = app.services.safety;
  const tags = ['admin'];

  app.get(
    '/admin/safety',
    {
      schema: {
        tags,
        summary: 'Accounts whose chat messages the scam guard flagged in the last 7 days, and every held account: held first',
        querystring: SafetyListQuery,
        response: { 200: SafetyListReply },
      },
    },
    async (request) => safety.list(requireUser(request), request.query),
  );

  app.post(
    '/admin/users/:id/release',
    {
      schema: {
        tags,
        summary:
          'Releases an account the scam guard held for review: it may open conversations again, and its ads follow the usual moderation',
        params: UserIdParams,
        response: { 200: ReleaseReply },
      },
    },
    async (request) => {
      const data = await safety.release(requireUser(request), request.params.id, requestMeta(request));
      return { message: translate(request.locale, data.released ? 'safety.released' : 'safety.not_held'), data };
    },
  );
};

export default safetyRoutes;
