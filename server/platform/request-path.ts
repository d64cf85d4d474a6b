import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../common/errors.ts';
import { decodeOrKeep, unstorableTextKey } from '../../common/text.ts';
import type { FieldProblems } from './validation.ts';

// Percent-escapes of characters that never need one (RFC 3986 unreserved: letters, digits, - . _ ~).
const NEEDLESS_ESCAPE = /%(?:3[0-9]|4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a]|2[de]|5f|7e)/gi;
const DOT_SEGMENT = /\/\.{1,2}(?:\/|$)/;

/**
 * The one spelling of a path: needless escapes decoded, repeated slashes folded. `/%61pi//theme`
 * and `/api/theme` are the same route to the router; only the second is how a link writes it.
 */
export function canonicalPath(path: string): string {
  return path.replace(NEEDLESS_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16))).replace(/\/{2,}/g, '/');
}

/**
 * Odd spellings of a path are settled before anything looks at the URL: a page or picture read
 * that way is redirected to the one spelling, and anything else (a form post, an API call) is
 * refused, so no check downstream depends on how a request chose to write its path.
 */
export const requestPathPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const [path = '/', query] = splitUrl(request.url);
      // Text no page or API can keep (a NUL in ?q=) is refused for pages and API alike, on its field.
      const problems = addressTextProblems(path, query);
      if (problems) throw new AppError('validation_failed', {}, problems);
      const canonical = canonicalPath(path);
      if (DOT_SEGMENT.test(canonical)) throw new AppError('bad_request');
      if (canonical === path) return;
      if (request.method === 'GET' || request.method === 'HEAD') {
        return reply.redirect(query === undefined ? canonical : `${canonical}?${query}`, 301);
      }
      throw new AppError('bad_request');
    });
  },
  { name: 'request-path', dependencies: ['error-handler'] },
);

/**
 * The address's text that fails the rule of every body (control characters, half a surrogate pair):
 * by query parameter name, or `path`; undefined when all of it can be kept.
 */
export function addressTextProblems(path: string, query: string | undefined): FieldProblems | undefined {
  const problems: FieldProblems = Object.create(null) as FieldProblems;
  const pathKey = unstorableTextKey(decodeOrKeep(path));
  if (pathKey) problems.path = [{ key: pathKey }];
  for (const pair of query?.split('&') ?? []) {
    const at = pair.indexOf('=');
    const name = decodeOrKeep((at < 0 ? pair : pair.slice(0, at)).replace(/\+/g, ' '));
    const value = at < 0 ? '' : decodeOrKeep(pair.slice(at + 1).replace(/\+/g, ' '));
    const key = unstorableTextKey(name) ?? unstorableTextKey(value);
    if (key) problems[unstorableTextKey(name) ? 'query' : name] ??= [{ key }];
  }
  return Object.keys(problems).length > 0 ? problems : undefined;
}

function splitUrl(url: string): [string, string | undefined] {
  const at = url.indexOf('?');
  return at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
}
