import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { TYPING_INTERVAL_MS, TYPING_VISIBLE_MS } from '../../../../common/chat';
import { ApiError, api } from '../../../lib/api-client';
import { setUnreadTotal } from '../../../lib/chat-unread';
import { realtime } from '../../../lib/realtime';
import { ERROR_TOAST_MS, showToast } from '../../../lib/toasts';
import type { RoomDetail, RoomReply } from '../chat-types';
import { newClientId } from '../client-id';
import { refusal } from '../refusal';
import {
  type ConversationState,
  type OutgoingMessage,
  conversationReducer,
  initialConversation,
  isMine,
  newestId,
  unreadUpTo,
} from '../conversation-state';

/** Catch-up pages fetched in a row at most (each up to CATCH_UP_LIMIT messages). */
const MAX_CATCH_UP_PAGES = 10;

export interface Conversation {
  state: ConversationState;
  /** The other person is typing (fades TYPING_VISIBLE_MS after their last signal). */
  typing: boolean;
  loadingOlder: boolean;
  loadOlder: () => Promise<void>;
  send: (text: string, picture: File | null) => void;
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
  /** Tell the other person I am typing (sent at most every TYPING_INTERVAL_MS). */
  typed: () => void;
  /** Mark what is shown as read, when the page is visible. */
  markRead: () => void;
  /** Fetch the room and what came after the newest message I have. */
  catchUp: () => Promise<void>;
  /** Show a change of the room at once (blocked, unblocked) before the server's copy arrives. */
  patchRoom: (patch: Partial<RoomDetail>) => void;
}

/**
 * A conversation kept live: the loader's messages, the socket's new ones and read receipts, the
 * catch-up after every (re)connect, older pages, and sending with an outbox of optimistic
 * messages. `onIncoming` hears each new message from the other person (the screen announces it).
 */
export function useConversation(reply: RoomReply, me: number, onIncoming: () => void): Conversation {
  const [state, dispatch] = useReducer(conversationReducer, reply, initialConversation);
  // Socket listeners and callbacks read the latest state and callback without subscribing again.
  const stateRef = useRef(state);
  const onIncomingRef = useRef(onIncoming);
  useLayoutEffect(() => {
    stateRef.current = state;
    onIncomingRef.current = onIncoming;
  });
  const roomId = state.room.id;
  const [typing, setTyping] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);

  // A revalidated loader (same room) brings the room as it is now.
  const firstReply = useRef(reply);
  useEffect(() => {
    if (reply === firstReply.current) return;
    firstReply.current = reply;
    dispatch({ type: 'loaded', reply });
  }, [reply]);

  const catchingUp = useRef<Promise<void> | null>(null);
  const catchUpAgain = useRef(false);
  const catchUp = useCallback(async (): Promise<void> => {
    if (catchingUp.current) {
      // One more round after the current one: it may have started before what we now wait for.
      catchUpAgain.current = true;
      return catchingUp.current;
    }
    const run = async () => {
      do {
        catchUpAgain.current = false;
        let after = newestId(stateRef.current.messages);
        for (let page = 0; page < MAX_CATCH_UP_PAGES; page++) {
          const answer = await api.chatRoom(roomId, after > 0 ? { after } : {});
          dispatch({ type: 'caught_up', reply: answer });
          if (!answer.meta.has_newer || answer.data.length === 0) break;
          after = newestId(answer.data);
        }
      } while (catchUpAgain.current);
    };
    catchingUp.current = run()
      .catch(() => {
        // Offline again or a hiccup: the next reconnect catches up.
      })
      .finally(() => {
        catchingUp.current = null;
      });
    return catchingUp.current;
  }, [roomId]);

  // The socket: new messages, read receipts, typing, room changes, and catch-up on every connect.
  useEffect(() => {
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const offs = [
      realtime.on('message', (event) => {
        if (event.room_id !== roomId) return;
        const known = stateRef.current.messages.some((message) => message.id === event.message.id);
        dispatch({ type: 'message', message: event.message });
        if (!known && !isMine(event.message, me)) {
          clearTimeout(typingTimer);
          setTyping(false);
          onIncomingRef.current();
        }
      }),
      realtime.on('read', (event) => {
        if (event.room_id === roomId && event.user_id !== me) dispatch({ type: 'other_read', last_read_id: event.last_read_id });
      }),
      realtime.on('typing', (event) => {
        if (event.room_id !== roomId || event.user_id === me) return;
        setTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setTyping(false), TYPING_VISIBLE_MS);
      }),
      realtime.on('room', (event) => {
        if (event.room_id === roomId) void catchUp();
      }),
      realtime.onConnected(() => void catchUp()),
    ];
    return () => {
      clearTimeout(typingTimer);
      for (const off of offs) off();
    };
  }, [roomId, me, catchUp]);

  const loadOlder = useCallback(async () => {
    const oldest = stateRef.current.messages[0];
    if (!oldest || !stateRef.current.hasOlder || loadingOlder) return;
    setLoadingOlder(true);
    try {
      dispatch({ type: 'older', reply: await api.chatRoom(roomId, { before: oldest.id }) });
    } catch (error) {
      showToast({ icon: 'error', message: (error as Error).message, timer: ERROR_TOAST_MS });
    } finally {
      setLoadingOlder(false);
    }
  }, [roomId, loadingOlder]);

  const outboxRef = useRef(new Map<string, OutgoingMessage>());
  const deliver = useCallback(
    async (entry: OutgoingMessage) => {
      let body: { text: string; client_id: string } | FormData = { text: entry.text, client_id: entry.client_id };
      if (entry.file) {
        const form = new FormData();
        form.set('text', entry.text);
        form.set('client_id', entry.client_id);
        form.set('picture', entry.file);
        body = form;
      }
      try {
        const answer = await api.sendMessage(roomId, body);
        dispatch({ type: 'message', message: answer.data });
        outboxRef.current.delete(entry.client_id);
        if (entry.previewUrl) URL.revokeObjectURL(entry.previewUrl);
      } catch (error) {
        dispatch({ type: 'failed', client_id: entry.client_id });
        // A refusal (blocked meanwhile, too long, too many) is worth reading; a network failure shows on the bubble.
        if (error instanceof ApiError && error.status > 0) {
          showToast({ icon: 'error', message: refusal(error), timer: ERROR_TOAST_MS });
          if (error.status === 403 || error.status === 422) void catchUp();
        }
      }
    },
    [roomId, catchUp],
  );

  const send = useCallback(
    (text: string, picture: File | null) => {
      const entry: OutgoingMessage = {
        client_id: newClientId(),
        text,
        file: picture,
        previewUrl: picture ? URL.createObjectURL(picture) : null,
        created_at: new Date().toISOString(),
        status: 'sending',
      };
      outboxRef.current.set(entry.client_id, entry);
      dispatch({ type: 'queued', entry });
      void deliver(entry);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const entry = outboxRef.current.get(clientId);
      if (!entry) return;
      dispatch({ type: 'retrying', client_id: clientId });
      void deliver(entry);
    },
    [deliver],
  );

  const discard = useCallback((clientId: string) => {
    const entry = outboxRef.current.get(clientId);
    if (entry?.previewUrl) URL.revokeObjectURL(entry.previewUrl);
    outboxRef.current.delete(clientId);
    dispatch({ type: 'discarded', client_id: clientId });
  }, []);

  const lastTyped = useRef(0);
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastTyped.current < TYPING_INTERVAL_MS) return;
    if (realtime.send({ type: 'typing', room_id: roomId })) lastTyped.current = now;
  }, [roomId]);

  const requestedRead = useRef(0);
  const markRead = useCallback(() => {
    if (typeof document === 'undefined' || document.visibilityState !== 'visible') return;
    const { messages, room } = stateRef.current;
    const upTo = unreadUpTo(messages, me, room.my_last_read_id);
    if (upTo === null || upTo <= requestedRead.current) return;
    requestedRead.current = upTo;
    api.markRead(roomId, upTo).then(
      (answer) => {
        dispatch({ type: 'me_read', last_read_id: upTo });
        setUnreadTotal(answer.unread_total);
      },
      () => {
        // Try again with the next message or the next visit.
        requestedRead.current = 0;
      },
    );
  }, [roomId, me]);

  const patchRoom = useCallback((patch: Partial<RoomDetail>) => dispatch({ type: 'room', room: patch }), []);

  return { state, typing, loadingOlder, loadOlder, send, retry, discard, typed, markRead, catchUp, patchRoom };
}
