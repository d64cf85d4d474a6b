import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { type ClientEvent, SOCKET_MAX_FRAME_BYTES, SOCKET_PATH, type ServerEvent } from '../../../common/chat.ts';
import { AppError } from '../../../common/errors.ts';
import type { Locale } from '../../../common/locales.ts';
import { translate } from '../../platform/i18n.ts';
import { unstorableTextFields } from '../../platform/validation.ts';

export interface SocketOptions {
  /** How often every socket is pinged; one that has not answered the previous ping is closed. */
  heartbeatMs?: number;
}

/** Frames a client may send in FRAME_WINDOW_MS before its socket is closed (typing sends one every 2.5 s). */
const FRAME_LIMIT = 40;
const FRAME_WINDOW_MS = 10_000;

/**
 * Sockets one account may hold on this instance (tabs, devices); a newer one closes the oldest.
 * Per instance: behind a balancer an account may hold this many on each (sockets are not shared).
 */
export const MAX_SOCKETS_PER_ACCOUNT = 20;

/**
 * WebSocket close codes (RFC 6455 and the IANA registry). 4401 and 4409 are ours, and the client
 * does not reconnect after them: the session ended; too many sockets, this oldest one gave way.
 */
export const CLOSE = { goingAway: 1001, policy: 1008, restart: 1012, sessionEnded: 4401, replaced: 4409 } as const;

interface Connection {
  socket: WebSocket;
  userId: number;
  sessionId: string;
  locale: Locale;
  alive: boolean;
  frames: number;
  windowStart: number;
}

/**
 * Same-origin sockets only when the browser's cookie authenticates: a page on another site must
 * not open a socket with the visitor's session (cross-site WebSocket hijacking). The origin must
 * be PUBLIC_URL's: the Host header is the client's to write (and a DNS-rebinding page sends its
 * own host in both), so matching it proves nothing. Only `npm run dev` also takes the address the
 * request came to (localhost or 127.0.0.1, whichever the developer typed). A bearer token is not
 * sent by browsers on their own, so API clients with one need no Origin.
 */
export function originAllowed(request: FastifyRequest): boolean {
  if (!request.viaCookie) return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(request.server.config.publicUrl).origin) return true;
  return request.server.config.env === 'development' && parsed.host === request.headers.host;
}

function parseClientEvent(data: string): ClientEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  // The rule of every request body (input-limits.ts): text PostgreSQL cannot keep is no event.
  if (unstorableTextFields(value, '').length > 0) return undefined;
  const event = value as Record<string, unknown>;
  if (event.type === 'ping') return { type: 'ping' };
  if (event.type === 'typing' && Number.isSafeInteger(event.room_id) && (event.room_id as number) > 0) {
    return { type: 'typing', room_id: event.room_id as number };
  }
  return undefined;
}

/**
 * The messenger's socket at /ws on the site's own port (@fastify/websocket over `ws`). It only
 * pushes: everything a client says that must be kept goes through the API, is stored, and is
 * then published through the realtime fan-out to every process, which hands it to the sockets
 * it holds for the people concerned. Clients may send typing signals and pings.
 */
export async function registerChatSocket(app: FastifyInstance, options: SocketOptions = {}): Promise<void> {
  const { realtime } = app.services.platform;
  const chat = app.services.chat;
  const connections = new Map<number, Set<Connection>>();

  await app.register(fastifyWebsocket, {
    // A frame over the limit closes the socket with 1009 before it is read whole.
    options: { maxPayload: SOCKET_MAX_FRAME_BYTES, perMessageDeflate: false },
    // A client breaking the protocol (a frame over the limit, a bad close code, text that is not
    // UTF-8) is the client's fault and worth a warning; anything else is ours and an error.
    errorHandler(error, socket, request) {
      if (isClientProtocolError(error)) request.log.warn({ err: error, userId: request.currentUser?.id }, 'socket closed: bad frame');
      else request.log.error({ err: error }, 'socket failed');
      socket.terminate();
    },
    // Restarting: clients reconnect (to this or another instance) and catch up from the API.
    preClose(done) {
      for (const set of connections.values()) for (const connection of set) connection.socket.close(CLOSE.restart, 'restart');
      done();
    },
  });

  // The messenger pushes to people with no open socket here (server/platform/presence.ts).
  const unregisterPresence = app.services.platform.presence.register((userId) => connections.has(userId));

  const unsubscribe = realtime.subscribe(({ userIds, event }) => {
    const frame = JSON.stringify(event);
    for (const userId of userIds) {
      for (const connection of connections.get(userId) ?? []) {
        if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(frame);
      }
    }
  });

  // Every other heartbeat the sockets' sessions are checked in one query: signing out (or out
  // everywhere, or a password change) closes the sockets of the ended sessions within a minute.
  let ticks = 0;
  async function closeEndedSessions() {
    const all = [...connections.values()].flatMap((set) => [...set]);
    const live = await app.services.auth.liveSessionIds([...new Set(all.map((connection) => connection.sessionId))]);
    for (const connection of all) if (!live.has(connection.sessionId)) connection.socket.close(CLOSE.sessionEnded, 'session ended');
  }

  const heartbeat = setInterval(() => {
    ticks += 1;
    if (ticks % 2 === 0) {
      closeEndedSessions().catch((error: unknown) => app.log.warn({ err: error }, 'socket session check failed'));
    }
    for (const set of connections.values()) {
      for (const connection of set) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
      }
    }
  }, options.heartbeatMs ?? 25_000);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    unregisterPresence();
  });

  const send = (connection: Connection, event: ServerEvent) => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(event));
  };
  const sendError = (connection: Connection, code: string) =>
    send(connection, { type: 'error', code, message: translate(connection.locale, `messenger.socket.${code}`) });

  async function onFrame(connection: Connection, data: string) {
    const now = Date.now();
    if (now - connection.windowStart > FRAME_WINDOW_MS) {
      connection.windowStart = now;
      connection.frames = 0;
    }
    connection.frames += 1;
    if (connection.frames > FRAME_LIMIT) {
      connection.socket.close(CLOSE.policy, 'too many frames');
      return;
    }
    const event = parseClientEvent(data);
    if (!event) return sendError(connection, 'bad_frame');
    if (event.type === 'ping') return send(connection, { type: 'pong' });
    try {
      await chat.typing(connection.userId, event.room_id);
    } catch (error) {
      if (AppError.is(error)) return sendError(connection, error.code === 'too_many_requests' ? 'too_many' : 'not_member');
      app.log.warn({ err: error }, 'socket frame failed');
    }
  }

  app.get(
    SOCKET_PATH,
    {
      websocket: true,
      // Refused before the upgrade, with the API's JSON error: no session, or a foreign origin.
      preValidation: async (request) => {
        if (!request.currentUser) throw new AppError('unauthenticated');
        if (!originAllowed(request)) throw new AppError('forbidden');
      },
    },
    (socket, request) => {
      const current = request.currentUser!;
      const connection: Connection = {
        socket,
        userId: current.id,
        sessionId: current.session.id,
        locale: request.locale,
        alive: true,
        frames: 0,
        windowStart: Date.now(),
      };
      let set = connections.get(current.id);
      if (!set) connections.set(current.id, (set = new Set()));
      // A Set keeps the order of adding: the first ones are the oldest.
      for (const oldest of set) {
        if (set.size < MAX_SOCKETS_PER_ACCOUNT) break;
        set.delete(oldest);
        oldest.socket.close(CLOSE.replaced, 'too many sockets');
      }
      set.add(connection);

      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (data, isBinary) => {
        connection.alive = true;
        if (isBinary) return sendError(connection, 'bad_frame');
        void onFrame(connection, data.toString());
      });
      socket.on('error', () => socket.terminate());
      socket.on('close', () => {
        set.delete(connection);
        if (set.size === 0) connections.delete(current.id);
      });

      // Both badges' counts (messages, and the notification centre's bell) come with the greeting.
      Promise.all([chat.unreadTotal(current), app.services.notifications.unreadCount(current)])
        .then(([total, notifications]) =>
          send(connection, { type: 'ready', user_id: current.id, unread_total: total, notifications_unread: notifications }),
        )
        .catch((error: unknown) => app.log.warn({ err: error }, 'socket ready failed'));
    },
  );
}

/** `ws` names the protocol faults of the other side with WS_ERR_* codes (RangeError or Error). */
export function isClientProtocolError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('WS_ERR_');
}
