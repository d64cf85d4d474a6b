import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ME, OTHER, newMessage, newRoomReply } from './chat-factories';
import {
  type ConversationState,
  type OutgoingMessage,
  conversationReducer,
  deliveryOf,
  initialConversation,
  mergeMessages,
  settleOutbox,
  unreadUpTo,
} from './conversation-state';

const ids = (state: { messages: { id: number }[] }) => state.messages.map((message) => message.id);

function outgoing(clientId: string, status: OutgoingMessage['status'] = 'sending'): OutgoingMessage {
  return { client_id: clientId, text: 'hi', file: null, previewUrl: null, created_at: '2026-11-22T10:00:00Z', status };
}

describe('mergeMessages', () => {
  it('keeps every message once, oldest first, whatever order the sources arrive in', () => {
    const loaded = [newMessage(3), newMessage(4), newMessage(5)];
    const older = [newMessage(1), newMessage(2), newMessage(3)];
    const live = [newMessage(6), newMessage(5)];
    const merged = mergeMessages(mergeMessages(mergeMessages(loaded, live), older), [newMessage(4)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('returns the same list when nothing is new, so nothing re-renders', () => {
    const list = [newMessage(1), newMessage(2)];
    expect(mergeMessages(list, [newMessage(2)])).toBe(list);
    expect(mergeMessages(list, [])).toBe(list);
  });

  it('takes the newer copy of a message it already has', () => {
    const merged = mergeMessages([newMessage(1, { text: 'old' })], [newMessage(1, { text: 'new' })]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.text).toBe('new');
  });

  it('never loses or duplicates a message, for any split into overlapping deliveries', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 25 }), { maxLength: 6 }), (deliveries) => {
        let list = mergeMessages([], []);
        for (const delivery of deliveries)
          list = mergeMessages(
            list,
            delivery.map((id) => newMessage(id)),
          );
        const expected = [...new Set(deliveries.flat())].sort((a, b) => a - b);
        expect(list.map((m) => m.id)).toEqual(expected);
      }),
    );
  });
});

describe('settleOutbox', () => {
  it('drops the outgoing messages the server has stored, by client id', () => {
    const outbox = [outgoing('a'), outgoing('b')];
    expect(settleOutbox(outbox, [newMessage(1, { client_id: 'a' })]).map((e) => e.client_id)).toEqual(['b']);
    expect(settleOutbox(outbox, [newMessage(2, { client_id: 'z' })])).toBe(outbox);
  });
});

describe('deliveryOf and unreadUpTo', () => {
  it('shows my message read once the other has read up to it, sent before', () => {
    expect(deliveryOf(newMessage(5, { sender_id: ME }), 4)).toBe('sent');
    expect(deliveryOf(newMessage(5, { sender_id: ME }), 5)).toBe('read');
    expect(deliveryOf(newMessage(5, { sender_id: ME }), 9)).toBe('read');
  });

  it('finds the newest message of the other person I have not marked read', () => {
    const messages = [newMessage(1), newMessage(2, { sender_id: ME }), newMessage(3), newMessage(4, { sender_id: ME })];
    expect(unreadUpTo(messages, ME, 0)).toBe(3);
    expect(unreadUpTo(messages, ME, 3)).toBeNull();
    // Only my own messages after the mark: nothing to read.
    expect(unreadUpTo([newMessage(5, { sender_id: ME })], ME, 1)).toBeNull();
    // A deleted user's message is not mine.
    expect(unreadUpTo([newMessage(6, { sender_id: null })], ME, 1)).toBe(6);
  });
});

describe('conversationReducer', () => {
  const start = (): ConversationState => initialConversation(newRoomReply([newMessage(10), newMessage(11)], { has_older: true }));

  it('replaces the optimistic message with the stored one whether the socket or the reply comes first', () => {
    let state = conversationReducer(start(), { type: 'queued', entry: outgoing('mine-1') });
    expect(state.outbox).toHaveLength(1);
    const stored = newMessage(12, { sender_id: ME, client_id: 'mine-1' });
    // The socket's copy first …
    state = conversationReducer(state, { type: 'message', message: stored });
    expect(state.outbox).toHaveLength(0);
    // … then the send reply: still one message.
    state = conversationReducer(state, { type: 'message', message: stored });
    expect(ids(state)).toEqual([10, 11, 12]);
  });

  it('merges a catch-up after a reconnect with what the socket already delivered', () => {
    let state = conversationReducer(start(), { type: 'message', message: newMessage(13) });
    state = conversationReducer(state, {
      type: 'caught_up',
      reply: newRoomReply([newMessage(12), newMessage(13), newMessage(14)], { room: { other_last_read_id: 0 } }),
    });
    expect(ids(state)).toEqual([10, 11, 12, 13, 14]);
    // The catch-up page's has_older says nothing about the top of this list.
    expect(state.hasOlder).toBe(true);
  });

  it('puts older pages above and remembers whether there are more', () => {
    const state = conversationReducer(start(), {
      type: 'older',
      reply: newRoomReply([newMessage(8), newMessage(9)], { has_older: false }),
    });
    expect(ids(state)).toEqual([8, 9, 10, 11]);
    expect(state.hasOlder).toBe(false);
  });

  it('ignores a message of another room', () => {
    const state = start();
    expect(conversationReducer(state, { type: 'message', message: newMessage(50, { room_id: 2 }) })).toBe(state);
  });

  it('moves read marks only forward, also when a late answer carries an older one', () => {
    let state = conversationReducer(start(), { type: 'other_read', last_read_id: 11 });
    expect(state.room.other_last_read_id).toBe(11);
    expect(conversationReducer(state, { type: 'other_read', last_read_id: 10 })).toBe(state);
    state = conversationReducer(state, { type: 'caught_up', reply: newRoomReply([], { room: { other_last_read_id: 9 } }) });
    expect(state.room.other_last_read_id).toBe(11);
  });

  it('marks a failed message, sends it again as sending, or lets it go', () => {
    let state = conversationReducer(start(), { type: 'queued', entry: outgoing('x') });
    state = conversationReducer(state, { type: 'failed', client_id: 'x' });
    expect(state.outbox[0]!.status).toBe('failed');
    state = conversationReducer(state, { type: 'retrying', client_id: 'x' });
    expect(state.outbox[0]!.status).toBe('sending');
    state = conversationReducer(state, { type: 'discarded', client_id: 'x' });
    expect(state.outbox).toEqual([]);
  });

  it('keeps the outbox and live messages when the loader answers again for the same room', () => {
    let state = conversationReducer(start(), { type: 'queued', entry: outgoing('y') });
    state = conversationReducer(state, { type: 'message', message: newMessage(12, { sender_id: OTHER }) });
    state = conversationReducer(state, { type: 'loaded', reply: newRoomReply([newMessage(11)], { room: { blocked: true } }) });
    expect(ids(state)).toEqual([10, 11, 12]);
    expect(state.outbox).toHaveLength(1);
    expect(state.room.blocked).toBe(true);
  });
});
