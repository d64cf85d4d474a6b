import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { ToggleWishBody, ToggleWishReply, WishListReply, WishUuidsReply } from './wishes.schemas.ts';

/** The wish list (spec section 7, Wishes); every call needs an account. */
const wishesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const wishes = app.services.wishes;

  app.get(
    '/user-wishes',
    {
      schema: {
        tags: ['wishes'],
        summary: 'My wished ads as cards, newest wish first; ads no longer active are marked unavailable',
        response: { 200: WishListReply },
      },
    },
    async (request) => ({ data: await wishes.list(requireUser(request), request.locale) }),
  );

  app.post(
    '/update-user-wishes',
    {
      schema: {
        tags: ['wishes'],
        summary: 'Add an active ad to my wish list, or take it off when it is there already',
        body: ToggleWishBody,
        response: { 200: ToggleWishReply },
      },
    },
    async (request) => {
      const { added, ...data } = await wishes.toggle(requireUser(request), request.body.product_id);
      return { added, message: translate(request.locale, added ? 'wishes.added' : 'wishes.removed'), data };
    },
  );

  app.get(
    '/user-wishes-list',
    { schema: { tags: ['wishes'], summary: 'The uuids of my wished ads, newest wish first', response: { 200: WishUuidsReply } } },
    async (request) => ({ data: await wishes.uuids(requireUser(request)) }),
  );
};

export default wishesRoutes;
