import crypto from 'node:crypto';
import net from 'node:net';
import type { Static } from 'typebox';
import webpush from 'web-push';
import { AppError } from '../../../common/errors.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { PushRepo, PushSubscriptionRow } from './push.repo.ts';
import type { PushSubscriptionBody } from './push.schemas.ts';
import type { VapidKeys } from './push.vapid.ts';

/** What a notification shows and opens; texts are already in the recipient's language. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of this site the click opens (the ad, the room). */
  url: string;
  /** A later notification with the same tag replaces the earlier one on the device. */
  tag?: string;
}

export interface PushSendOptions {
  /** How long the push service keeps it for an offline device (default a day). */
  ttlSeconds?: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

export interface PushSendResult {
  sent: number;
  removed: number;
}

/** One push service (or more) timed out or failed on its side: the caller (a job) tries again later. */
export class PushRetryableError extends Error {
  readonly retryable = true;
  constructor(readonly failed: number) {
    super(`push failed for ${failed} subscription(s); retry later`);
    this.name = 'PushRetryableError';
  }
}

/** The request web-push prepared (encrypted body, VAPID headers), as sent over HTTP. */
export interface PushRequest {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends one prepared request and answers the push service's status; throws on timeout or a network failure. */
export type PushTransport = (request: PushRequest, timeoutMs: number) => Promise<number>;

export const fetchTransport: PushTransport = async (request, timeoutMs) => {
  const response = await fetch(request.endpoint, {
    method: 'POST',
    headers: request.headers,
    body: new Uint8Array(request.body),
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
};

export interface PushDeps {
  repo: PushRepo;
  vapid: VapidKeys;
  log: (message: string, detail: Record<string, unknown>) => void;
  transport?: PushTransport;
  /** Per push service request; short, so a slow service never holds up the queue. */
  timeoutMs?: number;
  now?: () => Date;
}

const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 5_000;
/** RFC 8291: the browser's key is an uncompressed P-256 point, the auth secret 16 bytes. */
const P256DH_BYTES = 65;
const AUTH_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * Web Push (issue 29): a person's browsers subscribe (one row per endpoint), and the app sends
 * them encrypted notifications (RFC 8291) signed with the site's VAPID key (RFC 8292).
 * Rules:
 * - an endpoint is an https URL with a host name (no address literal, no localhost): the server
 *   posts to it, so it must not be a way to reach the server's own network;
 * - the keys are a real P-256 point and a 16-byte secret, or the subscription is refused (422);
 * - a push service answering 404 or 410 has forgotten the subscription: it is removed;
 * - a timeout, a network failure, 429 or 5xx is worth trying again later (PushRetryableError);
 *   any other refusal is logged and dropped.
 */
export function createPushService(deps: PushDeps) {
  const { repo, vapid, log } = deps;
  const transport = deps.transport ?? fetchTransport;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = deps.now ?? (() => new Date());

  function checkSubscription(input: Static<typeof PushSubscriptionBody>): void {
    const fields: ConstructorParameters<typeof AppError>[2] = {};
    if (!isAllowedEndpoint(input.endpoint)) fields.endpoint = [{ key: 'push.errors.endpoint' }];
    if (!isP256Point(input.keys.p256dh)) fields['keys.p256dh'] = [{ key: 'push.errors.p256dh' }];
    if (decodedLength(input.keys.auth) !== AUTH_BYTES) fields['keys.auth'] = [{ key: 'push.errors.auth' }];
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', {}, fields);
  }

  async function sendOne(
    subscription: PushSubscriptionRow,
    payload: string,
    options: PushSendOptions,
  ): Promise<'sent' | 'gone' | 'retry' | 'dropped'> {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: vapid,
          TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
          urgency: options.urgency ?? 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (error) {
      // Nothing a retry would change (keys the checks let through, a payload too large): the other devices still get theirs.
      log('push could not be prepared', { err: error, subscriptionId: subscription.id });
      return 'dropped';
    }
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    let status: number;
    try {
      status = await transport({ endpoint: details.endpoint, headers, body: details.body as Buffer }, timeoutMs);
    } catch (error) {
      log('push request failed', { err: error, subscriptionId: subscription.id });
      return 'retry';
    }
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    if (status === 429 || status >= 500) {
      log('push service answered an error', { status, subscriptionId: subscription.id });
      return 'retry';
    }
    log('push refused', { status, subscriptionId: subscription.id });
    return 'dropped';
  }

  return {
    publicKey: () => vapid.publicKey,

    /** POST /push-subscriptions: this browser, for the signed-in person (another person's endpoint passes to them). */
    async subscribe(current: CurrentUser, input: Static<typeof PushSubscriptionBody>, userAgent: string | undefined) {
      checkSubscription(input);
      const row = await repo.upsert(current.id, {
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: userAgent?.slice(0, 400) ?? null,
      });
      return { endpoint: row.endpoint, created_at: row.createdAt.toISOString() };
    },

    /** DELETE /push-subscriptions: only one's own; an endpoint already gone is fine (the browser may retry). */
    async unsubscribe(current: CurrentUser, endpoint: string): Promise<void> {
      await repo.removeOwn(current.id, endpoint);
    },

    hasSubscriptions: (userId: number) => repo.hasAny(userId),

    /**
     * Sends to every browser of the person, all at once. Gone subscriptions are removed; when any
     * push service failed in a way worth retrying, throws PushRetryableError after the others went
     * out (a retry may then reach a device twice; the tag makes the second replace the first).
     */
    async send(userId: number, payload: PushPayload, options: PushSendOptions = {}): Promise<PushSendResult> {
      const subscriptions = await repo.listFor(userId);
      if (subscriptions.length === 0) return { sent: 0, removed: 0 };
      const body = JSON.stringify({
        title: payload.title,
        body: payload.body,
        url: payload.url,
        ...(payload.tag ? { tag: payload.tag } : {}),
      });
      const outcomes = await Promise.all(
        subscriptions.map(async (subscription) => ({ subscription, outcome: await sendOne(subscription, body, options) })),
      );
      const gone = outcomes.filter((o) => o.outcome === 'gone');
      for (const { subscription } of gone) await repo.remove(subscription.id);
      const sent = outcomes.filter((o) => o.outcome === 'sent').map((o) => o.subscription.id);
      await repo.markUsed(sent, now());
      const failed = outcomes.filter((o) => o.outcome === 'retry').length;
      if (failed > 0) throw new PushRetryableError(failed);
      return { sent: sent.length, removed: gone.length };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;

function decodedLength(value: string): number {
  return BASE64URL.test(value) ? Buffer.from(value, 'base64url').length : -1;
}

/** An uncompressed point that really lies on P-256 (Node refuses any other when it imports the key). */
function isP256Point(value: string): boolean {
  if (decodedLength(value) !== P256DH_BYTES) return false;
  const point = Buffer.from(value, 'base64url');
  if (point[0] !== 0x04) return false;
  try {
    crypto.createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** https with a real host name: not an address literal, not localhost, no credentials. */
export function isAllowedEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(host) !== 0) return false;
  return (
    host.includes('.') && host !== 'localhost' && !host.endsWith('.localhost') && !host.endsWith('.local') && !host.endsWith('.internal')
  );
}
