import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localeFromAcceptLanguage } from './i18n.ts';
import { DEFAULT_LOCALE, type Locale, isLocale } from '../../common/locales.ts';
import { LOCALE_COOKIE } from '../../common/cookies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's texts (common/locales.ts). */
    locale: Locale;
  }
}

/**
 * API calls say their language in Accept-Language (the web client always sets it).
 * Pages follow an explicit `?lang=`, then the visitor's stored choice (cookie), then the browser.
 */
export function resolveLocale(request: FastifyRequest): Locale {
  const header = localeFromAcceptLanguage(request.headers['accept-language']);
  const cookie = request.cookies?.[LOCALE_COOKIE];
  const fromCookie = isLocale(cookie) ? cookie : undefined;
  if (request.url.startsWith('/api/') || request.url === '/api') {
    return header ?? fromCookie ?? DEFAULT_LOCALE;
  }
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  return (isLocale(query) ? query : undefined) ?? fromCookie ?? header ?? DEFAULT_LOCALE;
}

export const localePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', DEFAULT_LOCALE);
    app.addHook('onRequest', async (request) => {
      request.locale = resolveLocale(request);
    });
  },
  { name: 'locale', dependencies: ['@fastify/cookie'] },
);
