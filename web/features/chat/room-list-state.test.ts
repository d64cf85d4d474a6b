import { describe, expect, it } from 'vitest';
import { ME, newMessage, newRoomList, newRoomSummary } from './chat-factories';
import { applyIncoming } from './room-list-state';

describe('applyIncoming', () => {
  const rooms = () =>
    newRoomList([
      newRoomSummary({ id: 1, last_message: newMessage(5, { room_id: 1 }) }),
      newRoomSummary({ id: 2, last_message: newMessage(4, { room_id: 2 }), unread: 1 }),
    ]);

  it('moves the room to the top with the new message and one more unread', () => {
    const next = applyIncoming(rooms(), 2, newMessage(9, { room_id: 2 }), ME)!;
    expect(next.data.map((room) => room.id)).toEqual([2, 1]);
    expect(next.data[0]!.last_message!.id).toBe(9);
    expect(next.data[0]!.unread).toBe(2);
    expect(next.meta.unread_total).toBe(2);
  });

  it('counts no unread for my own message (sent from another tab)', () => {
    const next = applyIncoming(rooms(), 2, newMessage(9, { room_id: 2, sender_id: ME }), ME)!;
    expect(next.data[0]!.unread).toBe(1);
    expect(next.meta.unread_total).toBe(1);
  });

  it('changes nothing for a message it already shows (the socket repeats after a reconnect)', () => {
    const list = rooms();
    expect(applyIncoming(list, 1, newMessage(5, { room_id: 1 }), ME)).toBe(list);
  });

  it('leaves a new room, or any later page, to the server', () => {
    expect(applyIncoming(rooms(), 77, newMessage(9, { room_id: 77 }), ME)).toBeNull();
    const second = newRoomList([newRoomSummary({ id: 1 })], { current_page: 2, last_page: 2 });
    expect(applyIncoming(second, 1, newMessage(9), ME)).toBeNull();
  });
});
