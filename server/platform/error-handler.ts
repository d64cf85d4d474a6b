import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type ErrorBody, type ErrorCode, type FieldErrors, ERROR_STATUS } from '../../common/errors.ts';
import { translate } from './i18n.ts';
import { type Locale } from '../../common/locales.ts';
import { type FieldProblem, problemsFromSchemaErrors } from './validation.ts';

const FASTIFY_CODES: Partial<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_ASYNC_CONSTRAINT: 'bad_request',
};

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 419:
      return 'csrf_mismatch';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'validation_failed';
    case 429:
      return 'too_many_requests';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 400 && status < 500 ? 'bad_request' : 'internal';
  }
}

function translateFields(locale: Locale, fields: Record<string, FieldProblem[]>): FieldErrors | undefined {
  const entries = Object.entries(fields);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map(([field, list]) => [field, list.map((m) => translate(locale, m.key, m.params))]));
}

export function errorBody(
  locale: Locale,
  code: ErrorCode,
  params: Record<string, string | number> = {},
  fields: Record<string, FieldProblem[]> = {},
): ErrorBody {
  const errors = translateFields(locale, fields);
  return { message: translate(locale, `errors.${code}`, params), code, ...(errors ? { errors } : {}) };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  params: Record<string, string | number> = {},
  fields: Record<string, FieldProblem[]> = {},
): FastifyReply {
  return reply
    .status(ERROR_STATUS[code])
    .type('application/json; charset=utf-8')
    .send(errorBody(request.locale, code, params, fields));
}

/** One error handler for the whole API: every failure becomes `{ message, code, errors? }`, never a stack trace. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (AppError.is(error)) {
        // Every 429 that knows when the client may try again says so (a throttle, a new account's daily limit).
        if (error.status === 429 && error.params.seconds !== undefined) {
          void reply.header('retry-after', String(error.params.seconds));
        }
        return sendError(request, reply, error.code, error.params, error.fields);
      }
      if (error.validation) {
        return sendError(request, reply, 'validation_failed', {}, problemsFromSchemaErrors(error.validation, error.validationContext));
      }
      const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      const code = mapped ?? codeForStatus(status);
      if (ERROR_STATUS[code] >= 500) {
        request.log.error({ err: error, reqId: request.id }, 'request failed');
      }
      return sendError(request, reply, code);
    });

    app.setNotFoundHandler((request, reply) => sendError(request, reply, 'route_not_found'));
  },
  { name: 'error-handler', dependencies: ['locale'] },
);
