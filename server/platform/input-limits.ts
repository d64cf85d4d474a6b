import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../common/errors.ts';
import { INT32_MAX, INT32_MIN } from '../../common/text.ts';
import { unstorableTextProblems } from './validation.ts';

type Schema = Record<string, unknown>;

/**
 * Every integer a request may carry is bounded by the database's `integer` type, so an id of
 * 2,147,483,648 is a 422 at the edge and never an overflow in PostgreSQL. Applied to each route's
 * request schemas as the route is added, whatever the schema author wrote (tighter bounds stay).
 */
export function boundIntegers(schema: unknown, seen = new Set<unknown>()): void {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return;
  seen.add(schema);
  const node = schema as Schema;
  const type = node.type;
  // A bigint column's value says so with OpenAPI's `format: 'int64'` and keeps its own bounds.
  const isInteger = type === 'integer' || (Array.isArray(type) && type.includes('integer'));
  if (isInteger && node.format !== 'int64') {
    node.maximum = Math.min(typeof node.maximum === 'number' ? node.maximum : INT32_MAX, INT32_MAX);
    node.minimum = Math.max(typeof node.minimum === 'number' ? node.minimum : INT32_MIN, INT32_MIN);
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) boundIntegers(item, seen);
    else boundIntegers(value, seen);
  }
}

/**
 * The edge's rules for every API route, written once: integers within the column type, and no
 * text PostgreSQL cannot keep (control characters, NUL, half a surrogate pair) anywhere in the
 * body, before any handler or service runs (the address is checked before routing).
 */
export const inputLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const schema = route.schema as Schema | undefined;
      if (!schema) return;
      for (const part of ['body', 'querystring', 'params', 'headers']) boundIntegers(schema[part]);
    });
    app.addHook('preValidation', async (request) => {
      // The path and the query were read for them before routing (request-path.ts); the body is here.
      const problems = unstorableTextProblems(request.body);
      if (Object.keys(problems).length > 0) throw new AppError('validation_failed', {}, problems);
    });
  },
  { name: 'input-limits', dependencies: ['error-handler'] },
);
