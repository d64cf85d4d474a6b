import { type ClientEvent, SOCKET_PATH, type ServerEvent } from '../../common/chat';
import { setUnreadTotal } from './chat-unread';
import { setNotificationsUnread } from './notifications-unread';

/**
 * The browser's end of the messenger's socket (`/ws`, same origin, the session cookie signs it in).
 * It lives in web/lib because the top bar (its unread badge) and the chat screens both listen to
 * it; it is its own chunk, imported after hydration for signed-in people only (see chat-unread).
 *
 * The connection heals itself: a lost socket comes back after an exponentially growing, jittered
 * wait (capped at RECONNECT_CAP_MS), and at once when the browser comes back online or the tab
 * becomes visible again. Every `ready` from the server (first connect and each reconnect) tells
 * the `onConnected` listeners, which fetch whatever they may have missed meanwhile.
 */

export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_CAP_MS = 30_000;
/**
 * An app-level ping keeps proxies from closing an idle socket; the server answers each with a
 * pong, so a socket that has heard nothing for two rounds is dead (a laptop woke up on another
 * network, a proxy dropped it silently) and is replaced.
 */
export const PING_INTERVAL_MS = 25_000;
/**
 * Close codes after which retrying cannot help until something changes (signed out, refused, or
 * closed as the oldest of too many sockets of the account: reconnecting would close another tab's).
 */
const GIVE_UP_CODES = new Set([4401, 4403, 4409]);

/**
 * The wait before reconnect attempt `attempt` (0 for the first): 1 s, 2 s, 4 s … up to 30 s, of
 * which a random half ("equal jitter"), so that a restarted server is not hit by every browser at
 * the same moment, yet no browser retries in a tight loop.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export type ServerEventType = ServerEvent['type'];
export type EventOf<K extends ServerEventType> = Extract<ServerEvent, { type: K }>;
export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'waiting';

/** Parses one frame; anything that is not an event object is ignored (returns null). */
export function parseServerEvent(data: unknown): ServerEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as unknown;
    if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string') return null;
    return event as ServerEvent;
  } catch {
    return null;
  }
}

interface ClientOptions {
  url: () => string;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
}

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  /** When the current socket last heard from the server. */
  private lastHeard = 0;
  private running = false;
  private readonly listeners = new Map<ServerEventType, Set<(event: ServerEvent) => void>>();
  private readonly connectedListeners = new Set<() => void>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  status: ConnectionStatus = 'idle';

  constructor(private readonly options: ClientOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    window.addEventListener('online', this.onOnline);
    document.addEventListener('visibilitychange', this.onVisible);
    this.connect();
  }

  stop(): void {
    this.running = false;
    window.removeEventListener('online', this.onOnline);
    document.removeEventListener('visibilitychange', this.onVisible);
    clearTimeout(this.retryTimer);
    this.drop();
    this.setStatus('idle');
  }

  /** Subscribes to one type of server event; returns the unsubscribe function. */
  on<K extends ServerEventType>(type: K, listener: (event: EventOf<K>) => void): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    const entry = listener as (event: ServerEvent) => void;
    set.add(entry);
    return () => void set.delete(entry);
  }

  /** Called after every (re)connection the server has accepted: the moment to catch up. */
  onConnected(listener: () => void): () => void {
    this.connectedListeners.add(listener);
    return () => void this.connectedListeners.delete(listener);
  }

  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  /** Sends when connected; false when there is no open socket (the event is simply dropped). */
  send(event: ClientEvent): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(event));
    return true;
  }

  /** Connects again now, dropping the current socket (which may be dead after a network change). */
  reconnectNow(): void {
    if (!this.running) return;
    this.attempt = 0;
    this.drop();
    this.connect();
  }

  private readonly onOnline = () => this.reconnectNow();

  private readonly onVisible = () => {
    // A tab coming back waits for no timer; an open socket is left alone.
    if (document.visibilityState === 'visible' && !this.socket) this.reconnectNow();
  };

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private connect(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (!this.running || this.socket) return;
    let socket: WebSocket;
    try {
      const url = this.options.url();
      socket = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.setStatus('open');
      this.startPing(socket);
    };
    socket.onmessage = (message: MessageEvent) => {
      if (this.socket !== socket) return;
      this.lastHeard = Date.now();
      const event = parseServerEvent(message.data);
      if (event) this.dispatch(event);
    };
    socket.onclose = (close: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
      if (!this.running) return;
      if (GIVE_UP_CODES.has(close.code)) {
        // Signed out elsewhere or refused: the next visibility or network change tries again.
        this.setStatus('idle');
        return;
      }
      this.scheduleReconnect();
    };
    // An error is always followed by close, which decides what happens next.
    socket.onerror = () => undefined;
  }

  private dispatch(event: ServerEvent): void {
    if (event.type === 'ready') this.attempt = 0;
    for (const listener of [...(this.listeners.get(event.type) ?? [])]) listener(event);
    if (event.type === 'ready') for (const listener of [...this.connectedListeners]) listener();
  }

  private scheduleReconnect(): void {
    this.setStatus('waiting');
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private startPing(socket: WebSocket): void {
    this.stopPing();
    this.lastHeard = Date.now();
    this.pingTimer = setInterval(() => {
      // The previous ping never left the browser, or nothing came back for two rounds: start afresh.
      if (socket.bufferedAmount > 0 || Date.now() - this.lastHeard > 2 * PING_INTERVAL_MS) {
        this.reconnectNow();
        return;
      }
      this.send({ type: 'ping' });
    }, PING_INTERVAL_MS);
  }

  private stopPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = null;
    this.stopPing();
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(1000);
    } catch {
      // Already closing.
    }
  }
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${SOCKET_PATH}`;
}

/** The page's one connection. Screens may subscribe before it starts; events flow once it has. */
export const realtime = new RealtimeClient({ url: socketUrl });

let runningFor: number | null = null;
let unsubscribeUnread: (() => void) | undefined;

/** Starts the connection for this signed-in person (the top bar does, once per session); returns stop. */
export function startRealtime(userId: number): () => void {
  if (runningFor !== userId) {
    realtime.stop();
    unsubscribeUnread?.();
    const offReady = realtime.on('ready', (event) => {
      setUnreadTotal(event.unread_total);
      if (event.notifications_unread !== undefined) setNotificationsUnread(event.notifications_unread);
    });
    const offUnread = realtime.on('unread', (event) => setUnreadTotal(event.unread_total));
    // The notification centre's bell listens on the same socket.
    const offNotifications = realtime.on('notifications', (event) => setNotificationsUnread(event.unread));
    unsubscribeUnread = () => {
      offReady();
      offUnread();
      offNotifications();
      setNotificationsUnread(null);
    };
    runningFor = userId;
  }
  realtime.start();
  return () => {
    if (runningFor !== userId) return;
    realtime.stop();
    unsubscribeUnread?.();
    unsubscribeUnread = undefined;
    runningFor = null;
  };
}
