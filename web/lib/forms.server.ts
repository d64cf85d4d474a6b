import type { Static, TObject } from 'typebox';
import { type AppLoadContext, data } from 'react-router';
import { fieldProblems } from '../../server/platform/validation';
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

/**
 * How a form field reads as the API's JSON: text trimmed, a password as typed, a checkbox as
 * true or false, optional text left blank as null, a whole number as a number (anything else
 * stays text, for the schema to refuse).
 */
export type FormField = 'text' | 'password' | 'checkbox' | 'optional' | 'integer';

/**
 * A page form read the way the API reads the same call: the values become the API's body and are
 * checked with the API's own TypeBox schema, so a page and an API client get the same messages.
 */
export function readForm<S extends TObject>(form: FormData, schema: S, fields: Partial<Record<keyof Static<S> & string, FormField>>) {
  const body: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const [name, kind] of Object.entries(fields) as [string, FormField][]) {
    const raw = form.get(name);
    const text = typeof raw === 'string' ? raw : '';
    const trimmed = text.trim();
    if (kind === 'password') {
      body[name] = text;
      continue;
    }
    if (kind === 'checkbox') body[name] = text === 'on' || text === 'true';
    else if (kind === 'optional') body[name] = trimmed || null;
    else if (kind === 'integer') body[name] = trimmed === '' ? null : /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
    else body[name] = trimmed;
    values[name] = kind === 'checkbox' ? (body[name] ? 'on' : '') : trimmed;
  }
  return {
    /** What the person typed (never passwords), to show again after a refusal. */
    values,
    /** The body, checked with the schema: throws the API's 422 (with every field's messages) when it does not pass. */
    check(): Static<S> {
      const problems = fieldProblems(schema, body);
      if (Object.keys(problems).length > 0) throw new AppError('validation_failed', {}, problems);
      return body as Static<S>;
    },
  };
}
