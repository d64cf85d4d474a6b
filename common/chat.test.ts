import { describe, expect, it } from 'vitest';
import { linkify } from './chat.ts';

describe('linkify', () => {
  it('finds http(s) and www addresses and leaves the sentence around them as text', () => {
    expect(linkify('Katso https://example.com/pyora?id=5, tai www.tori.fi.')).toEqual([
      { kind: 'text', text: 'Katso ' },
      { kind: 'link', text: 'https://example.com/pyora?id=5', href: 'https://example.com/pyora?id=5' },
      { kind: 'text', text: ', tai ' },
      { kind: 'link', text: 'www.tori.fi', href: 'https://www.tori.fi/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps a closing bracket or quote outside the link', () => {
    expect(linkify('(https://example.com/a)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never makes a link of another scheme or of markup, and plain text stays one segment', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      '<a href="https://x.fi">x</a>',
      'mailto:a@b.fi',
      'http://localhost',
    ]) {
      expect(linkify(text).every((segment) => segment.kind === 'text' || segment.href.startsWith('https://x.fi'))).toBe(true);
    }
    expect(linkify('Hei, onko vielä myynnissä?')).toEqual([{ kind: 'text', text: 'Hei, onko vielä myynnissä?' }]);
    expect(linkify('')).toEqual([]);
  });

  it('the segments put together give back the text exactly', () => {
    const samples = [
      'a https://b.fi c',
      'www.x.fi/www.y.fi',
      'https://a.fi,https://b.fi',
      'ääkköset https://fi.wikipedia.org/wiki/Åland ok',
    ];
    for (const text of samples)
      expect(
        linkify(text)
          .map((segment) => segment.text)
          .join(''),
      ).toBe(text);
  });
});
