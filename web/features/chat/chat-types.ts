import type { Static } from 'typebox';
import type {
  ProductRoomReply as ProductRoomReplySchema,
  RoomDetail as RoomDetailSchema,
  RoomListReply as RoomListReplySchema,
  RoomPerson as RoomPersonSchema,
  RoomProduct as RoomProductSchema,
  RoomReply as RoomReplySchema,
  RoomSummary as RoomSummarySchema,
} from '../../../server/modules/chat/chat.schemas';

/** The messenger's reply shapes as the screens use them (from the server's TypeBox schemas). */
export type RoomSummary = Static<typeof RoomSummarySchema>;
export type RoomDetail = Static<typeof RoomDetailSchema>;
export type RoomListReply = Static<typeof RoomListReplySchema>;
export type RoomReply = Static<typeof RoomReplySchema>;
export type RoomPerson = Static<typeof RoomPersonSchema>;
export type RoomProduct = Static<typeof RoomProductSchema>;
export type ProductRoomReply = Static<typeof ProductRoomReplySchema>;
