// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '../../../../common/chat';
import en from '../../../i18n/en.json';
import { ApiError, api } from '../../../lib/api-client';
import { unreadStore } from '../../../lib/chat-unread';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { startRealtime } from '../../../lib/realtime';
import { toastStore } from '../../../lib/toasts';
import { ME, OTHER, newMessage, newRoomReply } from '../chat-factories';
import type { RoomReply } from '../chat-types';
import { CONTINUE_WRITING } from '../first-message-draft';
import { Conversation } from './conversation';

const i18n = createI18n('en', { en });

/** The page's socket, driven by the test through the real realtime client. */
class FakeSocket {
  static current: FakeSocket | undefined;
  readyState = 0;
  bufferedAmount = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeSocket.current = this;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
}

function serverSays(event: ServerEvent) {
  act(() => FakeSocket.current!.onmessage?.({ data: JSON.stringify(event) }));
}

let stopRealtime: () => void;

function renderConversation(reply: RoomReply, verified = true, state: Record<string, unknown> | null = null) {
  const Stub = createRoutesStub([
    { path: '/channel/:roomId', Component: () => <Conversation reply={reply} me={ME} verified={verified} /> },
    { path: '/messenger', Component: () => <p>messenger</p> },
  ]);
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={[{ pathname: `/channel/${reply.room.id}`, state }]} />
    </I18nProvider>,
  );
}

const messageList = () => screen.getByRole('region', { name: 'Messages with Seppo S.' });
/** Each message's list item (day groups hold a list each). */
const messageItems = () => [...messageList().querySelectorAll('ol ol > li')] as HTMLElement[];
/** What a screen reader hears of each bubble: the author, then the text. */
const bubbleTexts = () => messageItems().map((item) => item.firstElementChild!.firstElementChild!.textContent);

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  stopRealtime = startRealtime(ME);
  act(() => {
    FakeSocket.current!.readyState = 1;
    FakeSocket.current!.onopen?.();
  });
  vi.spyOn(api, 'markRead').mockResolvedValue({ unread_total: 0 });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  stopRealtime();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toastStore.set([]);
  unreadStore.set(null);
});

describe('Conversation', () => {
  it('gives its box the focus when the person arrives from the first message, and only then', () => {
    renderConversation(newRoomReply([]), true, { [CONTINUE_WRITING]: true });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message to Seppo S.' }));
    cleanup();
    renderConversation(newRoomReply([]));
    expect(document.activeElement).toBe(document.body);
  });

  it('shows the messages oldest first under their day, mine with how far they got', () => {
    renderConversation(
      newRoomReply(
        [
          newMessage(1, { created_at: '2020-03-20T08:00:00Z', text: 'Is it still for sale?', sender_id: ME }),
          newMessage(2, { created_at: '2020-03-21T09:00:00Z', text: 'Yes it is' }),
          newMessage(3, { created_at: '2020-03-21T09:05:00Z', text: 'Great, can I come today?', sender_id: ME }),
        ],
        { room: { other_last_read_id: 1 } },
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Seppo S.' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['20 March 2020', '21 March 2020']);
    expect(bubbleTexts()).toEqual(['You: Is it still for sale?', 'Seppo S.: Yes it is', 'You: Great, can I come today?']);
    const items = messageItems();
    expect(items[0]!.textContent).toContain('Read');
    expect(items[1]!.textContent).not.toMatch(/Read|Sent/);
    expect(items[2]!.textContent).toContain('Sent');
    // Marked read up to the newest message of the other person, as it is on screen.
    expect(api.markRead).toHaveBeenCalledWith(1, 2);
  });

  it('shows a new message from the socket once, announces it politely and marks it read', async () => {
    renderConversation(newRoomReply([newMessage(1, { text: 'hello' })], { room: { my_last_read_id: 1 } }));
    const incoming = newMessage(2, { text: 'Are you there?' });
    serverSays({ type: 'message', room_id: 1, message: incoming });
    serverSays({ type: 'message', room_id: 1, message: incoming });
    serverSays({ type: 'message', room_id: 5, message: newMessage(3, { room_id: 5, text: 'another room' }) });
    expect(bubbleTexts()).toEqual(['Seppo S.: hello', 'Seppo S.: Are you there?']);
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('New message from Seppo S.');
    await act(async () => undefined);
    expect(api.markRead).toHaveBeenCalledWith(1, 2);
    expect(unreadStore.get()).toBe(0);
  });

  it('turns my messages to read when the other person reads them', () => {
    renderConversation(newRoomReply([newMessage(4, { sender_id: ME, text: 'mine' })]));
    const item = () => messageItems().at(-1)!;
    expect(item().textContent).toContain('Sent');
    // My own read receipt from another tab changes nothing.
    serverSays({ type: 'read', room_id: 1, user_id: ME, last_read_id: 4 });
    expect(item().textContent).toContain('Sent');
    serverSays({ type: 'read', room_id: 1, user_id: OTHER, last_read_id: 4 });
    expect(item().textContent).toContain('Read');
  });

  it('shows a sent message at once as sending, then as stored; a failure offers a retry with the same client id', async () => {
    const send = vi.spyOn(api, 'sendMessage');
    let answer!: (value: Awaited<ReturnType<typeof api.sendMessage>>) => void;
    send.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderConversation(newRoomReply([newMessage(1)]));
    const box = screen.getByRole('textbox', { name: 'Message to Seppo S.' });
    fireEvent.change(box, { target: { value: 'On my way' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(bubbleTexts().at(-1)).toBe('You: On my way');
    expect(screen.getByText('Sending…')).toBeTruthy();
    const body = send.mock.calls[0]![1] as { text: string; client_id: string };
    expect(body.text).toBe('On my way');
    expect(body.client_id).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () =>
      answer({
        message: 'Message sent.',
        room_id: 1,
        data: newMessage(2, { sender_id: ME, text: 'On my way', client_id: body.client_id }),
      }),
    );
    expect(bubbleTexts()).toEqual(['Seppo S.: message 1', 'You: On my way']);
    expect(screen.queryByText('Sending…')).toBeNull();
    expect(screen.getByText('Sent')).toBeTruthy();

    send.mockRejectedValueOnce(new ApiError('No connection', 0, undefined));
    fireEvent.change(box, { target: { value: 'Second' } });
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(screen.getByText('Not sent')).toBeTruthy();
    const failedId = (send.mock.calls[1]![1] as { client_id: string }).client_id;
    send.mockResolvedValueOnce({
      message: 'Message sent.',
      room_id: 1,
      data: newMessage(3, { sender_id: ME, text: 'Second', client_id: failedId }),
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect((send.mock.calls[2]![1] as { client_id: string }).client_id).toBe(failedId);
    expect(bubbleTexts()).toEqual(['Seppo S.: message 1', 'You: On my way', 'You: Second']);
    expect(screen.queryByText('Not sent')).toBeNull();
  });

  it('catches up after every (re)connect from the newest message it has, without doubles', async () => {
    const chatRoom = vi.spyOn(api, 'chatRoom').mockResolvedValue(newRoomReply([newMessage(3), newMessage(4)]));
    renderConversation(newRoomReply([newMessage(1), newMessage(2)]));
    serverSays({ type: 'message', room_id: 1, message: newMessage(3) });
    await act(async () => serverSays({ type: 'ready', user_id: ME, unread_total: 2 }));
    expect(chatRoom).toHaveBeenCalledWith(1, { after: 3 });
    expect(bubbleTexts()).toEqual(['message 1', 'message 2', 'message 3', 'message 4'].map((text) => `Seppo S.: ${text}`));
  });

  it('follows the pages of a long catch-up until there is nothing newer', async () => {
    const chatRoom = vi
      .spyOn(api, 'chatRoom')
      .mockResolvedValueOnce(newRoomReply([newMessage(2), newMessage(3)], { has_newer: true }))
      .mockResolvedValueOnce(newRoomReply([newMessage(4)]));
    renderConversation(newRoomReply([newMessage(1)]));
    await act(async () => serverSays({ type: 'ready', user_id: ME, unread_total: 0 }));
    expect(chatRoom.mock.calls).toEqual([
      [1, { after: 1 }],
      [1, { after: 3 }],
    ]);
    expect(bubbleTexts()).toHaveLength(4);
  });

  it('says when the other person is typing, until their message arrives', () => {
    renderConversation(newRoomReply([newMessage(1)]));
    serverSays({ type: 'typing', room_id: 1, user_id: OTHER });
    expect(screen.getByText('Seppo S. is typing…')).toBeTruthy();
    serverSays({ type: 'message', room_id: 1, message: newMessage(2) });
    expect(screen.queryByText('Seppo S. is typing…')).toBeNull();
  });

  it('replaces the composer with a note and an unblock button when I have blocked the person', () => {
    renderConversation(newRoomReply([newMessage(1)], { room: { blocked: true, blocked_by_me: true, can_send: false } }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('You have blocked Seppo S.. Unblock to continue the conversation.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeTruthy();
  });

  it('tells the person who was blocked that they cannot write, with no way around it', () => {
    renderConversation(newRoomReply([newMessage(1)], { room: { blocked: true, blocked_by_me: false, can_send: false } }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('You can no longer send messages in this conversation.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unblock' })).toBeNull();
  });

  it('asks a person with an unconfirmed e-mail address to confirm it instead of offering the composer', () => {
    renderConversation(newRoomReply([newMessage(1)]), false);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText(/Verify your e-mail address to send messages/)).toBeTruthy();
  });

  it('shows the server’s own reason when it refuses a message', async () => {
    vi.spyOn(api, 'sendMessage').mockRejectedValueOnce(
      new ApiError('Access denied.', 403, { message: 'Verify your e-mail address first.', code: 'email_unverified' }),
    );
    // A refusal may mean the room changed: it is fetched again.
    const chatRoom = vi.spyOn(api, 'chatRoom').mockResolvedValue(newRoomReply([]));
    renderConversation(newRoomReply([newMessage(1)]));
    const box = screen.getByRole('textbox', { name: 'Message to Seppo S.' });
    fireEvent.change(box, { target: { value: 'hello' } });
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(toastStore.get().at(-1)).toMatchObject({ icon: 'error', message: 'Verify your e-mail address first.' });
    expect(screen.getByText('Not sent')).toBeTruthy();
    expect(chatRoom).toHaveBeenCalledWith(1, { after: 1 });
  });

  it('loads older messages above on request', async () => {
    vi.spyOn(api, 'chatRoom').mockResolvedValue(newRoomReply([newMessage(1)], { has_older: false }));
    renderConversation(newRoomReply([newMessage(2)], { has_older: true }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show older messages' })));
    expect(api.chatRoom).toHaveBeenCalledWith(1, { before: 2 });
    expect(bubbleTexts()).toEqual(['Seppo S.: message 1', 'Seppo S.: message 2']);
    expect(screen.getByText('This is the beginning of the conversation.')).toBeTruthy();
  });
});
