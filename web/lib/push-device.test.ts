// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as { method: string; path: string; body: unknown }[]);
const PUBLIC_KEY = vi.hoisted(() => 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U');
vi.mock('./api-client', () => ({
  apiRequest: vi.fn(async (method: string, path: string, options: { body?: unknown } = {}) => {
    calls.push({ method, path, body: options.body });
    return path === '/push/public-key' ? { data: { public_key: PUBLIC_KEY } } : { message: 'ok' };
  }),
}));

const { pushState, turnPushOff, turnPushOn } = await import('./push-device');

/** A browser with Web Push: one registration whose push manager keeps one subscription. */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = permission) {
  let subscription: {
    endpoint: string;
    options: { applicationServerKey: ArrayBuffer };
    toJSON: () => unknown;
    unsubscribe: () => Promise<boolean>;
  } | null = null;
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      subscription = {
        endpoint: 'https://push.example.com/1',
        options: { applicationServerKey: options.applicationServerKey.slice().buffer },
        toJSON: () => ({ endpoint: 'https://push.example.com/1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
        unsubscribe: async () => {
          subscription = null;
          return true;
        },
      };
      return subscription;
    }),
  };
  let registered = false;
  const registration = { pushManager };
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => answer) });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => (registered ? registration : undefined),
      register: vi.fn(async () => {
        registered = true;
        return registration;
      }),
      get ready() {
        return Promise.resolve(registration);
      },
    },
  });
  return { pushManager };
}

afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe('push on this device', () => {
  it('asks permission, subscribes with the site key and sends the subscription; off deletes it', async () => {
    const { pushManager } = fakeBrowser('default', 'granted');
    expect(await pushState()).toBe('off');
    expect(await turnPushOn()).toBe('on');
    const key = pushManager.subscribe.mock.calls[0]![0].applicationServerKey;
    expect(Buffer.from(key).toString('base64url')).toBe(PUBLIC_KEY);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /push/public-key', 'POST /push-subscriptions']);
    expect(calls[1]!.body).toMatchObject({ endpoint: 'https://push.example.com/1', keys: { p256dh: 'p', auth: 'a' } });

    expect(await turnPushOff()).toBe('off');
    expect(calls[2]).toEqual({ method: 'DELETE', path: '/push-subscriptions', body: { endpoint: 'https://push.example.com/1' } });
  });

  it('a refused permission subscribes nothing', async () => {
    const { pushManager } = fakeBrowser('default', 'denied');
    expect(await turnPushOn()).toBe('denied');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });
});
