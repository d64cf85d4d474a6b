import type { ChatMessage } from '../../../common/chat';
import type { RoomListReply } from './chat-types';

/**
 * A new message in the room list, worked out without asking the server: its room goes to the
 * top with the message as its preview, and one more unread when it is not mine. Returns null when
 * only the server can say (a room not on this page, or a page after the first, where the room
 * moves to page one); returns the list itself for a message it already shows.
 */
export function applyIncoming(list: RoomListReply, roomId: number, message: ChatMessage, me: number): RoomListReply | null {
  const index = list.data.findIndex((room) => room.id === roomId);
  if (index < 0 || list.meta.current_page > 1) return null;
  const room = list.data[index]!;
  if (room.last_message && room.last_message.id >= message.id) return list;
  const mine = message.sender_id === me;
  const updated = {
    ...room,
    last_message: message,
    last_activity_at: message.created_at,
    unread: mine ? room.unread : room.unread + 1,
  };
  return {
    ...list,
    data: [updated, ...list.data.filter((other) => other.id !== roomId)],
    meta: { ...list.meta, unread_total: mine ? list.meta.unread_total : list.meta.unread_total + 1 },
  };
}
