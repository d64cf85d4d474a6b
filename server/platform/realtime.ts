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
 * A word between the app's processes themselves, never handed to a socket: "read the settings
 * again", "ads changed: forget the listings and pages that may show them", or "the category tree
 * changed: read it again and forget the pages".
 */
export interface ProcessNotice {
  topic: 'settings_changed' | 'ads_changed' | 'catalog_changed';
}

export type NoticeListener = (notice: ProcessNotice) => void;

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
  /** Tells every process (this one included) something about shared state; best effort like deliveries. */
  notify(notice: ProcessNotice): Promise<void>;
  /** Listens to every notice; returns the unsubscribe. */
  onNotice(listener: NoticeListener): () => void;
  close(): Promise<void>;
}

export function createMemoryRealtime(): Realtime {
  const listeners = new Set<DeliveryListener>();
  const noticeListeners = new Set<NoticeListener>();
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
    async notify(notice) {
      for (const listener of noticeListeners) listener(notice);
    },
    onNotice(listener) {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    async close() {
      listeners.clear();
      noticeListeners.clear();
    },
  };
}

type Envelope = (Delivery | { notice: ProcessNotice }) & {
  /** The publishing process: it has delivered locally already and skips its own echo. */
  origin: string;
};

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
  const noticeListeners = new Set<NoticeListener>();
  const subscriber = publisher.duplicate();
  const deliver = (delivery: Delivery) => {
    for (const listener of listeners) listener(delivery);
  };
  const announce = (notice: ProcessNotice) => {
    for (const listener of noticeListeners) listener(notice);
  };
  const send = async (envelope: Envelope) => {
    try {
      await publisher.publish(channel, JSON.stringify(envelope));
    } catch (error) {
      // What it says is stored; the other instances' clients catch up when they next fetch.
      log('realtime publish failed', { err: error });
    }
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
    if ('notice' in envelope) announce(envelope.notice);
    else deliver({ userIds: envelope.userIds, event: envelope.event });
  });
  const ready = subscriber.subscribe(channel);
  return {
    driver: 'redis',
    ready: async () => {
      await ready;
    },
    async publish(delivery) {
      deliver(delivery);
      await send({ ...delivery, origin });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async notify(notice) {
      announce(notice);
      await send({ notice, origin });
    },
    onNotice(listener) {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    async close() {
      listeners.clear();
      noticeListeners.clear();
      await ready.catch(() => undefined);
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
