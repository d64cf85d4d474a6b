import type { ChatMessage } from '../../../common/chat';
import type { RoomDetail, RoomListReply, RoomReply, RoomSummary } from './chat-types';

/** Test data for the messenger's screens: a room of buyer 7 (me) and seller 9 about a bike. */
export const ME = 7;
export const OTHER = 9;

export function newMessage(id: number, fields: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    room_id: 1,
    client_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    sender_id: OTHER,
    text: `message ${id}`,
    picture: null,
    created_at: new Date(Date.UTC(2020, 2, 22, 10, 0, id)).toISOString(),
    ...fields,
  };
}

export function newRoomSummary(fields: Partial<RoomSummary> = {}): RoomSummary {
  return {
    id: 1,
    role: 'buyer',
    product: { id: 3, uuid: '33333333-3333-4333-8333-333333333333', name: 'Helkama Jopo', price: 120, status: 'active', image: null },
    other: { id: OTHER, label: 'Seppo S.', avatar: null, deleted: false, identity_verified: false },
    last_message: null,
    unread: 0,
    last_activity_at: '2026-11-22T10:00:00.000Z',
    blocked: false,
    ...fields,
  };
}

export function newRoom(fields: Partial<RoomDetail> = {}): RoomDetail {
  return {
    ...newRoomSummary(),
    my_last_read_id: 0,
    other_last_read_id: 0,
    blocked_by_me: false,
    can_send: true,
    ...fields,
  };
}

export function newRoomReply(
  messages: ChatMessage[],
  fields: { room?: Partial<RoomDetail>; has_older?: boolean; has_newer?: boolean } = {},
): RoomReply {
  return {
    room: newRoom(fields.room),
    data: messages,
    meta: { has_older: fields.has_older ?? false, has_newer: fields.has_newer ?? false, per_page: 20, count: messages.length },
  };
}

export function newRoomList(rooms: RoomSummary[], meta: Partial<RoomListReply['meta']> = {}): RoomListReply {
  return {
    data: rooms,
    meta: {
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: rooms.length,
      unread_total: rooms.reduce((sum, room) => sum + room.unread, 0),
      ...meta,
    },
  };
}
