import type { Locale } from '../../common/locales.ts';
import type { MailMessage } from './mail.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface MailContent {
  subject: string;
  greeting: string;
  /** Paragraphs of plain text; a quoted one (e.g. a moderator's reason) is set apart. */
  paragraphs: (string | { quote: string })[];
  action?: { label: string; url: string };
  closing?: string;
  signature: string;
}

/** The one look of every mail the site sends: greeting, paragraphs, one button, closing line; as text and as HTML. */
export function composeMail(locale: Locale, to: string, content: MailContent): MailMessage {
  const plain = content.paragraphs.map((p) => (typeof p === 'string' ? p : `> ${p.quote.replace(/\n/g, '\n> ')}`));
  const lines = [content.greeting, '', plain.join('\n\n')];
  if (content.action) lines.push('', `${content.action.label}: ${content.action.url}`);
  if (content.closing) lines.push('', content.closing);
  lines.push('', content.signature);
  const paragraphs = content.paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<blockquote style="margin:12px 0;padding:8px 12px;border-left:4px solid #c9d2dc;white-space:pre-wrap">${escapeHtml(p.quote)}</blockquote>`,
    )
    .join('');
  const button = content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:#0f4c81;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="color:#5b6675;font-size:13px">${escapeHtml(content.action.url)}</p>`
    : '';
  const closing = content.closing ? `<p>${escapeHtml(content.closing)}</p>` : '';
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#15202b;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(content.greeting)}</p>${paragraphs}${button}${closing}<p>${escapeHtml(content.signature)}</p></body></html>`;
  return { to, subject: content.subject, text: lines.join('\n'), html };
}
