import type { ChatMessage } from '../../../common/chat';
import type { RoomDetail, RoomReply } from './chat-types';

/**
 * One conversation as the screen holds it. Messages come from four places that overlap — the
 * page's loader, older pages, catch-up after a reconnect and the socket — so every arrival is
 * merged by message id: nothing is lost, nothing shows twice. Messages being sent wait in the
 * outbox under their client id until the server's copy (from the reply or the socket, whichever
 * comes first) takes their place.
 */
export interface OutgoingMessage {
  client_id: string;
  text: string;
  /** The picked picture and its preview (an object URL), kept so that a retry can send it again. */
  file: File | null;
  previewUrl: string | null;
  created_at: string;
  status: 'sending' | 'failed';
}

export interface ConversationState {
  room: RoomDetail;
  /** Stored messages, oldest first, each id once. */
  messages: ChatMessage[];
  outbox: OutgoingMessage[];
  hasOlder: boolean;
}

/** What a message of mine shows beside its time. */
export type Delivery = 'sending' | 'failed' | 'sent' | 'read';

/**
 * The union of two message lists by id, oldest first; a message in `incoming` replaces the one
 * with the same id. Returns `current` itself when nothing changes, so React can skip a render.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map(current.map((message) => [message.id, message]));
  let changed = false;
  for (const message of incoming) {
    const known = byId.get(message.id);
    if (known && sameMessage(known, message)) continue;
    byId.set(message.id, message);
    changed = true;
  }
  if (!changed) return current as ChatMessage[];
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return a.text === b.text && a.client_id === b.client_id && a.picture?.url === b.picture?.url && a.sender_id === b.sender_id;
}

/** The outbox without the messages the server has stored (their client ids are among `stored`). */
export function settleOutbox(outbox: readonly OutgoingMessage[], stored: readonly ChatMessage[]): OutgoingMessage[] {
  if (outbox.length === 0) return outbox as OutgoingMessage[];
  const done = new Set(stored.map((message) => message.client_id));
  const left = outbox.filter((entry) => !done.has(entry.client_id));
  return left.length === outbox.length ? (outbox as OutgoingMessage[]) : left;
}

/** Sent or read: the other person has read my messages up to `otherLastReadId`. */
export function deliveryOf(message: ChatMessage, otherLastReadId: number): Extract<Delivery, 'sent' | 'read'> {
  return message.id <= otherLastReadId ? 'read' : 'sent';
}

export function isMine(message: Pick<ChatMessage, 'sender_id'>, myId: number): boolean {
  return message.sender_id === myId;
}

/** The newest stored message's id (0 for none): the cursor of a catch-up. */
export function newestId(messages: readonly ChatMessage[]): number {
  return messages.at(-1)?.id ?? 0;
}

/** The newest message from the other person that I have not marked read yet, or null. */
export function unreadUpTo(messages: readonly ChatMessage[], myId: number, myLastReadId: number): number | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.id <= myLastReadId) return null;
    if (!isMine(message, myId)) return message.id;
  }
  return null;
}

export type ConversationAction =
  /** The loader's answer (first render, or a revalidation): the room as it is now. */
  | { type: 'loaded'; reply: RoomReply }
  /** Catch-up or a refetched room: new messages and possibly a changed room. */
  | { type: 'caught_up'; reply: RoomReply }
  | { type: 'older'; reply: RoomReply }
  /** One message from the socket or a send reply. */
  | { type: 'message'; message: ChatMessage }
  | { type: 'queued'; entry: OutgoingMessage }
  | { type: 'failed'; client_id: string }
  | { type: 'retrying'; client_id: string }
  | { type: 'discarded'; client_id: string }
  /** The other member has read my messages up to this id. */
  | { type: 'other_read'; last_read_id: number }
  /** I have read up to this id. */
  | { type: 'me_read'; last_read_id: number }
  | { type: 'room'; room: Partial<RoomDetail> };

export function initialConversation(reply: RoomReply): ConversationState {
  return { room: reply.room, messages: mergeMessages([], reply.data), outbox: [], hasOlder: reply.meta.has_older };
}

function withMessages(state: ConversationState, incoming: readonly ChatMessage[]): ConversationState {
  const messages = mergeMessages(state.messages, incoming);
  const outbox = settleOutbox(state.outbox, incoming);
  if (messages === state.messages && outbox === state.outbox) return state;
  return { ...state, messages, outbox };
}

/** Read marks only move forward: a late answer never makes a read message look unread again. */
function mergeRoom(current: RoomDetail, next: RoomDetail): RoomDetail {
  return {
    ...next,
    other_last_read_id: Math.max(current.other_last_read_id, next.other_last_read_id),
    my_last_read_id: Math.max(current.my_last_read_id, next.my_last_read_id),
  };
}

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'loaded':
      if (action.reply.room.id !== state.room.id) return initialConversation(action.reply);
      // Keep what was loaded meanwhile (older pages, live messages) and the outbox.
      return { ...withMessages(state, action.reply.data), room: mergeRoom(state.room, action.reply.room) };
    case 'caught_up':
      return { ...withMessages(state, action.reply.data), room: mergeRoom(state.room, action.reply.room) };
    case 'older':
      return { ...withMessages(state, action.reply.data), hasOlder: action.reply.meta.has_older };
    case 'message':
      if (action.message.room_id !== state.room.id) return state;
      return withMessages(state, [action.message]);
    case 'queued':
      return { ...state, outbox: [...state.outbox, action.entry] };
    case 'failed':
    case 'retrying': {
      const status = action.type === 'failed' ? 'failed' : 'sending';
      return {
        ...state,
        outbox: state.outbox.map((entry) => (entry.client_id === action.client_id ? { ...entry, status } : entry)),
      };
    }
    case 'discarded':
      return { ...state, outbox: state.outbox.filter((entry) => entry.client_id !== action.client_id) };
    case 'other_read':
      if (action.last_read_id <= state.room.other_last_read_id) return state;
      return { ...state, room: { ...state.room, other_last_read_id: action.last_read_id } };
    case 'me_read':
      if (action.last_read_id <= state.room.my_last_read_id) return state;
      return { ...state, room: { ...state.room, my_last_read_id: action.last_read_id, unread: 0 } };
    case 'room':
      return { ...state, room: { ...state.room, ...action.room } };
  }
}
