import sanitizeHtml from 'sanitize-html';
import { assertStorageKey } from './storage.ts';

/** The largest body a post or page may have, as written (the editor's HTML). */
export const RICH_TEXT_MAX_BYTES = 200_000;

/** A `.` or `..` path segment, with either slash around it (a backslash is a slash to a browser). */
const DOT_SEGMENT = /(?:^|[/\\])\.{1,2}(?:[/\\]|$)/;
const ESCAPED_SLASH = /%(?:2f|5c)/i;
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;
/** Control characters (a browser drops tabs and line breaks inside an address) and backslashes. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NEVER_IN_AN_ADDRESS = /[\u0000-\u001f\u007f\\]/;

/**
 * The path of an address as written (up to its `?` or `#`), with every ASCII percent-escape
 * decoded over and over until none is left (`%252e` → `%2e` → `.`); null when an escaped slash
 * or backslash shows up at any round (it hides a segment boundary from a check and the server
 * refuses it anyway) or the escapes nest deeper than anyone writes them.
 */
function decodedPath(value: string): string | null {
  let path = value.split(/[?#]/, 1)[0]!;
  for (let round = 0; round < 4; round += 1) {
    if (ESCAPED_SLASH.test(path)) return null;
    const next = path.replace(ASCII_ESCAPE, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === path) return path;
    path = next;
  }
  return null;
}

/**
 * An address from stored HTML as the browser will read it, or null when it may not stay. The
 * checks run on the normalised address, never on the text alone: control characters and
 * backslashes anywhere (`/\evil.example` is another host to a browser), and, on this site's host,
 * dot segments however escaped (`/media/%2e%2e/api/…` is `/api/…` to a browser) and escaped
 * slashes. Only http(s) and mailto; a site path starts with one slash, and none leads into the
 * API (its calls are not pages; the state-changing ones refuse navigations anyway).
 */
function readAddress(raw: string, own: URL): URL | null {
  const value = raw.trim();
  if (!/^(https?:\/\/|mailto:|\/(?![/\\])|#)/i.test(value)) return null;
  if (NEVER_IN_AN_ADDRESS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, own);
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:') return url;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname !== own.hostname) return url;
  const written = decodedPath(value);
  if (written === null || DOT_SEGMENT.test(written)) return null;
  if (/^\/api(?:\/|$)/i.test(decodedPath(url.pathname) ?? '')) return null;
  return url;
}

/** A picture of this site's own: exactly `/media/<storage key>` as written, as the pipeline makes them. */
function isOwnPicture(raw: string, own: URL): boolean {
  const url = readAddress(raw, own);
  if (!url || url.origin !== own.origin || raw !== url.pathname || url.search || url.hash) return false;
  if (!raw.startsWith('/media/')) return false;
  try {
    assertStorageKey(raw.slice('/media/'.length));
    return true;
  } catch {
    return false;
  }
}

/**
 * The one allow-list for HTML staff write (blog posts, info pages): structure, emphasis, lists,
 * quotes, code, links and pictures — nothing else. No style, class, event handler, script, iframe,
 * SVG or form survives; links keep only http(s), mailto and site paths; pictures only this site's
 * own `/media/` pictures. Every address is normalised before it is checked (see readAddress): a
 * post cannot reach another path through dot segments, escapes or backslashes. An external link
 * opens no window and passes no reputation (`rel="noopener nofollow ugc"`).
 */
export function sanitizeRichText(html: string, publicUrl: string): string {
  const own = new URL(publicUrl);
  return sanitizeHtml(html, {
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'hr',
      'strong',
      'em',
      'u',
      's',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'figure',
      'figcaption',
    ],
    allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt', 'width', 'height'], ol: ['start'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // The editor's own names for the same tags.
    transformTags: {
      b: 'strong',
      i: 'em',
      h1: 'h2',
      a: (tagName, attribs): sanitizeHtml.Tag => {
        const href = (attribs.href ?? '').trim();
        // Only web and mail addresses and this site's own paths; anything else loses its address.
        const url = readAddress(href, own);
        if (!url) return { tagName, attribs: {} };
        const kept: sanitizeHtml.Attributes = url.host !== own.host ? { href, rel: 'noopener nofollow ugc' } : { href };
        return { tagName, attribs: kept };
      },
    },
    exclusiveFilter: (frame) => {
      // A picture must be one of this site's own (the picture pipeline's /media/ address).
      if (frame.tag === 'img') return !isOwnPicture(frame.attribs.src ?? '', own);
      return false;
    },
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'svg', 'math', 'template'],
  });
}

/** The plain text of stored HTML, whitespace collapsed: for excerpts, descriptions and search. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'iframe', 'svg'] })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
