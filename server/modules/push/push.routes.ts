import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { PushMessageReply, PushPublicKeyReply, PushSubscriptionBody, PushSubscriptionReply, PushUnsubscribeBody } from './push.schemas.ts';

/** Web Push (issue 29): the site's public key for anyone, a browser's subscription for its signed-in person. */
const pushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const push = app.services.push;
  const tags = ['push'];

  app.get(
    '/push/public-key',
    { schema: { tags, summary: 'The VAPID public key a browser subscribes with', response: { 200: PushPublicKeyReply } } },
    async () => ({ data: { public_key: push.publicKey() } }),
  );

  app.post(
    '/push-subscriptions',
    {
      schema: {
        tags,
        summary: "Keep this browser's push subscription (PushSubscription JSON); the same endpoint again replaces it",
        body: PushSubscriptionBody,
        response: { 200: PushSubscriptionReply },
      },
    },
    async (request) => ({
      data: await push.subscribe(requireUser(request), request.body, request.headers['user-agent']),
      message: translate(request.locale, 'push.messages.subscribed'),
    }),
  );

  app.delete(
    '/push-subscriptions',
    {
      schema: {
        tags,
        summary: "Forget this browser's push subscription (one's own only)",
        body: PushUnsubscribeBody,
        response: { 200: PushMessageReply },
      },
    },
    async (request) => {
      await push.unsubscribe(requireUser(request), request.body.endpoint);
      return { message: translate(request.locale, 'push.messages.unsubscribed') };
    },
  );
};

export default pushRoutes;
