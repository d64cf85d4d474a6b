import { type Static, Type } from 'typebox';
import { AD_STATUSES } from '../../../common/ad-rules.ts';
import { MESSAGE_MAX_LENGTH, REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS } from '../../../common/chat.ts';
import { INT32_MAX } from '../../../common/text.ts';
import { AdUuid } from '../ads/ads.schemas.ts';
import { SafetyKind } from '../safety/safety.schemas.ts';

const Id = Type.Integer({ minimum: 1, maximum: INT32_MAX });
/** Message ids are bigint in the database; any safe integer is a valid cursor. */
const MessageId = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, format: 'int64' });

export const RoomParams = Type.Object({ id: Id });
export const ProductParams = Type.Object({ productUuid: AdUuid });
export const PictureParams = Type.Object({ id: Id, messageId: MessageId });

export const ChatMessage = Type.Object({
  id: Type.Integer(),
  room_id: Type.Integer(),
  client_id: Type.String(),
  sender_id: Type.Union([Type.Integer(), Type.Null()], { description: 'Null when the account was deleted' }),
  text: Type.String(),
  picture: Type.Union([Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer() }), Type.Null()]),
  safety: Type.Optional(
    Type.Array(SafetyKind, {
      description: 'What the scam guard found (a phone number, a WhatsApp link…): the reader sees a safety tip. Absent when nothing',
    }),
  ),
  removed: Type.Optional(
    Type.Boolean({ description: 'True when the sender deleted their account and the text was removed: show "message removed"' }),
  ),
  created_at: Type.String(),
});

/** The ad a room is about; a deleted ad keeps the title it had, with status "deleted". */
export const RoomProduct = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()]),
  uuid: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  price: Type.Union([Type.Number({ description: 'Euros' }), Type.Null()]),
  status: Type.Union([Type.Enum(AD_STATUSES), Type.Literal('deleted')]),
  image: Type.Union([Type.String(), Type.Null()]),
});

export const RoomPerson = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()], { description: 'Null when the account was deleted' }),
  label: Type.String({ description: 'First name and the initial of the surname, or "deleted user"' }),
  avatar: Type.Union([Type.String(), Type.Null()]),
  deleted: Type.Boolean(),
  identity_verified: Type.Boolean({ description: 'Strongly identified (the "Vahvasti tunnistettu" badge)' }),
});

export const RoomSummary = Type.Object({
  id: Type.Integer(),
  role: Type.Union([Type.Literal('buyer'), Type.Literal('seller')], { description: 'My part in the room' }),
  product: RoomProduct,
  other: RoomPerson,
  last_message: Type.Union([ChatMessage, Type.Null()]),
  unread: Type.Integer(),
  last_activity_at: Type.String(),
  blocked: Type.Boolean(),
});

export const RoomDetail = Type.Object({
  ...RoomSummary.properties,
  my_last_read_id: Type.Integer(),
  other_last_read_id: Type.Integer({ description: 'My messages up to this id have been read' }),
  blocked_by_me: Type.Boolean(),
  can_send: Type.Boolean(),
});
export type RoomDetail = Static<typeof RoomDetail>;

export const RoomListQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) });
export const RoomListReply = Type.Object({
  data: Type.Array(RoomSummary),
  meta: Type.Object({
    current_page: Type.Integer(),
    last_page: Type.Integer(),
    per_page: Type.Integer(),
    total: Type.Integer(),
    unread_total: Type.Integer(),
  }),
});

export const RoomQuery = Type.Object({
  before: Type.Optional(MessageId),
  after: Type.Optional(MessageId),
});
export const RoomReply = Type.Object({
  room: RoomDetail,
  data: Type.Array(ChatMessage, { description: 'Oldest first' }),
  meta: Type.Object({
    has_older: Type.Boolean(),
    has_newer: Type.Boolean(),
    per_page: Type.Integer(),
    count: Type.Integer({ description: 'Messages in the room' }),
  }),
});

export const ProductRoomReply = Type.Object({
  product: RoomProduct,
  seller: RoomPerson,
  room_id: Type.Union([Type.Integer(), Type.Null()], { description: 'My room about this ad, when I have written already' }),
});

export const SendBody = Type.Object({
  text: Type.String({ maxLength: MESSAGE_MAX_LENGTH * 4, description: `Up to ${MESSAGE_MAX_LENGTH} characters` }),
  client_id: Type.String({ format: 'uuid', description: 'Chosen by the client; a retry with it never makes a second message' }),
});
export const SendReply = Type.Object({ message: Type.String(), room_id: Type.Integer(), data: ChatMessage });

export const ReadBody = Type.Object({ last_read_id: MessageId });
export const UnreadReply = Type.Object({ unread_total: Type.Integer() });

export const ReportBody = Type.Object({
  reason: Type.Enum(REPORT_REASONS),
  details: Type.Optional(Type.String({ maxLength: REPORT_DETAILS_MAX_LENGTH })),
});
export const MessageReply = Type.Object({ message: Type.String() });
