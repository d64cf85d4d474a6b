import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Locale } from '../../../common/locales.ts';
import { translate } from '../../platform/i18n.ts';
import { escapeHtml } from '../../platform/mail-layout.ts';
import { acceptFormBodies } from '../../platform/uploads.ts';
import { UnsubscribeForm, UnsubscribeQuery } from './alerts.schemas.ts';
import type { AlertsService } from './alerts.service.ts';

export const UNSUBSCRIBE_PAGE = '/unsubscribe/saved-search';
/** The page has no script and posts only to itself. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

type PageState = Awaited<ReturnType<AlertsService['unsubscribePage']>>;

/** The page of the mail's "stop these alerts" link, in the search owner's language (the visitor's for a bad link). */
function page(state: PageState, fallback: Locale, token: string, site: string): { locale: Locale; html: string } {
  const locale = state.status === 'invalid' ? fallback : state.locale;
  const t = (key: string) => translate(locale, `alerts.unsubscribe.${key}`, { search: state.status === 'invalid' ? '' : state.name, site });
  const title = t(`${state.status}_title`);
  const form =
    state.status === 'active'
      ? `<form method="post" action="${UNSUBSCRIBE_PAGE}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" style="padding:12px 20px;background:#0f4c81;color:#fff;border:0;border-radius:8px;font-weight:600;font-size:16px">${escapeHtml(t('confirm'))}</button></form>`
      : '';
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(site)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#15202b;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:22px">${escapeHtml(title)}</h1><p>${escapeHtml(t(`${state.status}_body`))}</p>${form}<p><a href="/saved-searches">${escapeHtml(t('manage'))}</a> · <a href="/">${escapeHtml(site)}</a></p></body></html>`;
  return { locale, html };
}

/**
 * The unsubscribe link of an alert mail, for people: works without signing in. GET names the
 * search and asks (mail scanners open links; a GET changes nothing); the button posts the token
 * and stops the alerts; a link used again says they are stopped already; a forged link says so
 * and changes nothing. Outside /api: a plain form post, its token the whole authority.
 */
const unsubscribePageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  acceptFormBodies(app);
  const reply = (state: PageState, locale: Locale, token: string) => page(state, locale, token, app.services.settings.siteName());

  /** Both answers are the same page: 404 for a forged link, never cached, with its own strict policy. */
  const send = (res: FastifyReply, state: PageState, locale: Locale, token: string) => {
    const page = reply(state, locale, token);
    return res
      .status(state.status === 'invalid' ? 404 : 200)
      .type('text/html; charset=utf-8')
      .header('content-language', page.locale)
      .header('cache-control', 'no-store')
      .header('content-security-policy', PAGE_CSP)
      .send(page.html);
  };

  app.get(UNSUBSCRIBE_PAGE, { schema: { hide: true, querystring: UnsubscribeQuery } }, async (request, res) =>
    send(res, await app.services.alerts.unsubscribePage(request.query.token, false), request.locale, request.query.token),
  );

  app.post(UNSUBSCRIBE_PAGE, { schema: { hide: true, body: UnsubscribeForm } }, async (request, res) =>
    send(res, await app.services.alerts.unsubscribePage(request.body.token, true), request.locale, request.body.token),
  );
};

export default unsubscribePageRoutes;
