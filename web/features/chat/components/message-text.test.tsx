// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { MessageText, hiddenHost } from './message-text';

afterEach(cleanup);

const i18n = createI18n('en', { en });

function rendered(text: string) {
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <MessageText text={text} />
    </I18nProvider>,
  );
  return container.querySelector('p')!;
}

describe('MessageText', () => {
  it('turns web addresses into links that open apart and pass no referrer or ranking', () => {
    const p = rendered('Pictures at https://example.fi/kuvat, or www.kauppis.fi.');
    const links = [...p.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['https://example.fi/kuvat', 'https://example.fi/kuvat'],
      ['www.kauppis.fi', 'https://www.kauppis.fi/'],
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    }
    expect(p.textContent).toBe('Pictures at https://example.fi/kuvat, or www.kauppis.fi.');
  });

  it('shows markup in a message as the characters typed, never as HTML', () => {
    const text = '<img src=x onerror=alert(1)><b>bold</b> <a href="javascript:alert(1)">click</a> &amp;';
    const p = rendered(text);
    expect(p.textContent).toBe(text);
    expect(p.querySelector('img, b')).toBeNull();
    expect(p.querySelectorAll('a')).toHaveLength(0);
    expect(p.children).toHaveLength(0);
  });

  it('links no address that is not http or https', () => {
    const p = rendered('javascript:alert(1) data:text/html,hi ftp://files.example.fi http://localhost/x');
    expect(p.querySelectorAll('a')).toHaveLength(0);
  });

  it('keeps a link inside markup-like text harmless', () => {
    const p = rendered('see https://example.fi/?q=<script>x</script>');
    const link = p.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.fi/?q=');
    expect(p.querySelector('script')).toBeNull();
    expect(p.textContent).toBe('see https://example.fi/?q=<script>x</script>');
  });

  it('keeps line breaks of the message (pre-wrap)', () => {
    const p = rendered('one\ntwo');
    expect(p.textContent).toBe('one\ntwo');
    expect(p.className).toContain('whitespace-pre-wrap');
  });

  it('shows the real host beside a link whose text hides it: a look-alike name or a name before @', () => {
    const p = rendered('Maksa tästä: https://аррӏе.com/login tai https://kauppis.fi@evil.example/pay');
    const links = [...p.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://xn--80ak6aa92e.com/login', 'https://kauppis.fi@evil.example/pay']);
    expect(p.textContent).toBe(
      'Maksa tästä: https://аррӏе.com/login (The link leads to xn--80ak6aa92e.com) tai https://kauppis.fi@evil.example/pay (The link leads to evil.example)',
    );
  });

  it('adds nothing when the text already says the host', () => {
    for (const text of ['https://example.fi/kuvat', 'www.kauppis.fi', 'HTTPS://Example.FI/x', 'http://xn--80ak6aa92e.com']) {
      expect(rendered(text).textContent, text).toBe(text);
    }
    expect(hiddenHost('https://tori.fi:8080/a', 'https://tori.fi:8080/a')).toBeUndefined();
    expect(hiddenHost('https://pörssi.fi', new URL('https://pörssi.fi').href)).toBe('xn--prssi-jua.fi');
  });
});
