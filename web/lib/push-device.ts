import type { Static } from 'typebox';
import type { PushMessageReply, PushPublicKeyReply, PushSubscriptionReply } from '../../server/modules/push/push.schemas';
import { apiRequest } from './api-client';

// The push calls live here rather than in api-client's `api`, which every page loads first: only the
// settings page and the saved-search dialog (lazy) need them. Quiet: the toggle says what went wrong.
const pushApi = {
  publicKey: () => apiRequest<Static<typeof PushPublicKeyReply>>('GET', '/push/public-key', { silent: true }),
  save: (subscription: PushSubscriptionJSON) =>
    apiRequest<Static<typeof PushSubscriptionReply>>('POST', '/push-subscriptions', { body: subscription, silent: true }),
  remove: (endpoint: string) =>
    apiRequest<Static<typeof PushMessageReply>>('DELETE', '/push-subscriptions', { body: { endpoint }, silent: true }),
};

/** Where this device stands: no Web Push in the browser, notifications blocked, or a subscription or none. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The site's worker; registered here when the page's own registration (production, after load) has not run. */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks the person's permission, subscribes with the site's key and tells the server about this device. */
export async function turnPushOn(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const registration = await workerRegistration();
  const key = bytesOf((await pushApi.publicKey()).data.public_key);
  let subscription = await registration.pushManager.getSubscription();
  // Made with another key (the site's keys changed): a new one is needed.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await pushApi.save(subscription.toJSON());
  return 'on';
}

/** Forgets this device on the server and in the browser. */
export async function turnPushOff(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await pushApi.remove(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return 'off';
}
