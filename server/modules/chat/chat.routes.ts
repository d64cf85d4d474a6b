import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { AppError } from '../../../common/errors.ts';
import { MAX_PICTURE_BYTES } from '../../../common/pictures.ts';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { readUploadForm } from '../../platform/uploads.ts';
import type { SendInput, SendResult } from './chat.service.ts';
import {
  MessageReply,
  PictureParams,
  ProductParams,
  ProductRoomReply,
  ReadBody,
  ReportBody,
  RoomListQuery,
  RoomListReply,
  RoomParams,
  RoomQuery,
  RoomReply,
  SendBody,
  SendReply,
  UnreadReply,
} from './chat.schemas.ts';

/** A message comes as JSON, or as a multipart form when it carries a picture (field `picture`). */
const sendBody = {
  content: {
    'application/json': { schema: SendBody },
  },
};

async function readSendInput(request: FastifyRequest): Promise<SendInput> {
  if (request.isMultipart()) {
    const form = await readUploadForm(request, { fileField: 'picture', maxFiles: 1, maxFileBytes: MAX_PICTURE_BYTES });
    return { text: form.fields.text ?? '', clientId: form.fields.client_id ?? '', picture: form.files[0] };
  }
  // Validated by the JSON schema; any other type reaches here unchecked.
  if (request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
    throw new AppError('unsupported_media_type');
  }
  const body = request.body as Static<typeof SendBody>;
  return { text: body.text, clientId: body.client_id };
}

/** A stored message's answer: 201 when this call made it, 200 when a retry found it. */
function sent(request: FastifyRequest, reply: FastifyReply, result: SendResult) {
  return reply
    .status(result.created ? 201 : 200)
    .send({ message: translate(request.locale, 'messenger.sent'), room_id: result.roomId, data: result.message });
}

/** The messenger (spec section 7, Chat, and the sending calls the spec leaves open). Every call needs an account. */
const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const chat = app.services.chat;

  app.get(
    '/chat-rooms',
    {
      schema: {
        tags: ['chat'],
        summary: 'My chat rooms, newest activity first, with unread counts',
        querystring: RoomListQuery,
        response: { 200: RoomListReply },
      },
    },
    async (request) => chat.listRooms(requireUser(request), request.query.page ?? 1, request.locale),
  );

  app.get(
    '/chat-room/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'A room and 20 of its messages, oldest first: the newest, those before `before`, or up to 100 after `after`',
        params: RoomParams,
        querystring: RoomQuery,
        response: { 200: RoomReply },
      },
    },
    async (request) => chat.room(requireUser(request), request.params.id, request.query, request.locale),
  );

  app.post(
    '/chat-room/:id/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'Sends a message (JSON, or multipart with a `picture`); the same client_id again answers the first message',
        params: RoomParams,
        body: sendBody,
        response: { 200: SendReply, 201: SendReply },
      },
    },
    async (request, reply) => sent(request, reply, await chat.send(requireUser(request), request.params.id, await readSendInput(request))),
  );

  app.get(
    '/channel/product/:productUuid',
    {
      schema: {
        tags: ['chat'],
        summary: 'The ad to write about, its seller, and my room about it when there is one',
        params: ProductParams,
        response: { 200: ProductRoomReply },
      },
    },
    async (request) => chat.productRoom(requireUser(request), request.params.productUuid, request.locale),
  );

  app.post(
    '/channel/product/:productUuid/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'The first message about an ad: opens my room with its seller (or writes in it when it exists)',
        params: ProductParams,
        body: sendBody,
        response: { 200: SendReply, 201: SendReply },
      },
    },
    async (request, reply) =>
      sent(request, reply, await chat.sendAboutProduct(requireUser(request), request.params.productUuid, await readSendInput(request))),
  );

  app.post(
    '/chat-room/:id/read',
    {
      schema: {
        tags: ['chat'],
        summary: 'I have read the room up to this message',
        params: RoomParams,
        body: ReadBody,
        response: { 200: UnreadReply },
      },
    },
    async (request) => ({ unread_total: await chat.markRead(requireUser(request), request.params.id, request.body.last_read_id) }),
  );

  app.get(
    '/chat-unread',
    { schema: { tags: ['chat'], summary: 'How many messages wait unread in all my rooms', response: { 200: UnreadReply } } },
    async (request) => ({ unread_total: await chat.unreadTotal(requireUser(request)) }),
  );

  app.post(
    '/chat-room/:id/block',
    {
      schema: {
        tags: ['chat'],
        summary: 'Blocks the other member as a person: neither writes to the other, in any room, until I unblock',
        params: RoomParams,
        response: { 200: MessageReply },
      },
    },
    async (request) => {
      await chat.setBlocked(requireUser(request), request.params.id, true);
      return { message: translate(request.locale, 'messenger.blocked_done') };
    },
  );

  app.delete(
    '/chat-room/:id/block',
    {
      schema: {
        tags: ['chat'],
        summary: 'Lifts my block of the other member (in every room we share)',
        params: RoomParams,
        response: { 200: MessageReply },
      },
    },
    async (request) => {
      await chat.setBlocked(requireUser(request), request.params.id, false);
      return { message: translate(request.locale, 'messenger.unblocked_done') };
    },
  );

  app.post(
    '/chat-room/:id/report',
    {
      schema: {
        tags: ['chat'],
        summary: 'Reports the conversation to staff',
        params: RoomParams,
        body: ReportBody,
        response: { 200: MessageReply },
      },
    },
    async (request) => {
      await chat.report(requireUser(request), request.params.id, request.body.reason, request.body.details);
      return { message: translate(request.locale, 'messenger.reported') };
    },
  );

  app.get(
    '/chat-room/:id/pictures/:messageId',
    { schema: { tags: ['chat'], summary: 'A picture sent in the room (members only)', params: PictureParams } },
    async (request, reply) => {
      const file = await chat.picture(requireUser(request), request.params.id, request.params.messageId);
      return reply
        .header('Content-Type', file.contentType ?? 'image/webp')
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.body);
    },
  );
};

export default chatRoutes;
