// One load-generator thread of bench/chat.ts: it holds the sockets of both members of its rooms,
// sends paced messages through the HTTP API and times each one until the other member's socket
// has it. Both members of a room live in the same thread, so one clock times every message.
import crypto from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

export interface Member {
  userId: number;
  token: string;
  /** The app process (port) this member's socket and sends go to. */
  port: number;
}

export interface LoadRoom {
  roomId: number;
  members: [Member, Member];
}

export interface LoadInput {
  rooms: LoadRoom[];
}

/** From the orchestrator: send at `rate` messages a second for warm-up plus window, then drain. */
export interface StartCommand {
  type: 'start';
  rate: number;
  warmupMs: number;
  windowMs: number;
  drainMs: number;
  maxInFlight: number;
}

export interface LoadResult {
  type: 'result';
  /** Delivery latencies (ms) of the messages whose send started inside the window. */
  latencies: number[];
  /** HTTP response times (ms) of the same messages. */
  httpLatencies: number[];
  sent: number;
  delivered: number;
  /** Sent in the window, answered 201, but the other socket never saw it within the drain time. */
  undelivered: number;
  httpErrors: Record<string, number>;
  /** Sends skipped because too many were in flight (the server is far behind). */
  skipped: number;
  /** Event-loop utilisation of this thread over the window, 0–1. */
  elu: number;
  /** Event-loop delay p99 over the window, ms. */
  loopDelayP99: number;
  /** Sockets that closed during the run. */
  socketsClosed: number;
}

interface Pending {
  started: number;
  receiver: number;
  inWindow: boolean;
  answeredAt?: number;
  deliveredAt?: number;
  /** HTTP status other than 201, or the network error. */
  error?: string;
}

const { rooms } = workerData as LoadInput;
const port = parentPort!;

const agents = new Map<number, http.Agent>();
const agentFor = (p: number) => {
  let agent = agents.get(p);
  if (!agent) agents.set(p, (agent = new http.Agent({ keepAlive: true, maxSockets: 128 })));
  return agent;
};

const pending = new Map<string, Pending>();
let socketsClosed = 0;
let stopping = false;
const sockets: WebSocket[] = [];

function onFrame(userId: number, data: WebSocket.RawData) {
  const text = data.toString();
  // Only message events matter; the unread totals and the sender's own copy are skipped cheaply.
  if (!text.startsWith('{"type":"message"')) return;
  const event = JSON.parse(text) as { message: { client_id: string } };
  const entry = pending.get(event.message.client_id);
  if (!entry || entry.receiver !== userId || entry.deliveredAt !== undefined) return;
  entry.deliveredAt = performance.now();
}

function connect(member: Member): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${member.port}/ws`, {
      headers: { authorization: `Bearer ${member.token}` },
      perMessageDeflate: false,
    });
    let ready = false;
    socket.on('message', (data) => {
      if (!ready) {
        if (data.toString().startsWith('{"type":"ready"')) {
          ready = true;
          resolve();
        }
        return;
      }
      onFrame(member.userId, data);
    });
    socket.on('error', (error) => {
      if (!ready) reject(error);
    });
    socket.on('close', () => {
      if (!ready) reject(new Error(`socket of user ${member.userId} closed before ready`));
      else if (!stopping) socketsClosed += 1;
    });
    sockets.push(socket);
  });
}

async function connectAll(): Promise<void> {
  const members = rooms.flatMap((room) => room.members);
  let next = 0;
  const lane = async () => {
    while (next < members.length) await connect(members[next++]!);
  };
  await Promise.all(Array.from({ length: 25 }, lane));
}

function send(room: LoadRoom, sender: Member, receiver: Member, inWindow: boolean, done: () => void): void {
  const clientId = crypto.randomUUID();
  const body = JSON.stringify({ text: `bench ${clientId.slice(0, 8)}`, client_id: clientId });
  const entry: Pending = { started: performance.now(), receiver: receiver.userId, inWindow };
  pending.set(clientId, entry);
  const request = http.request(
    {
      host: '127.0.0.1',
      port: sender.port,
      method: 'POST',
      path: `/api/chat-room/${room.roomId}/messages`,
      agent: agentFor(sender.port),
      headers: {
        authorization: `Bearer ${sender.token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    },
    (response) => {
      response.resume();
      response.on('end', () => {
        entry.answeredAt = performance.now();
        if (response.statusCode !== 201) entry.error = String(response.statusCode);
        done();
      });
    },
  );
  request.on('error', (error) => {
    entry.error = error.message;
    done();
  });
  request.end(body);
}

async function run(command: StartCommand): Promise<LoadResult> {
  const turn = new Map<number, number>();
  let cursor = 0;
  let scheduled = 0;
  let skipped = 0;
  let inFlight = 0;
  const answered = () => {
    inFlight -= 1;
  };
  const start = performance.now();
  const windowStart = start + command.warmupMs;
  const windowEnd = windowStart + command.windowMs;
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  let eluStart: ReturnType<typeof performance.eventLoopUtilization> | undefined;
  let elu = 0;

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (!eluStart && now >= windowStart) {
        eluStart = performance.eventLoopUtilization();
        loopDelay.enable();
      }
      if (now >= windowEnd) {
        if (eluStart) elu = performance.eventLoopUtilization(eluStart).utilization;
        loopDelay.disable();
        resolve();
        return;
      }
      // Open loop: as many sends as the schedule says by now, whatever the answers.
      const due = Math.floor(((now - start) * command.rate) / 1000) - scheduled;
      for (let i = 0; i < due; i++) {
        scheduled += 1;
        const room = rooms[cursor++ % rooms.length]!;
        const side = turn.get(room.roomId) ?? 0;
        turn.set(room.roomId, 1 - side);
        if (inFlight >= command.maxInFlight) {
          if (now >= windowStart) skipped += 1;
          continue;
        }
        inFlight += 1;
        send(room, room.members[side]!, room.members[1 - side]!, now >= windowStart, answered);
      }
      setTimeout(tick, 1);
    };
    tick();
  });

  // The window's messages get a while longer to arrive.
  const drainEnd = performance.now() + command.drainMs;
  while (performance.now() < drainEnd) {
    let open = 0;
    for (const entry of pending.values()) if (entry.inWindow && !entry.error && entry.deliveredAt === undefined) open += 1;
    if (open === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }

  const latencies: number[] = [];
  const httpLatencies: number[] = [];
  const httpErrors: Record<string, number> = {};
  let sent = 0;
  let delivered = 0;
  let undelivered = 0;
  for (const entry of pending.values()) {
    if (!entry.inWindow) continue;
    sent += 1;
    if (entry.error) {
      httpErrors[entry.error] = (httpErrors[entry.error] ?? 0) + 1;
      continue;
    }
    if (entry.answeredAt !== undefined) httpLatencies.push(entry.answeredAt - entry.started);
    if (entry.deliveredAt !== undefined) {
      delivered += 1;
      latencies.push(entry.deliveredAt - entry.started);
    } else undelivered += 1;
  }
  return {
    type: 'result',
    latencies,
    httpLatencies,
    sent,
    delivered,
    undelivered,
    httpErrors,
    skipped,
    elu,
    loopDelayP99: loopDelay.percentile(99) / 1e6,
    socketsClosed,
  };
}

port.on('message', (message: StartCommand | { type: 'stop' }) => {
  if (message.type === 'stop') {
    stopping = true;
    for (const socket of sockets) socket.terminate();
    for (const agent of agents.values()) agent.destroy();
    port.close();
    return;
  }
  run(message).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ type: 'error', message: String(error) }),
  );
});

connectAll().then(
  () => port.postMessage({ type: 'ready', sockets: sockets.length }),
  (error: unknown) => port.postMessage({ type: 'error', message: String(error) }),
);
