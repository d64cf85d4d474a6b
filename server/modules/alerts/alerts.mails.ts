import { INTL_LOCALE, type Locale } from '../../../common/locales.ts';
import { translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';
import { escapeHtml } from '../../platform/mail-layout.ts';

/** One ad as a mail shows it: picture, name, price, place, link. */
export interface MailAd {
  name: string;
  price: string;
  place: string;
  url: string;
  /** Absolute address of the card-size picture; none without pictures. */
  picture: string | null;
}

/** One saved search's part of a mail: its ads (at most DIGEST_ADS_PER_SEARCH) and how many more there are. */
export interface MailSearch {
  name: string;
  url: string;
  ads: MailAd[];
  more: number;
  unsubscribeUrl: string;
}

export interface AlertMailParams {
  name: string;
  site: string;
  settingsUrl: string;
  searches: MailSearch[];
  /** RFC 8058 one-click address (the https API route) of the mail's search; a digest names its first search's. */
  oneClickUrl: string;
}

/** A price as the person reads it: "1 200 €", or "free" for a give-away. */
export function mailPrice(locale: Locale, euros: number): string {
  if (euros === 0) return translate(locale, 'alerts.mail.free');
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 }).format(euros);
}

function adHtml(ad: MailAd): string {
  const picture = ad.picture
    ? `<td style="width:120px;padding:0 12px 0 0;vertical-align:top"><a href="${escapeHtml(ad.url)}"><img src="${escapeHtml(ad.picture)}" alt="" width="120" style="display:block;width:120px;height:auto;border-radius:6px"></a></td>`
    : '';
  return `<table role="presentation" style="margin:0 0 12px;border-collapse:collapse"><tr>${picture}<td style="vertical-align:top"><a href="${escapeHtml(ad.url)}" style="color:#0f4c81;font-weight:600;text-decoration:none">${escapeHtml(ad.name)}</a><br><strong>${escapeHtml(ad.price)}</strong><br><span style="color:#5b6675">${escapeHtml(ad.place)}</span></td></tr></table>`;
}

/**
 * The mail of new ads for saved searches: one search (instant) or several (a digest), each with
 * its ads, "N more", a link to its results and its own unsubscribe link. The List-Unsubscribe
 * headers (RFC 8058) make mail programs offer a one-click stop.
 */
function alertMail(locale: Locale, to: string, kind: 'instant' | 'digest', p: AlertMailParams): MailMessage {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(locale, `alerts.mail.${key}`, params);
  const total = p.searches.reduce((n, s) => n + s.ads.length + s.more, 0);
  const first = p.searches[0]!;
  const subject =
    kind === 'instant' && p.searches.length === 1
      ? t('subject_instant', { search: first.name, n: total })
      : t('subject_digest', { n: total, site: p.site });
  const greeting = translate(locale, 'mail.greeting', { name: p.name });
  const signature = translate(locale, 'mail.signature', { site: p.site });
  const lines = [greeting, '', t(kind === 'instant' ? 'intro_instant' : 'intro_digest')];
  let body = '';
  for (const search of p.searches) {
    lines.push('', `— ${search.name} —`);
    for (const ad of search.ads) lines.push(`${ad.name} · ${ad.price} · ${ad.place}`, ad.url);
    if (search.more) lines.push(t('more', { n: search.more }));
    lines.push(`${t('open_search')}: ${search.url}`, `${t('unsubscribe')}: ${search.unsubscribeUrl}`);
    body += `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(search.name)}</h2>${search.ads.map(adHtml).join('')}`;
    if (search.more) body += `<p>${escapeHtml(t('more', { n: search.more }))}</p>`;
    body += `<p><a href="${escapeHtml(search.url)}" style="display:inline-block;padding:10px 16px;background:#0f4c81;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(t('open_search'))}</a></p>`;
    body += `<p style="color:#5b6675;font-size:13px"><a href="${escapeHtml(search.unsubscribeUrl)}" style="color:#5b6675">${escapeHtml(t('unsubscribe'))}</a></p>`;
  }
  lines.push('', t('settings', { settingsUrl: p.settingsUrl }), '', signature);
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#15202b;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t(kind === 'instant' ? 'intro_instant' : 'intro_digest'))}</p>${body}<p style="color:#5b6675;font-size:13px">${escapeHtml(t('settings', { settingsUrl: p.settingsUrl }))}</p><p>${escapeHtml(signature)}</p></body></html>`;
  return {
    to,
    subject,
    text: lines.join('\n'),
    html,
    headers: { 'List-Unsubscribe': `<${p.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export const alertMails = {
  instant: (locale: Locale, to: string, params: AlertMailParams) => alertMail(locale, to, 'instant', params),
  digest: (locale: Locale, to: string, params: AlertMailParams) => alertMail(locale, to, 'digest', params),
};
