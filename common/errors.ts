/**
 * The closed list of error codes the server answers with. Each maps to one HTTP status
 * and to one translation key `errors.<code>`; services throw `AppError` with one of them.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  unauthenticated: 401,
  forbidden: 403,
  email_unverified: 403,
  /** An admin acting as someone may not change their password, e-mail, two-factor or account. */
  impersonating: 403,
  /** The account (or a holder of the role) has as many permissions as the actor or more: see `mayActOn` in common/access.ts. */
  beyond_authority: 403,
  /** Staff have blocked the account: it may not sign in, reset its password or use a session. */
  account_blocked: 403,
  /** The scam guard holds the account for review: it opens no new conversations until staff release it. */
  account_held: 403,
  /** A state-changing call the browser says came from another site, a navigation or a picture. */
  cross_site_request: 403,
  csrf_mismatch: 419,
  not_found: 404,
  /** An export's link opened in another session than the one that asked for it. */
  export_other_session: 403,
  /** An export's link has ended (seven days) and its file is deleted. */
  export_expired: 410,
  route_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** The export is still being made: the mail tells when it is ready. */
  export_not_ready: 409,
  /** Made once already (a second deal for an ad, a second rating or answer): the field errors say what. */
  duplicate: 409,
  /** Still used by ads (a category field's option or type): the field errors say what to do instead. */
  in_use: 409,
  /** An ad not yet in its last days may not be renewed (common/ad-validity.ts): the answer says when it may. */
  renewal_too_early: 409,
  /** An ad that ended too long ago (or was archived) may not be renewed any more. */
  ad_ended: 410,
  /** The seller shows no phone number (they chose not to, or have none). */
  phone_not_shown: 404,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  too_many_requests: 429,
  /** Download my data is asked for once a day: the answer says in how many hours again (Retry-After in seconds). */
  export_once_a_day: 429,
  /** A new account's daily limit of new ads or new conversations (the app settings) is used up. */
  new_account_limit: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Per-field messages, already translated: `{ email: ["…"] }`. */
export type FieldErrors = Record<string, string[]>;

// A registry symbol, the same in every copy of this module: the page bundle and the server bundle
// each have their own AppError class, so `instanceof` cannot tell across them but the brand can.
const APP_ERROR = Symbol.for('kauppis.app-error');

export class AppError extends Error {
  readonly status: number;
  readonly [APP_ERROR] = true;

  /** True for an AppError from any copy of this module (use instead of `instanceof`). */
  static is(value: unknown): value is AppError {
    return typeof value === 'object' && value !== null && (value as { [APP_ERROR]?: boolean })[APP_ERROR] === true;
  }

  constructor(
    readonly code: ErrorCode,
    /** Translation parameters for the message, e.g. `{ seconds: 30 }`. */
    readonly params: Record<string, string | number> = {},
    /** Field errors as translation keys with parameters; the error handler translates them. */
    readonly fields: Record<string, { key: string; params?: Record<string, string | number> }[]> = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }

  /** A 422 for one field, e.g. `AppError.field('email', 'validation.email')`. */
  static field(field: string, key: string, params?: Record<string, string | number>): AppError {
    return new AppError('validation_failed', {}, { [field]: [{ key, ...(params ? { params } : {}) }] });
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}

/** The JSON body of every error reply (DESIGN.md section 4). */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  errors?: FieldErrors;
}
