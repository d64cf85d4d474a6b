// @vitest-environment happy-dom
import { type Mock, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import { ApiError, api, apiRequest, configureApiClient, errorMessage } from './api-client';
import { globalErrorStore } from './global-error';
import { createI18n } from './i18n';
import { ERROR_TOAST_MS, toastStore } from './toasts';

const i18n = createI18n('en', { en });
const t = (key: string, params?: Record<string, string | number>) => i18n.t(key, params);

interface FakeResponse {
  ok: boolean;
  status: number;
  text: () => Promise<string>;
}
function respond(status: number, body?: unknown): FakeResponse {
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => (body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)),
  };
}

let fetchMock: Mock<(url: string, init: RequestInit) => Promise<FakeResponse>>;
let navigate: Mock<(to: string) => void>;
let locale: string;

function stubFetch(result: FakeResponse | Error) {
  fetchMock = vi.fn(async (_url: string, _init: RequestInit) => {
    if (result instanceof Error) throw result;
    return result;
  });
  vi.stubGlobal('fetch', fetchMock);
}

function sentHeaders(): Record<string, string> {
  return (fetchMock.mock.calls.at(-1)![1] as RequestInit).headers as Record<string, string>;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  vi.useFakeTimers();
  toastStore.set([]);
  globalErrorStore.set(null);
  navigate = vi.fn<(to: string) => void>();
  locale = 'en';
  configureApiClient({ t, locale: () => locale, navigate });
});

afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; Path=/; Max-Age=0';
  window.history.replaceState(null, '', '/');
});

describe('errorMessage', () => {
  it('gives the network-check text for status 0 (no response)', () => {
    expect(errorMessage(0, undefined, t)).toBe(en.errors.network);
  });

  it("gives the server's message for 400", () => {
    expect(errorMessage(400, { message: 'Price is too high.' }, t)).toBe('Price is too high.');
  });

  it('gives the default bad-request text for 400 without a server message', () => {
    expect(errorMessage(400, undefined, t)).toBe('The request was not valid.');
    expect(errorMessage(400, {}, t)).toBe('The request was not valid.');
  });

  it('gives the session-expired text for 401, whatever the server says', () => {
    expect(errorMessage(401, { message: 'Unauthenticated.' }, t)).toBe('Session has expired. Please log in again.');
  });

  it('gives access denied for 403', () => {
    expect(errorMessage(403, undefined, t)).toBe('Access denied.');
  });

  it('gives the not-found text for 404', () => {
    expect(errorMessage(404, undefined, t)).toBe('Not found.');
  });

  it('gives server error, try later, for 500', () => {
    expect(errorMessage(500, { message: 'boom' }, t)).toBe('Server error. Please try again later.');
  });

  it("gives 'Error 418' for another status without a server message", () => {
    expect(errorMessage(418, undefined, t)).toBe('Error 418');
  });

  it("gives the server's message for another status when there is one", () => {
    expect(errorMessage(429, { message: 'Too many attempts. Please wait before retrying.' }, t)).toBe(
      'Too many attempts. Please wait before retrying.',
    );
  });

  it('appends the field errors', () => {
    const data = {
      message: 'Please check the highlighted fields.',
      errors: { email: ['The email must be a valid email address.'], password: ['Field is required', 'Too short.'] },
    };
    expect(errorMessage(400, data, t)).toBe(
      'Please check the highlighted fields. The email must be a valid email address. Field is required Too short.',
    );
    expect(errorMessage(418, { errors: { name: ['Field is required'] } }, t)).toBe('Error 418 Field is required');
  });

  it('appends nothing for an empty field-error map', () => {
    expect(errorMessage(400, { message: 'Bad.', errors: {} }, t)).toBe('Bad.');
  });
});

describe('apiRequest', () => {
  it('calls /api with credentials and gives the parsed JSON of a successful response', async () => {
    stubFetch(respond(200, { data: [1, 2] }));
    await expect(apiRequest('GET', '/cities')).resolves.toEqual({ data: [1, 2] });
    expect(fetchMock).toHaveBeenCalledWith('/api/cities', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('gives undefined for an empty successful response', async () => {
    stubFetch(respond(204));
    await expect(apiRequest('POST', '/logout')).resolves.toBeUndefined();
  });

  it('sends Accept-Language with the configured locale', async () => {
    locale = 'ru';
    stubFetch(respond(200, {}));
    await apiRequest('GET', '/regions');
    expect(sentHeaders()['Accept-Language']).toBe('ru');
    expect(sentHeaders().Accept).toBe('application/json');
  });

  it('sends a JSON body with its content type', async () => {
    stubFetch(respond(200, {}));
    await apiRequest('POST', '/search-hint', { body: { query: 'sofa' } });
    const init = fetchMock.mock.calls.at(-1)![1] as RequestInit;
    expect(init.body).toBe('{"query":"sofa"}');
    expect(sentHeaders()['Content-Type']).toBe('application/json');
  });

  it('sends form data as it is, without a JSON content type', async () => {
    stubFetch(respond(200, {}));
    const form = new FormData();
    form.append('name', 'Sofa');
    await apiRequest('POST', '/product', { body: form });
    const init = fetchMock.mock.calls.at(-1)![1] as RequestInit;
    expect(init.body).toBe(form);
    expect(sentHeaders()['Content-Type']).toBeUndefined();
  });

  it('sends X-XSRF-TOKEN from the XSRF-TOKEN cookie on POST', async () => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('abc=123/xyz')}; Path=/`;
    stubFetch(respond(200, {}));
    await apiRequest('POST', '/wishes', { body: {} });
    expect(sentHeaders()['X-XSRF-TOKEN']).toBe('abc=123/xyz');
  });

  it('sends X-XSRF-TOKEN on PATCH and DELETE too', async () => {
    document.cookie = 'XSRF-TOKEN=tok; Path=/';
    for (const method of ['PATCH', 'DELETE', 'PUT']) {
      stubFetch(respond(200, {}));
      await apiRequest(method, '/x');
      expect(sentHeaders()['X-XSRF-TOKEN']).toBe('tok');
    }
  });

  it('does not send X-XSRF-TOKEN on GET', async () => {
    document.cookie = 'XSRF-TOKEN=tok; Path=/';
    stubFetch(respond(200, {}));
    await apiRequest('GET', '/cities');
    expect(sentHeaders()['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('sends X-XSRF-TOKEN on the GETs that change state: impersonation takes and leaves', async () => {
    document.cookie = 'XSRF-TOKEN=tok; Path=/';
    for (const call of [() => api.impersonateTake(7), () => api.impersonateLeave()]) {
      stubFetch(respond(200, { message: 'ok' }));
      await call();
      const [url, init] = fetchMock.mock.calls.at(-1)!;
      expect(url).toMatch(/^\/api\/impersonate\/(take\/7|leave)$/);
      expect(init.method).toBe('GET');
      expect(sentHeaders()['X-XSRF-TOKEN']).toBe('tok');
    }
  });

  it('fetches the CSRF cookie first when there is none, and sends no token if it still has none', async () => {
    stubFetch(respond(200, {}));
    await apiRequest('POST', '/logout');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/sanctum/csrf-cookie');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/logout');
    expect((fetchMock.mock.calls[1]![1].headers as Record<string, string>)['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('takes a fresh token once after a 419 (the token changes at every sign-in), and fails if that is refused too', async () => {
    document.cookie = 'XSRF-TOKEN=old; Path=/';
    const answers = [respond(419, { message: 'x', code: 'csrf_mismatch' }), respond(204), respond(200, { ok: true })];
    fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/sanctum/csrf-cookie') document.cookie = 'XSRF-TOKEN=new; Path=/';
      return answers.shift()!;
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiRequest('PATCH', '/theme', { body: { theme_dark: true } })).toEqual({ ok: true });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/theme', '/api/sanctum/csrf-cookie', '/api/theme']);
    expect(sentHeaders()['X-XSRF-TOKEN']).toBe('new');

    stubFetch(respond(419, { message: 'x', code: 'csrf_mismatch' }));
    expect((await failure(apiRequest('PATCH', '/theme', { body: {}, silent: true }))).status).toBe(419);
    expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/theme')).toHaveLength(2);
  });

  it('shows a failed call as an error toast that lasts 5000 ms (ERROR_TOAST_MS)', async () => {
    stubFetch(respond(500, { message: 'boom', code: 'internal' }));
    await failure(apiRequest('GET', '/cities'));
    expect(toastStore.get()).toEqual([
      expect.objectContaining({ icon: 'error', message: 'Server error. Please try again later.', timer: ERROR_TOAST_MS }),
    ]);
    expect(ERROR_TOAST_MS).toBe(5000);
    vi.advanceTimersByTime(4999);
    expect(toastStore.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.get()).toEqual([]);
  });

  it('sets the global error, which clears after 5000 ms', async () => {
    stubFetch(respond(403, { message: 'nope', code: 'forbidden' }));
    await failure(apiRequest('GET', '/admin/blog/statuses'));
    expect(globalErrorStore.get()).toBe('Access denied.');
    vi.advanceTimersByTime(4999);
    expect(globalErrorStore.get()).toBe('Access denied.');
    vi.advanceTimersByTime(1);
    expect(globalErrorStore.get()).toBeNull();
  });

  it('rejects with an ApiError carrying the status, the server data and the message', async () => {
    const data = { message: 'Please check the highlighted fields.', code: 'validation_failed', errors: { phone: ['Too short.'] } };
    stubFetch(respond(422, data));
    const error = await failure(apiRequest('PATCH', '/profile', { body: { phone: '1' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(422);
    expect(error.data).toEqual(data);
    expect(error.message).toBe('Please check the highlighted fields. Too short.');
  });

  it('navigates to /login?redirectTo=… on 401', async () => {
    window.history.replaceState(null, '', '/my-showcase');
    stubFetch(respond(401, { message: 'Unauthenticated.', code: 'unauthenticated' }));
    const error = await failure(apiRequest('GET', '/user-products'));
    expect(error.status).toBe(401);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login?redirectTo=%2Fmy-showcase');
    expect(toastStore.get()[0].message).toBe('Session has expired. Please log in again.');
  });

  it('navigates to /not-found on 404', async () => {
    stubFetch(respond(404, { message: 'No such ad.', code: 'not_found' }));
    await failure(apiRequest('GET', '/product/abc'));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/not-found');
  });

  it('does not navigate on other errors', async () => {
    for (const status of [400, 403, 418, 500]) {
      stubFetch(respond(status));
      await failure(apiRequest('GET', '/x'));
    }
    expect(navigate).not.toHaveBeenCalled();
  });

  it("gives 'Error {status}' for a non-JSON error body", async () => {
    stubFetch(respond(502, '<html>Bad Gateway</html>'));
    const error = await failure(apiRequest('GET', '/cities'));
    expect(error.status).toBe(502);
    expect(error.data).toBeUndefined();
    expect(error.message).toBe('Error 502');
  });

  it('shows nothing, sets no global error and does not navigate with silent: true', async () => {
    stubFetch(respond(401, { message: 'Unauthenticated.', code: 'unauthenticated' }));
    const error = await failure(apiRequest('GET', '/user', { silent: true }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Session has expired. Please log in again.');
    expect(toastStore.get()).toEqual([]);
    expect(globalErrorStore.get()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('gives status 0 with the network message when fetch rejects', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await failure(apiRequest('GET', '/cities'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.data).toBeUndefined();
    expect(error.message).toBe(en.errors.network);
    expect(toastStore.get()).toEqual([expect.objectContaining({ icon: 'error', message: en.errors.network, timer: 5000 })]);
    expect(globalErrorStore.get()).toBe(en.errors.network);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('passes an abort through as it is, without a toast', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(abort);
    const controller = new AbortController();
    const error = await failure(apiRequest('GET', '/cities', { signal: controller.signal }));
    expect(error).toBe(abort);
    expect(fetchMock.mock.calls.at(-1)![1]).toEqual(expect.objectContaining({ signal: controller.signal }));
    expect(toastStore.get()).toEqual([]);
  });

  it('shows the unknown-error message when the answer breaks off while arriving', async () => {
    stubFetch({ ok: true, status: 200, text: () => Promise.reject(new TypeError('terminated')) });
    const error = await failure(apiRequest('GET', '/cities'));
    expect(error.message).toBe(en.errors.unknown);
    expect(toastStore.get()).toEqual([expect.objectContaining({ icon: 'error', message: en.errors.unknown })]);
  });
});
