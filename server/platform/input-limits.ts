import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../common/errors.ts';
import { INT32_MAX, INT32_MIN, hasControlCharacter } from '../../common/text.ts';

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
  if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
    node.maximum = Math.min(typeof node.maximum === 'number' ? node.maximum : INT32_MAX, INT32_MAX);
    node.minimum = Math.max(typeof node.minimum === 'number' ? node.minimum : INT32_MIN, INT32_MIN);
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) boundIntegers(item, seen);
    else boundIntegers(value, seen);
  }
}

/** The path of the first text (or object key) with a control character in it, or undefined. */
export function controlCharacterAt(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasControlCharacter(key)) return at;
    const found = controlCharacterAt(item, at);
    if (found) return found;
  }
  return undefined;
}

/**
 * The edge's rules for every API route, written once: integers within the column type, and no
 * control characters in any text of the body, the query or the path.
 */
export const inputLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const schema = route.schema as Schema | undefined;
      if (!schema) return;
      for (const part of ['body', 'querystring', 'params', 'headers']) boundIntegers(schema[part]);
    });
    app.addHook('preValidation', async (request) => {
      const field = controlCharacterAt(request.params, '') ?? controlCharacterAt(request.query, '') ?? controlCharacterAt(request.body, '');
      if (field !== undefined) throw AppError.field(field || 'body', 'validation.control_characters');
    });
  },
  { name: 'input-limits', dependencies: ['error-handler'] },
);
