import type { Locale } from '../../../common/locales.ts';
import { translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One layout for every account mail: a greeting, a paragraph, one button, a closing line; text and HTML. */
function accountMail(
  locale: Locale,
  to: string,
  key: 'verify' | 'reset' | 'password_changed' | 'already_registered' | 'account_created',
  params: { name: string; site: string; url?: string; minutes?: number; hours?: number },
): MailMessage {
  const t = (k: string) => translate(locale, `mail.${key}.${k}`, { ...params, minutes: params.minutes ?? 0, hours: params.hours ?? 0 });
  const greeting = translate(locale, 'mail.greeting', { name: params.name });
  const signature = translate(locale, 'mail.signature', { site: params.site });
  const lines = [greeting, '', t('body')];
  if (params.url) lines.push('', `${t('action')}: ${params.url}`);
  lines.push('', t('ignore'), '', signature);
  const button = params.url
    ? `<p><a href="${escapeHtml(params.url)}" style="display:inline-block;padding:12px 20px;background:#0f4c81;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(t('action'))}</a></p>
<p style="color:#5b6675;font-size:13px">${escapeHtml(params.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#15202b;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t('body'))}</p>${button}<p>${escapeHtml(t('ignore'))}</p><p>${escapeHtml(signature)}</p></body></html>`;
  return { to, subject: t('subject'), text: lines.join('\n'), html };
}

export const authMails = {
  verify: (locale: Locale, to: string, params: { name: string; site: string; url: string; minutes: number }) =>
    accountMail(locale, to, 'verify', params),
  reset: (locale: Locale, to: string, params: { name: string; site: string; url: string; minutes: number }) =>
    accountMail(locale, to, 'reset', params),
  passwordChanged: (locale: Locale, to: string, params: { name: string; site: string }) =>
    accountMail(locale, to, 'password_changed', params),
  /** Someone tried to register with an address that has an account: its owner hears of it (the form does not tell). */
  alreadyRegistered: (locale: Locale, to: string, params: { name: string; site: string; url: string }) =>
    accountMail(locale, to, 'already_registered', params),
  /** Staff created an account for this address: the link sets its first password. */
  accountCreated: (locale: Locale, to: string, params: { name: string; site: string; url: string; hours: number }) =>
    accountMail(locale, to, 'account_created', params),
};
