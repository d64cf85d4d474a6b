import { XSRF_COOKIE } from '../../common/cookies';
import type { Static } from 'typebox';
import type {
  AdminCatalogList,
  AdminCatalogReply,
  AdminMessageReply,
  CatalogFlatList,
  CatalogTree,
  CreateCatalogBody,
  MergeCatalogReply,
  UpdateCatalogBody,
} from '../../server/modules/catalog/catalog.schemas';
import type {
  AdminAttributeList,
  AdminAttributeListReply,
  AdminAttributeReply,
  CreateAttributeBody,
  UpdateAttributeBody,
} from '../../server/modules/attributes/attributes.schemas';
import type { CityList, RegionList } from '../../server/modules/geo/geo.schemas';
import type { AdStatus } from '../../common/ad-rules';
import type { PublicAttribute } from '../../common/attributes';
import type { HintReply, SuggestionReply } from '../../server/modules/products/products.schemas';
import type {
  CreateSavedSearchBody,
  SavedSearch,
  SavedSearchDeletedReply,
  SavedSearchListReply,
  SavedSearchQuery,
  SavedSearchReply,
  UpdateSavedSearchBody,
} from '../../server/modules/saved-searches/saved-searches.schemas';
import type { EditableAd, ManagedAd } from '../../server/modules/ads/ads.schemas';
import type { AdminProductsReply } from '../../server/modules/moderation/moderation.schemas';
import type { QueuesReply } from '../../server/modules/admin/overview.schemas';
import type { MyAdsReply } from '../../server/modules/selling/selling.schemas';
import type { ToggleWishReply, WishListReply, WishUuidsReply } from '../../server/modules/wishes/wishes.schemas';
import type { ErrorBody } from '../../common/errors';
import type { ReportReason } from '../../common/chat';
import type { RoomListReply, RoomReply, SendReply } from '../../server/modules/chat/chat.schemas';
import type { AdReportBody, AppealDecisionBody, ContactBody, ResolveBody } from '../../server/modules/reports/reports.schemas';
import type { AppSettingsPatch, AppSettingsSaved } from '../../server/modules/settings/settings.schemas';
import type { ReleaseReply } from '../../server/modules/safety/safety.schemas';
import type { InfoPageSavedView, PreviewInfoPageReply, SaveInfoPageBody } from '../../server/modules/pages/pages.schemas';
import type { CreateRoleBody, RoleReply, UpdateRoleBody } from '../../server/modules/roles/roles.schemas';
import type { AdminUserReply, CreateUserBody, UpdateUserBody } from '../../server/modules/users/users.schemas';
import type {
  AdminBlogListReply,
  AdminBlogPostReply,
  AdminBlogPostSavedReply,
  BlogCategoriesReply,
  BlogCategoryReply,
  ContentImageReply,
  NewBlogCategoryBody,
  NewBlogPostBody,
  UpdateBlogCategoryBody,
  UpdateBlogPostBody,
} from '../../server/modules/blog/blog.schemas';
import type { SynonymGroupBody, SynonymGroupList, SynonymGroupReply } from '../../server/modules/search/synonyms-admin.schemas';
import { setGlobalError } from './global-error';
import { ERROR_TOAST_MS, showToast } from './toasts';

/** What a failed call rejects with: the server's data plus the message that was shown. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: Partial<ErrorBody> | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ClientEnvironment {
  t: (key: string, params?: Record<string, string | number>) => string;
  locale: () => string;
  navigate: (to: string) => void;
}

let environment: ClientEnvironment | undefined;

/** Called once by the app shell with the translator, the current language and the router. */
export function configureApiClient(env: ClientEnvironment): void {
  environment = env;
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * The message for a failed call, as spec section 8 words it; field errors are appended.
 * Status 0 means no answer at all (network), -1 an answer that broke off (unknown error).
 */
export function errorMessage(status: number, data: Partial<ErrorBody> | undefined, t: ClientEnvironment['t']): string {
  let message: string;
  switch (status) {
    case -1:
      message = t('errors.unknown');
      break;
    case 0:
      message = t('errors.network');
      break;
    case 400:
      message = data?.message ?? t('errors.bad_request');
      break;
    case 401:
      message = t('errors.unauthenticated');
      break;
    case 403:
      message = t('errors.forbidden');
      break;
    case 404:
      message = t('errors.not_found');
      break;
    case 500:
      message = t('errors.internal');
      break;
    default:
      message = data?.message ?? t('errors.http_status', { status });
  }
  const details = data?.errors ? Object.values(data.errors).flat() : [];
  return details.length > 0 ? `${message} ${details.join(' ')}` : message;
}

export interface RequestOptions {
  body?: unknown;
  /** Handle the error yourself: no toast, no redirect. */
  silent?: boolean;
  signal?: AbortSignal;
  /**
   * The call changes state although its method is safe (the spec's GET impersonation calls): it
   * sends the CSRF token like a POST, since the server refuses it otherwise.
   */
  stateChanging?: boolean;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return send<T>(method, path, options, false);
}

async function send<T>(method: string, path: string, options: RequestOptions, retried: boolean): Promise<T> {
  const env = environment;
  // Before the app shell has configured the client, the page's own language still goes along.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': env?.locale() ?? (typeof document !== 'undefined' ? document.documentElement.lang : '') ?? 'fi',
  };
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (UNSAFE.has(method) || options.stateChanging) {
    // The first unsafe call of a visit fetches the CSRF cookie (spec: GET /sanctum/csrf-cookie).
    if (!readCookie(XSRF_COOKIE)) await fetch('/api/sanctum/csrf-cookie', { credentials: 'include' }).catch(() => undefined);
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'include',
      signal: options.signal,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return fail(0, undefined, options);
  }

  let text: string;
  try {
    text = await response.text();
  } catch {
    // The connection broke while the answer was arriving.
    return fail(-1, undefined, options);
  }
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (response.status === 419 && !retried) {
    // The token belonged to an earlier session (it changes at every sign-in): take the current one once.
    await fetch('/api/sanctum/csrf-cookie', { credentials: 'include' }).catch(() => undefined);
    return send<T>(method, path, options, true);
  }
  if (!response.ok) return fail(response.status, data as Partial<ErrorBody> | undefined, options);
  return data as T;
}

function fail(status: number, data: Partial<ErrorBody> | undefined, options: RequestOptions): never {
  const t = environment?.t ?? ((key: string) => key);
  const message = errorMessage(status, data, t);
  if (!options.silent && environment) {
    showToast({ icon: 'error', message, timer: ERROR_TOAST_MS, ...(status === 401 ? { untilSignIn: true } : {}) });
    setGlobalError(message);
    if (status === 401) environment.navigate(`/login?redirectTo=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    if (status === 404) environment.navigate('/not-found');
  }
  throw new ApiError(message, status, data);
}

/** What /login, /check2faCode and /recovery2faWithCode answer. */
export interface LoginReply {
  two_factor: boolean;
  message: string;
  user?: unknown;
}

export interface MessageReply {
  message: string;
}

/** GET /enable2fa: the QR code (an SVG our server generates), the key to type by hand and its URL. */
export interface TwoFactorSetup {
  qr_code: string;
  secret: string;
  otpauth_url: string;
}

export interface TwoFactorState {
  enabled: boolean;
  confirmed_at: string | null;
  recovery_codes_left: number;
}

export interface RecoveryCodesReply {
  message?: string;
  recovery_codes: string[];
}

/** Proof of identity for two-factor changes: the password, or a current code for accounts without one. */
export type Identity = { password: string } | { code: string };

export interface OauthAccount {
  id: number;
  provider: string;
  email: string | null;
  created_at: string;
}

/**
 * Saved searches (issue 29): the alert choices and channels, in the order the dialogs offer them.
 * The server's lists are values the web cannot import; `satisfies` keeps these to its types.
 */
export const SAVED_SEARCH_ALERTS = ['instant', 'daily', 'weekly', 'off'] as const satisfies readonly SavedSearch['alerts'][];
export const SAVED_SEARCH_CHANNELS = ['email', 'push'] as const satisfies readonly SavedSearch['channels'][number][];
export type SavedSearchAlerts = SavedSearch['alerts'];
export type SavedSearchChannel = SavedSearch['channels'][number];
export type { SavedSearch, SavedSearchQuery };

const quiet = { silent: true } as const;

/** The typed calls; each feature adds its own here as it lands. */
export const api = {
  // Account: calls whose errors the screens show beside their fields are silent (no global toast).
  check2faCode: (code: string) => apiRequest<LoginReply>('POST', '/check2faCode', { body: { code }, ...quiet }),
  recovery2faWithCode: (recovery_code: string) =>
    apiRequest<LoginReply>('POST', '/recovery2faWithCode', { body: { recovery_code }, ...quiet }),
  enable2fa: () => apiRequest<TwoFactorSetup>('GET', '/enable2fa'),
  confirm2fa: (code: string) => apiRequest<RecoveryCodesReply>('POST', '/confirm2fa', { body: { code }, ...quiet }),
  show2fa: () => apiRequest<TwoFactorState>('GET', '/show2fa', quiet),
  recoveryCodes: (identity: Identity) => apiRequest<RecoveryCodesReply>('POST', '/recovery-codes', { body: identity, ...quiet }),
  disable2fa: (identity: Identity) => apiRequest<MessageReply>('POST', '/disable2fa', { body: identity, ...quiet }),
  verifyResend: (id: number) => apiRequest<MessageReply>('POST', '/verify-resend', { body: { id }, ...quiet }),
  saveTheme: (themeDark: boolean) =>
    apiRequest<{ data: { theme_dark: boolean } }>('PATCH', '/theme', { body: { theme_dark: themeDark }, ...quiet }),
  oauthStart: (provider: string, redirectTo?: string) =>
    apiRequest<{ url: string }>('POST', `/oauth/${encodeURIComponent(provider)}`, { body: redirectTo ? { redirect_to: redirectTo } : {} }),
  oauthRevoke: (id: number) => apiRequest<MessageReply>('POST', `/oauth-revoke/${id}`),

  cities: () => apiRequest<Static<typeof CityList>>('GET', '/cities'),
  regions: () => apiRequest<Static<typeof RegionList>>('GET', '/regions'),
  catalogsTree: () => apiRequest<Static<typeof CatalogTree>>('GET', '/catalogs-tree'),
  catalogsFlatten: () => apiRequest<Static<typeof CatalogFlatList>>('GET', '/catalogs-flatten'),
  /** A catalog's fields (its own and inherited, not retired) in the reader's language (issue 26). */
  catalogAttributes: (catalogId: number, signal?: AbortSignal) =>
    apiRequest<{ data: PublicAttribute[] }>('GET', `/catalogs/${catalogId}/attributes`, { silent: true, ...(signal ? { signal } : {}) }),
  searchHint: (query: string, signal?: AbortSignal) =>
    apiRequest<Static<typeof HintReply>>('POST', '/search-hint', { body: { query }, silent: true, ...(signal ? { signal } : {}) }),
  /** Categories for a new ad's title; silent: the picker simply shows none when this fails. */
  catalogSuggestions: (title: string, signal?: AbortSignal) =>
    apiRequest<Static<typeof SuggestionReply>>('POST', '/catalog-suggestions', {
      body: { title },
      silent: true,
      ...(signal ? { signal } : {}),
    }),

  /** Multipart: avatar (one picture). */
  uploadAvatar: (form: FormData) =>
    apiRequest<{ message: string; user: { avatar: string | null } }>('POST', '/avatar', { body: form, ...quiet }),
  removeAvatar: () => apiRequest<{ user: { avatar: string | null } }>('DELETE', '/avatar'),

  // Selling (spec section 7, the seller's Products calls). Forms show field errors themselves: quiet.
  /** Multipart: name, description, price, city_id, catalog_id, address, files (0–10). */
  createProduct: (form: FormData) => apiRequest<{ message: string; data: ManagedAd }>('POST', '/product', { body: form, ...quiet }),
  /** Only the fields given change. */
  updateProduct: (
    productUuid: string,
    /** `attributes`: the category fields' values as JSON text (issue 26). */
    fields: Partial<Record<'name' | 'description' | 'price' | 'city_id' | 'catalog_id' | 'address' | 'kind' | 'attributes', string>>,
  ) => apiRequest<{ message: string; data: ManagedAd }>('PATCH', '/product', { body: { productUuid, ...fields }, ...quiet }),
  editableProduct: (uuid: string) => apiRequest<{ data: EditableAd }>('GET', `/product/${encodeURIComponent(uuid)}/edit`),
  deleteProduct: (uuid: string) => apiRequest<MessageReply>('DELETE', `/product/${encodeURIComponent(uuid)}`),
  /** The seller's number behind "show number" (only when they show it; never to robots). */
  sellerPhone: (uuid: string) => apiRequest<{ data: { phone: string } }>('POST', `/product/${encodeURIComponent(uuid)}/phone`),
  /** Multipart: productUuid, files. */
  addProductImages: (form: FormData) =>
    apiRequest<{ message: string; data: EditableAd['images'] }>('POST', '/product-images', { body: form, ...quiet }),
  deleteProductImage: (productUuid: string, imageUuid: string) =>
    apiRequest<MessageReply>('POST', '/delete-product-images', { body: { productUuid, imageUuid } }),
  reorderProductImages: (productUuid: string, order: string[]) =>
    apiRequest<MessageReply>('POST', '/product-images/order', { body: { productUuid, order } }),
  changeProductStatus: (id: number | string, status: AdStatus, reason?: string) =>
    apiRequest<{ message: string; data: { id: number; uuid: string; status: AdStatus } }>('PATCH', '/product/change-status', {
      body: reason === undefined ? { id, status } : { id, status, reason },
    }),
  userProducts: (query: { status?: AdStatus; page?: number } = {}) => {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return apiRequest<MyAdsReply>('GET', `/user-products${params.size ? `?${params}` : ''}`);
  },

  // Impersonation (staff): the server moves the session cookie; nothing is kept in the browser.
  // GET as the spec has it, but they switch the session, so they carry the CSRF token.
  impersonateTake: (id: number) => apiRequest<MessageReply>('GET', `/impersonate/take/${id}`, { stateChanging: true }),
  impersonateLeave: () => apiRequest<MessageReply>('GET', '/impersonate/leave', { stateChanging: true }),

  // Accounts as staff see them (users.manage). Quiet: the screen shows field errors under the
  // fields and the rest as toasts itself (a 404 there means someone else deleted the account).
  createUser: (body: Static<typeof CreateUserBody>) =>
    apiRequest<Static<typeof AdminUserReply>>('POST', '/users/create-user', { body, ...quiet }),
  updateUser: (id: number, body: Static<typeof UpdateUserBody>) =>
    apiRequest<Static<typeof AdminUserReply>>('PATCH', `/users/update-user/${id}`, { body, ...quiet }),
  toggleVerify: (user: number, verified: boolean) =>
    apiRequest<Static<typeof AdminUserReply>>('POST', '/users/toggle-verify', {
      body: { action: verified ? 'confirmVerifyUser' : 'unVerifyUser', user },
      ...quiet,
    }),
  toggleBlock: (user: number, blocked: boolean, reason?: string) =>
    apiRequest<Static<typeof AdminUserReply>>('POST', '/users/toggle-block', {
      body: blocked ? { user, action: 'block', ...(reason ? { reason } : {}) } : { user, action: 'unblock' },
      ...quiet,
    }),
  deleteUser: (id: number) => apiRequest<MessageReply>('DELETE', `/users/delete/user/${id}`, quiet),
  /** Lifts the scam guard's hold (users.manage); a refusal is toasted. */
  releaseHeldAccount: (id: number) => apiRequest<Static<typeof ReleaseReply>>('POST', `/admin/users/${id}/release`),

  // Moderation (staff).
  /** The staff menu's badges; silent: a badge that cannot load is simply not shown. */
  adminQueues: () => apiRequest<Static<typeof QueuesReply>>('GET', '/admin/queues', { silent: true }),
  adminProducts: (status: AdStatus, page = 1) => apiRequest<AdminProductsReply>('POST', '/admin/products', { body: { status, page } }),
  approveProduct: (uuid: string) => apiRequest<MessageReply>('POST', `/admin/products/${encodeURIComponent(uuid)}/approve`),
  rejectProduct: (uuid: string, reason: string) =>
    apiRequest<MessageReply>('POST', `/admin/products/${encodeURIComponent(uuid)}/reject`, { body: { reason }, ...quiet }),

  // App settings (staff with settings.manage). The form shows field errors itself: quiet.
  updateAppSettings: (changes: Static<typeof AppSettingsPatch>) =>
    apiRequest<Static<typeof AppSettingsSaved>>('PATCH', '/admin/app-settings', { body: changes, ...quiet }),

  // Info pages (staff with pages.manage). The editor shows field errors itself: quiet.
  saveInfoPage: (slug: string, locale: string, body: Static<typeof SaveInfoPageBody>) =>
    apiRequest<InfoPageSavedView>('PUT', `/admin/info-pages/${encodeURIComponent(slug)}/${encodeURIComponent(locale)}`, { body, ...quiet }),
  previewInfoPage: (body: string) =>
    apiRequest<Static<typeof PreviewInfoPageReply>>('POST', '/admin/info-pages/preview', { body: { body }, ...quiet }),
  restoreInfoPageVersion: (slug: string, locale: string, id: number) =>
    apiRequest<InfoPageSavedView>(
      'POST',
      `/admin/info-pages/${encodeURIComponent(slug)}/${encodeURIComponent(locale)}/versions/${id}/restore`,
      quiet,
    ),

  // Wish list (spec section 7, Wishes). The hearts and the top bar handle their own errors: quiet.
  userWishes: () => apiRequest<WishListReply>('GET', '/user-wishes'),
  userWishesList: () => apiRequest<WishUuidsReply>('GET', '/user-wishes-list', quiet),
  /** Toggles: the ad's numeric id or its uuid. */
  updateUserWishes: (productId: number | string) =>
    apiRequest<ToggleWishReply>('POST', '/update-user-wishes', { body: { product_id: productId }, ...quiet }),

  // Messenger. Sending is quiet: a failed message says so on its bubble, with a retry.
  chatRooms: (page = 1) => apiRequest<Static<typeof RoomListReply>>('GET', `/chat-rooms${page > 1 ? `?page=${page}` : ''}`, quiet),
  /** `before`: the older page; `after`: what came after a message (catch-up after a reconnect). */
  chatRoom: (roomId: number, cursor: { before?: number; after?: number } = {}) => {
    const params = new URLSearchParams(Object.entries(cursor).map(([k, v]) => [k, String(v)]));
    return apiRequest<Static<typeof RoomReply>>('GET', `/chat-room/${roomId}${params.size ? `?${params}` : ''}`, quiet);
  },
  /** The first message about an ad creates the room. */
  sendProductMessage: (productUuid: string, body: { text: string; client_id: string }) =>
    apiRequest<Static<typeof SendReply>>('POST', `/channel/product/${encodeURIComponent(productUuid)}/messages`, { body, ...quiet }),
  /** JSON `{ text, client_id }`, or multipart with those fields and one `picture`. */
  sendMessage: (roomId: number, body: { text: string; client_id: string } | FormData) =>
    apiRequest<Static<typeof SendReply>>('POST', `/chat-room/${roomId}/messages`, { body, ...quiet }),
  markRead: (roomId: number, lastReadId: number) =>
    apiRequest<{ unread_total: number }>('POST', `/chat-room/${roomId}/read`, { body: { last_read_id: lastReadId }, ...quiet }),
  blockRoom: (roomId: number) => apiRequest<MessageReply>('POST', `/chat-room/${roomId}/block`),
  unblockRoom: (roomId: number) => apiRequest<MessageReply>('DELETE', `/chat-room/${roomId}/block`),
  reportRoom: (roomId: number, reason: ReportReason, details?: string) =>
    apiRequest<MessageReply>('POST', `/chat-room/${roomId}/report`, { body: details ? { reason, details } : { reason }, ...quiet }),
  chatUnread: () => apiRequest<{ unread_total: number }>('GET', '/chat-unread', quiet),
  reportAd: (uuid: string, body: Static<typeof AdReportBody>) =>
    apiRequest<MessageReply>('POST', `/product/${uuid}/report`, { body, ...quiet }),
  contact: (body: Static<typeof ContactBody>) => apiRequest<MessageReply>('POST', '/contact', { body, ...quiet }),
  appeal: (uuid: string, text: string) => apiRequest<MessageReply>('POST', `/product/${uuid}/appeal`, { body: { text }, ...quiet }),
  resolveReport: (id: number, body: Static<typeof ResolveBody>) =>
    apiRequest<MessageReply>('POST', `/admin/reports/${id}/resolve`, { body, ...quiet }),
  decideAppeal: (id: number, body: Static<typeof AppealDecisionBody>) =>
    apiRequest<MessageReply>('POST', `/admin/appeals/${id}/decide`, { body, ...quiet }),

  // Categories (staff, categories.manage). Quiet: the page and its dialogs say what went wrong.
  adminCatalogs: () => apiRequest<Static<typeof AdminCatalogList>>('GET', '/admin/catalogs', quiet),
  createCatalog: (body: Static<typeof CreateCatalogBody>) =>
    apiRequest<Static<typeof AdminCatalogReply>>('POST', '/admin/catalogs', { body, ...quiet }),
  updateCatalog: (id: number, body: Static<typeof UpdateCatalogBody>) =>
    apiRequest<Static<typeof AdminCatalogReply>>('PATCH', `/admin/catalogs/${id}`, { body, ...quiet }),
  /** `null`: to the top level. */
  moveCatalog: (id: number, parentId: number | null) =>
    apiRequest<Static<typeof AdminCatalogReply>>('POST', `/admin/catalogs/${id}/move`, { body: { parent_id: parentId }, ...quiet }),
  reorderCatalog: (id: number, position: number) =>
    apiRequest<Static<typeof AdminCatalogReply>>('POST', `/admin/catalogs/${id}/position`, { body: { position }, ...quiet }),
  setCatalogHidden: (id: number, hidden: boolean) =>
    apiRequest<Static<typeof AdminCatalogReply>>('POST', `/admin/catalogs/${id}/visibility`, { body: { hidden }, ...quiet }),
  mergeCatalog: (id: number, into: number) =>
    apiRequest<Static<typeof MergeCatalogReply>>('POST', `/admin/catalogs/${id}/merge`, { body: { into }, ...quiet }),
  deleteCatalog: (id: number) => apiRequest<Static<typeof AdminMessageReply>>('DELETE', `/admin/catalogs/${id}`, quiet),
  // A category's fields (issue 26): the forms show the refusals under their inputs.
  adminAttributes: (catalogId: number) =>
    apiRequest<Static<typeof AdminAttributeList>>('GET', `/admin/catalogs/${catalogId}/attributes`, quiet),
  createAttribute: (catalogId: number, body: Static<typeof CreateAttributeBody>) =>
    apiRequest<Static<typeof AdminAttributeReply>>('POST', `/admin/catalogs/${catalogId}/attributes`, { body, ...quiet }),
  updateAttribute: (id: number, body: Static<typeof UpdateAttributeBody>) =>
    apiRequest<Static<typeof AdminAttributeReply>>('PATCH', `/admin/attributes/${id}`, { body, ...quiet }),
  reorderAttributes: (catalogId: number, ids: number[]) =>
    apiRequest<Static<typeof AdminAttributeListReply>>('POST', `/admin/catalogs/${catalogId}/attributes/order`, {
      body: { ids },
      ...quiet,
    }),
  setAttributeRetired: (id: number, retired: boolean) =>
    apiRequest<Static<typeof AdminAttributeReply>>('POST', `/admin/attributes/${id}/${retired ? 'retire' : 'restore'}`, quiet),

  // Roles (admin area). The role dialogs show their errors under the fields: quiet.
  createRole: (body: Static<typeof CreateRoleBody>) =>
    apiRequest<Static<typeof RoleReply>>('POST', '/roles/create-role', { body, ...quiet }),
  updateRole: (id: number, body: Static<typeof UpdateRoleBody>) =>
    apiRequest<Static<typeof RoleReply>>('PATCH', `/roles/update-role/${id}`, { body, ...quiet }),
  /** `moveTo`: the role its holders get instead; needed when anyone holds it. */
  deleteRole: (id: number, moveTo?: number) =>
    apiRequest<MessageReply>('DELETE', `/roles/delete/role/${id}`, { body: moveTo === undefined ? {} : { move_to: moveTo }, ...quiet }),

  // Blog (blog.manage). The editor shows field errors under the fields: quiet.
  adminBlogList: (status: string | null, page = 1) =>
    apiRequest<Static<typeof AdminBlogListReply>>('POST', '/admin/blog/list', { body: { status, page } }),
  adminBlogPost: (id: number) => apiRequest<Static<typeof AdminBlogPostReply>>('GET', `/admin/blog/single/${id}`, quiet),
  createBlogPost: (body: Static<typeof NewBlogPostBody>) =>
    apiRequest<Static<typeof AdminBlogPostSavedReply>>('POST', '/admin/blog/new-post', { body, ...quiet }),
  updateBlogPost: (body: Static<typeof UpdateBlogPostBody>) =>
    apiRequest<Static<typeof AdminBlogPostSavedReply>>('PATCH', '/admin/blog/update-post', { body, ...quiet }),
  /** The body as it would be published (sanitized on the server): what the preview shows. */
  previewBlogBody: (bodyHtml: string) =>
    apiRequest<{ body_html: string }>('POST', '/admin/blog/preview', { body: { body_html: bodyHtml }, ...quiet }),
  blogCategories: () => apiRequest<Static<typeof BlogCategoriesReply>>('GET', '/admin/blog/categories', quiet),
  createBlogCategory: (body: Static<typeof NewBlogCategoryBody>) =>
    apiRequest<Static<typeof BlogCategoryReply>>('POST', '/admin/blog/categories', { body, ...quiet }),
  updateBlogCategory: (id: number, body: Static<typeof UpdateBlogCategoryBody>) =>
    apiRequest<Static<typeof BlogCategoryReply>>('PATCH', `/admin/blog/categories/${id}`, { body, ...quiet }),
  deleteBlogCategory: (id: number) => apiRequest<MessageReply>('DELETE', `/admin/blog/categories/${id}`, quiet),
  /** The search's synonym groups (categories.manage). */
  synonymGroups: () => apiRequest<Static<typeof SynonymGroupList>>('GET', '/admin/search-synonyms', quiet),
  createSynonymGroup: (body: Static<typeof SynonymGroupBody>) =>
    apiRequest<Static<typeof SynonymGroupReply>>('POST', '/admin/search-synonyms', { body, ...quiet }),
  updateSynonymGroup: (id: number, body: Static<typeof SynonymGroupBody>) =>
    apiRequest<Static<typeof SynonymGroupReply>>('PUT', `/admin/search-synonyms/${id}`, { body, ...quiet }),
  deleteSynonymGroup: (id: number) => apiRequest<Static<typeof SynonymGroupReply>>('DELETE', `/admin/search-synonyms/${id}`, quiet),
  /** A picture for a post or an info page (blog.manage or pages.manage): stored as WebP under /media/content/. */
  uploadContentImage: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest<Static<typeof ContentImageReply>>('POST', '/admin/content-images', { body: form, ...quiet });
  },

  // Saved searches. Quiet: the dialogs show refusals under their fields, the page as toasts.
  savedSearches: () => apiRequest<SavedSearchListReply>('GET', '/saved-searches', quiet),
  /** 200 with the one already saved when the same search is there (its message says so), 201 for a new one. */
  createSavedSearch: (body: CreateSavedSearchBody) => apiRequest<SavedSearchReply>('POST', '/saved-searches', { body, ...quiet }),
  updateSavedSearch: (id: number, body: UpdateSavedSearchBody) =>
    apiRequest<SavedSearchReply>('PATCH', `/saved-searches/${id}`, { body, ...quiet }),
  deleteSavedSearch: (id: number) => apiRequest<SavedSearchDeletedReply>('DELETE', `/saved-searches/${id}`, quiet),
  markSavedSearchOpened: (id: number) => apiRequest<SavedSearchReply>('POST', `/saved-searches/${id}/opened`, quiet),
};
