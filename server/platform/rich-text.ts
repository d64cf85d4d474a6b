import sanitizeHtml from 'sanitize-html';

/** The largest body a post or page may have, as written (the editor's HTML). */
export const RICH_TEXT_MAX_BYTES = 200_000;

/**
 * The one allow-list for HTML staff write (blog posts, info pages): structure, emphasis, lists,
 * quotes, code, links and pictures — nothing else. No style, class, event handler, script, iframe,
 * SVG or form survives; links keep only http(s), mailto and site paths; pictures only this site's
 * own `/media/` pictures. An external link opens no window and passes no reputation
 * (`rel="noopener nofollow ugc"`).
 */
export function sanitizeRichText(html: string, publicUrl: string): string {
  const own = new URL(publicUrl);
  const isExternal = (href: string) => {
    try {
      return new URL(href, own).host !== own.host;
    } catch {
      return true;
    }
  };
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
        if (!/^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(href)) return { tagName, attribs: {} };
        const kept: sanitizeHtml.Attributes = isExternal(href) ? { href, rel: 'noopener nofollow ugc' } : { href };
        return { tagName, attribs: kept };
      },
    },
    exclusiveFilter: (frame) => {
      // A picture must be one of this site's own (the picture pipeline's /media/ address).
      if (frame.tag === 'img') return !/^\/media\/[\w./-]+$/.test(frame.attribs.src ?? '');
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
