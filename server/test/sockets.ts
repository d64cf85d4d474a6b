import WebSocket from 'ws';
import type { ServerEvent } from '../../common/chat.ts';

/** A test client of the messenger's socket: it keeps every event and waits for the ones a test expects. */
export interface TestSocket {
  socket: WebSocket;
  events: ServerEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next<T extends ServerEvent['type']>(
    type: T,
    match?: (event: Extract<ServerEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerEvent, { type: T }>>;
  /** Resolves when the socket has closed, with its close code. */
  closed: Promise<number>;
  close(): void;
}

export function openSocket(url: string, headers: Record<string, string>, options: { autoPong?: boolean } = {}): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, autoPong: options.autoPong ?? true });
    const events: ServerEvent[] = [];
    const waiters: { test: (event: ServerEvent) => boolean; resolve: (event: ServerEvent) => void }[] = [];
    const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as ServerEvent;
      events.push(event);
      for (const waiter of [...waiters]) {
        if (waiter.test(event)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    });
    socket.once('unexpected-response', (_request, response) => reject(new Error(`socket refused: ${response.statusCode}`)));
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        events,
        closed,
        close: () => socket.close(),
        next(type, match = () => true, timeoutMs = 5000) {
          type Wanted = Extract<ServerEvent, { type: typeof type }>;
          const test = (event: ServerEvent) => event.type === type && match(event as Wanted);
          const seen = events.find(test);
          if (seen) return Promise.resolve(seen as Wanted);
          return new Promise<Wanted>((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`no ${type} event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)),
              timeoutMs,
            );
            waiters.push({
              test,
              resolve: (event) => {
                clearTimeout(timer);
                done(event as Wanted);
              },
            });
          });
        },
      }),
    );
  });
}

/** The HTTP status a refused upgrade answered with. */
export function refusedStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      socket.close();
      reject(new Error('the socket opened'));
    });
    socket.once('error', () => undefined);
  });
}
