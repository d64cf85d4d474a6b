import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';

const clean = (html: string) => sanitizeRichText(html, 'https://kauppis.example');

describe('sanitizeRichText', () => {
  it('keeps the structure the editor makes', () => {
    const html =
      '<h2>Otsikko</h2><p>Teksti <strong>vahva</strong> <em>kursiivi</em></p><ul><li>yksi</li></ul><ol start="3"><li>kolme</li></ol><blockquote><p>lainaus</p></blockquote>';
    expect(clean(html)).toBe(html);
  });

  it('removes scripts, handlers, inline styles, iframes, SVG and forms', () => {
    const out = clean(
      '<p style="color:red" class="x" onclick="alert(1)">a</p><script>alert(1)</script><img src="/media/a.webp" onerror="alert(1)"><iframe src="https://evil.example"></iframe><svg><script>alert(1)</script></svg><form><input></form><style>p{}</style>',
    );
    expect(out).toBe('<p>a</p><img src="/media/a.webp" />');
    expect(out).not.toMatch(/script|onerror|onclick|style|iframe|svg|form|input|alert/);
  });

  it('drops javascript:, data: and protocol-relative links but keeps their text', () => {
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="JaVaScRiPt&#58;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href=" vbscript:x">x</a>')).toBe('<a>x</a>');
  });

  it('marks external links noopener nofollow ugc and leaves the site’s own alone', () => {
    expect(clean('<a href="https://tietosuoja.fi" target="_blank">T</a>')).toBe(
      '<a href="https://tietosuoja.fi" rel="noopener nofollow ugc">T</a>',
    );
    expect(clean('<a href="/info/privacy-policy">P</a>')).toBe('<a href="/info/privacy-policy">P</a>');
    expect(clean('<a href="https://kauppis.example/blog">B</a>')).toBe('<a href="https://kauppis.example/blog">B</a>');
  });

  it('keeps only the site’s own pictures', () => {
    expect(clean('<img src="https://evil.example/x.png" alt="x">')).toBe('');
    expect(clean('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(clean('<img src="/media/content/ab/cd.webp" alt="Kuva" width="800" height="600">')).toBe(
      '<img src="/media/content/ab/cd.webp" alt="Kuva" width="800" height="600" />',
    );
  });
});

describe('sanitizeRichText reads every address as the browser will (issue 31)', () => {
  // Each of these is /api/impersonate/take/6 (or another host) to a browser, however it is written.
  const forged = [
    '/media/../api/impersonate/take/6',
    '/media/./../api/impersonate/take/6',
    '/media/%2e%2e/api/impersonate/take/6',
    '/media/%2E%2E/api/impersonate/take/6',
    '/media/.%2e/api/impersonate/take/6',
    '/media/%2E%2E%2Fapi/impersonate/take/6',
    '/media/..%2fapi/impersonate/take/6',
    '/media\\..\\api/impersonate/take/6',
    '/media/..%5capi/impersonate/take/6',
    '/media/..%5Capi/impersonate/take/6',
    '/media/%252e%252e/api/impersonate/take/6',
    '/media/%25252e%25252e/api/impersonate/take/6',
    '/media/%252e%252e%252fapi/impersonate/take/6',
    '/media/%2e%2e?x=/media/a.webp',
    '/media/content/..',
    '/media/&#46;&#46;/api/impersonate/take/6',
    '/media/\t../api/impersonate/take/6',
    'https://kauppis.example/media/../api/impersonate/take/6',
    'http://kauppis.example/media/%2e%2e/api/impersonate/take/6',
    '/api/impersonate/take/6',
    '/API/impersonate/take/6',
    '/%61pi/impersonate/take/6',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\\/evil.example/x',
    '\\\\evil.example/x',
    'https:evil.example',
  ];

  it.each(forged)('a picture at %s is dropped', (src) => {
    expect(clean(`<p>a</p><img src="${src}" alt="x">`)).toBe('<p>a</p>');
  });

  it.each(forged)('a link to %s keeps its text but loses its address', (href) => {
    expect(clean(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
  });

  it('keeps a picture only as the picture pipeline names it: /media/<storage key>, nothing more', () => {
    for (const src of ['/media/content/ab/cd.webp', '/media/content/0f1e2d3c-4b5a-4697-8877-665544332211.webp']) {
      expect(clean(`<img src="${src}">`)).toBe(`<img src="${src}" />`);
    }
    for (const src of [
      '/media/Content/x.webp',
      '/media/content/x.webp?v=1',
      '/media/content/x.webp#x',
      '/media/content/%78.webp',
      '/media/content//x.webp',
      '/media/',
      'https://kauppis.example/media/content/x.webp',
      ' /media/content/x.webp',
    ]) {
      expect(clean(`<img src="${src}">`), src).toBe('');
    }
  });

  it('keeps ordinary links on the site and elsewhere as written', () => {
    for (const href of ['/blog/kesan-kirpputorit?sivu=2#alku', '/haku?q=%C3%A4%2Fx', '/info/tietosuoja', '#alku']) {
      expect(clean(`<a href="${href}">x</a>`)).toBe(`<a href="${href.replace(/&/g, '&amp;')}">x</a>`);
    }
    expect(clean('<a href="mailto:tuki@kauppis.example">x</a>')).toBe(
      '<a href="mailto:tuki@kauppis.example" rel="noopener nofollow ugc">x</a>',
    );
    // Another site's paths are its own business: no API rule for them, and the rel marks them.
    expect(clean('<a href="https://example.org/a/../api/%2e%2e">x</a>')).toBe(
      '<a href="https://example.org/a/../api/%2e%2e" rel="noopener nofollow ugc">x</a>',
    );
  });
});

describe('richTextToPlain', () => {
  it('gives the text without tags, entities decoded, whitespace collapsed', () => {
    expect(richTextToPlain('<h2>Turvallinen</h2>\n<p>kauppa &amp; <strong>vinkit</strong></p><script>x</script>')).toBe(
      'Turvallinen kauppa & vinkit',
    );
  });
});
