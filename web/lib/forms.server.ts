import { type AppLoadContext, data } from 'react-router';
import { AppError, type FieldErrors } from '../../common/errors';
import { translate } from '../../server/platform/i18n';

/** What a page action answers when the input was refused: the form shows these and keeps its values. */
export interface FormFailure {
  ok: false;
  message: string;
  errors: FieldErrors;
  /** What the person typed (never passwords), so a form posted without JavaScript keeps it. */
  values?: Record<string, string>;
}

/**
 * Turns a service's AppError into a translated form answer (status kept: 422, 429, …).
 * Anything else is a bug and goes to the error boundary.
 */
export function formFailure(error: unknown, context: AppLoadContext, values?: Record<string, string>) {
  if (!AppError.is(error)) throw error;
  const errors: FieldErrors = {};
  for (const [field, list] of Object.entries(error.fields)) {
    errors[field] = list.map((m) => translate(context.locale, m.key, m.params));
  }
  const failure: FormFailure = {
    ok: false,
    message: translate(context.locale, `errors.${error.code}`, error.params),
    errors,
    ...(values ? { values } : {}),
  };
  const headers: HeadersInit =
    error.code === 'too_many_requests' && error.params.seconds ? { 'Retry-After': String(error.params.seconds) } : {};
  return data(failure, { status: error.status, headers });
}

/** Runs a page action's work and answers failures as form errors (with the typed values, if given). */
export async function runAction<T>(context: AppLoadContext, work: () => Promise<T>, values?: Record<string, string>) {
  try {
    return await work();
  } catch (error) {
    return formFailure(error, context, values);
  }
}

/** The request facts services log and throttle by. */
export function requestMeta(context: AppLoadContext, request: Request) {
  return { ip: context.clientIp, userAgent: request.headers.get('user-agent') ?? undefined, locale: context.locale };
}
