/**
 * What a link typed into the rich-text editor may point at: the same rule the server's sanitizer
 * keeps (server/platform/rich-text.ts) — web and mail addresses and this site's own paths — so
 * the editor never shows a link that would vanish on saving.
 */
export type LinkAddress = { href: string } | { remove: true } | { problem: 'scheme' | 'invalid' };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?([/?#].*)?$/i;

function webAddress(href: string): LinkAddress {
  try {
    const url = new URL(href);
    return url.hostname ? { href } : { problem: 'invalid' };
  } catch {
    return { problem: 'invalid' };
  }
}

/**
 * Reads an address as typed: empty removes the link; `https://…`, `mailto:…`, `/a/path` and
 * `#part` are kept as written; a bare `example.com/page` becomes https, a bare e-mail address
 * mailto. Any other scheme (javascript:, data:, ftp:…) and anything with spaces is refused.
 */
export function readLinkAddress(input: string): LinkAddress {
  const text = input.trim();
  if (!text) return { remove: true };
  // Spaces or control characters inside an address are how `java\tscript:` slips past checks.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(text)) return { problem: 'invalid' };
  if (text.startsWith('/')) return text.startsWith('//') ? { problem: 'invalid' } : { href: text };
  if (text.startsWith('#')) return text.length > 1 ? { href: text } : { problem: 'invalid' };
  if (/^https?:\/\//i.test(text)) return webAddress(text);
  if (/^mailto:/i.test(text)) return EMAIL.test(text.slice(7).split('?')[0]!) ? { href: text } : { problem: 'invalid' };
  if (EMAIL.test(text)) return { href: `mailto:${text}` };
  if (DOMAIN.test(text)) return webAddress(`https://${text}`);
  if (SCHEME.test(text)) return { problem: 'scheme' };
  return { problem: 'invalid' };
}

/** True when the address may stay a link as it is (for links pasted or typed straight into the text). */
export function isAllowedLinkHref(href: string): boolean {
  const address = readLinkAddress(href);
  return 'href' in address && address.href === href.trim();
}
