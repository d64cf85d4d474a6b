import { describe, expect, it } from 'vitest';
import { isAllowedLinkHref, readLinkAddress } from './rich-text-links';

describe('readLinkAddress', () => {
  it('keeps web and mail addresses and site paths as written', () => {
    expect(readLinkAddress(' https://example.com/a?b=1 ')).toEqual({ href: 'https://example.com/a?b=1' });
    expect(readLinkAddress('http://example.fi')).toEqual({ href: 'http://example.fi' });
    expect(readLinkAddress('mailto:tuki@kauppis.fi')).toEqual({ href: 'mailto:tuki@kauppis.fi' });
    expect(readLinkAddress('/info/contacts')).toEqual({ href: '/info/contacts' });
    expect(readLinkAddress('#ehdot')).toEqual({ href: '#ehdot' });
  });

  it('completes a bare domain to https and a bare e-mail address to mailto', () => {
    expect(readLinkAddress('example.com/page')).toEqual({ href: 'https://example.com/page' });
    expect(readLinkAddress('www.kauppis.fi')).toEqual({ href: 'https://www.kauppis.fi' });
    expect(readLinkAddress('tuki@kauppis.fi')).toEqual({ href: 'mailto:tuki@kauppis.fi' });
  });

  it('removes the link when the address is emptied', () => {
    expect(readLinkAddress('')).toEqual({ remove: true });
    expect(readLinkAddress('   ')).toEqual({ remove: true });
  });

  it('refuses every other scheme', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      'ftp://example.com',
      'file:///etc/passwd',
    ])
      expect(readLinkAddress(href)).toEqual({ problem: 'scheme' });
  });

  it('refuses what is not an address, including hidden characters and protocol-relative links', () => {
    for (const href of [
      'java\tscript:alert(1)',
      'java\u0000script:x',
      'hello world',
      'just-a-word',
      '//evil.example/x',
      'https://',
      'mailto:',
      '#',
    ])
      expect(readLinkAddress(href)).toEqual({ problem: 'invalid' });
  });
});

describe('isAllowedLinkHref', () => {
  it('allows only addresses that stay as they are', () => {
    expect(isAllowedLinkHref('https://example.com')).toBe(true);
    expect(isAllowedLinkHref('/blog')).toBe(true);
    expect(isAllowedLinkHref('javascript:alert(1)')).toBe(false);
    expect(isAllowedLinkHref('example.com')).toBe(false);
  });
});
