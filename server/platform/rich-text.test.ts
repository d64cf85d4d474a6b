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

describe('richTextToPlain', () => {
  it('gives the text without tags, entities decoded, whitespace collapsed', () => {
    expect(richTextToPlain('<h2>Turvallinen</h2>\n<p>kauppa &amp; <strong>vinkit</strong></p><script>x</script>')).toBe(
      'Turvallinen kauppa & vinkit',
    );
  });
});
