import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ServerEvent } from '../../common/chat.ts';

/** One event for the sockets of these people, wherever (in which process) they are connected. */
export interface Delivery {
  userIds: number[];
  event: ServerEvent;
}

export type DeliveryListener = (delivery: Delivery) => void;

/**
 * The fan-out between processes: a service publishes an event for some people, and every
 * process hands it to the sockets it holds for them. In-process by default; Redis pub/sub when
 * REDIS_URL is set, so that two instances behind a load balancer deliver each other's messages.
 * Delivery is best effort by design: everything an event says is stored first, and a client
 * that missed one catches up from the API after it reconnects.
 */
export interface Realtime {
  driver: 'memory' | 'redis';
  /** Resolves once deliveries from other processes can arrive. */
  ready(): Promise<void>;
  publish(delivery: Delivery): Promise<void>;
  /** Listens to every delivery, this process's own included; returns the unsubscribe. */
  subscribe(listener: DeliveryListener): () => void;
  close(): Promise<void>;
}

export function createMemoryRealtime(): Realtime {
  const listeners = new Set<DeliveryListener>();
  return {
    driver: 'memory',
    ready: async () => {},
    async publish(delivery) {
      for (const listener of listeners) listener(delivery);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

interface Envelope extends Delivery {
  /** The publishing process: it has delivered locally already and skips its own echo. */
  origin: string;
}

/**
 * Redis pub/sub on one channel per site. The publishing process delivers to its own sockets at
 * once (no round trip through Redis for the common case of both people on one instance) and
 * the others receive it from Redis. A subscriber needs a connection of its own.
 */
export function createRedisRealtime(
  publisher: Redis,
  channel: string,
  log: (message: string, detail: Record<string, unknown>) => void,
): Realtime {
  const origin = crypto.randomUUID();
  const listeners = new Set<DeliveryListener>();
  const subscriber = publisher.duplicate();
  const deliver = (delivery: Delivery) => {
    for (const listener of listeners) listener(delivery);
  };
  subscriber.on('error', (error) => log('realtime subscriber error', { err: error }));
  subscriber.on('message', (_channel: string, payload: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin === origin) return;
    deliver({ userIds: envelope.userIds, event: envelope.event });
  });
  const ready = subscriber.subscribe(channel);
  return {
    driver: 'redis',
    ready: async () => {
      await ready;
    },
    async publish(delivery) {
      deliver(delivery);
      try {
        await publisher.publish(channel, JSON.stringify({ ...delivery, origin } satisfies Envelope));
      } catch (error) {
        // The message is stored; the other instances' clients catch up when they next fetch.
        log('realtime publish failed', { err: error });
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await ready.catch(() => undefined);
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
