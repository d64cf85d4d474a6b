// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '../../common/chat';
import { unreadStore } from './chat-unread';
import { PING_INTERVAL_MS, RECONNECT_CAP_MS, RealtimeClient, parseServerEvent, realtime, reconnectDelay, startRealtime } from './realtime';

/** A socket the test drives by hand: open it, push frames, close it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(event: ServerEvent | string) {
    this.onmessage?.({ data: typeof event === 'string' ? event : JSON.stringify(event) });
  }
  /** The server or the network ends the connection. */
  lose(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
}

const latest = () => FakeSocket.all.at(-1)!;

function newClient(random = () => 0.5) {
  return new RealtimeClient({
    url: () => 'ws://kauppis.test/ws',
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    random,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it('doubles from one second and stops growing at the cap', () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4].map((n) => reconnectDelay(n, top))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(reconnectDelay(5, top)).toBe(RECONNECT_CAP_MS);
    expect(reconnectDelay(50, top)).toBe(RECONNECT_CAP_MS);
  });

  it('waits a random part of the upper half, never nothing', () => {
    expect(reconnectDelay(3, () => 0)).toBe(4000);
    expect(reconnectDelay(3, () => 0.5)).toBe(6000);
    for (let i = 0; i < 200; i++) {
      const delay = reconnectDelay(10);
      expect(delay).toBeGreaterThanOrEqual(RECONNECT_CAP_MS / 2);
      expect(delay).toBeLessThanOrEqual(RECONNECT_CAP_MS);
    }
  });
});

describe('parseServerEvent', () => {
  it('takes event objects and ignores anything else', () => {
    expect(parseServerEvent('{"type":"unread","unread_total":2}')).toEqual({ type: 'unread', unread_total: 2 });
    expect(parseServerEvent('not json')).toBeNull();
    expect(parseServerEvent('[1,2]')).toBeNull();
    expect(parseServerEvent('{"kind":"x"}')).toBeNull();
    expect(parseServerEvent(new ArrayBuffer(2))).toBeNull();
  });
});

describe('RealtimeClient', () => {
  it('hands each event only to the listeners of its type', () => {
    const client = newClient();
    const messages = vi.fn();
    const typing = vi.fn();
    client.on('message', messages);
    const offTyping = client.on('typing', typing);
    client.start();
    latest().open();
    latest().push({ type: 'typing', room_id: 3, user_id: 9 });
    offTyping();
    latest().push({ type: 'typing', room_id: 3, user_id: 9 });
    latest().push('garbage');
    expect(typing).toHaveBeenCalledTimes(1);
    expect(typing).toHaveBeenCalledWith({ type: 'typing', room_id: 3, user_id: 9 });
    expect(messages).not.toHaveBeenCalled();
    client.stop();
  });

  it('reconnects with growing waits after losing the connection, and tells the catch-up listeners on each ready', () => {
    const client = newClient(() => 1);
    const connected = vi.fn();
    client.onConnected(connected);
    client.start();
    latest().open();
    latest().push({ type: 'ready', user_id: 1, unread_total: 0 });
    expect(connected).toHaveBeenCalledTimes(1);

    latest().lose();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);

    // The server is still down: the next wait is twice as long.
    latest().lose();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);

    latest().open();
    latest().push({ type: 'ready', user_id: 1, unread_total: 4 });
    expect(connected).toHaveBeenCalledTimes(2);

    // A connection the server accepted starts the waits from the beginning again.
    latest().lose();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);
    client.stop();
  });

  it('reconnects at once when the browser comes back online, dropping the old socket', () => {
    const client = newClient();
    client.start();
    latest().open();
    const old = latest();
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(2);
    expect(old.closedWith).toBe(1000);
    // The dropped socket's late close changes nothing.
    old.lose();
    vi.advanceTimersByTime(RECONNECT_CAP_MS);
    expect(FakeSocket.all).toHaveLength(2);
    client.stop();
  });

  it('does not wait for the timer when the tab becomes visible without a connection', () => {
    const client = newClient();
    client.start();
    latest().lose();
    expect(FakeSocket.all).toHaveLength(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSocket.all).toHaveLength(2);
    client.stop();
  });

  it('gives up when the server refuses the session, until something changes', () => {
    const client = newClient();
    client.start();
    latest().lose(4401);
    vi.advanceTimersByTime(RECONNECT_CAP_MS * 3);
    expect(FakeSocket.all).toHaveLength(1);
    expect(client.status).toBe('idle');
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(2);
    client.stop();
  });

  it('pings while open and starts afresh when a ping is stuck in the buffer', () => {
    const client = newClient();
    client.start();
    latest().open();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(latest().sent).toEqual([JSON.stringify({ type: 'ping' })]);
    latest().bufferedAmount = 14;
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(FakeSocket.all).toHaveLength(2);
    client.stop();
  });

  it('keeps a socket that answers its pings and replaces one that has gone silent', () => {
    const client = newClient();
    client.start();
    latest().open();
    for (let round = 0; round < 4; round++) {
      vi.advanceTimersByTime(PING_INTERVAL_MS);
      latest().push({ type: 'pong' });
    }
    expect(FakeSocket.all).toHaveLength(1);
    // No answers any more: after two silent rounds the socket is given up.
    vi.advanceTimersByTime(PING_INTERVAL_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[0]!.closedWith).toBe(1000);
    client.stop();
  });

  it('sends only on an open socket and never reconnects after stop', () => {
    const client = newClient();
    client.start();
    expect(client.send({ type: 'typing', room_id: 1 })).toBe(false);
    latest().open();
    expect(client.send({ type: 'typing', room_id: 1 })).toBe(true);
    client.stop();
    vi.advanceTimersByTime(RECONNECT_CAP_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
    expect(client.send({ type: 'ping' })).toBe(false);
  });
});

describe('startRealtime', () => {
  it('feeds the unread badge from ready and unread events', () => {
    const sockets: FakeSocket[] = [];
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string) {
          super(url);
          sockets.push(this);
        }
      },
    );
    unreadStore.set(null);
    const stop = startRealtime(5);
    expect(sockets[0]!.url).toMatch(/^ws:\/\/.*\/ws$/);
    sockets[0]!.open();
    sockets[0]!.push({ type: 'ready', user_id: 5, unread_total: 3 });
    expect(unreadStore.get()).toBe(3);
    sockets[0]!.push({ type: 'unread', unread_total: 1 });
    expect(unreadStore.get()).toBe(1);
    stop();
    expect(realtime.status).toBe('idle');
    vi.unstubAllGlobals();
  });
});
