import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const Params = Type.Object({ id: Type.String({ maxLength: 64, description: 'The ad uuid' }) });
const PhoneReply = Type.Object({ data: Type.Object({ phone: Type.String() }) });

/** The seller's number behind the ad page's "show number" press (seller-phone.service.ts). */
const sellerPhoneRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/product/:id/phone',
    {
      schema: {
        tags: ['products'],
        summary: "The seller's phone number, when they show it: never to robots, at most 20 an hour per visitor",
        params: Params,
        response: { 200: PhoneReply },
      },
    },
    async (request) => ({
      data: await app.services.sellerPhone.reveal(request.params.id, {
        ip: request.ip,
        userId: request.currentUser?.id,
        userAgent: request.headers['user-agent'],
      }),
    }),
  );
};

export default sellerPhoneRoutes;
