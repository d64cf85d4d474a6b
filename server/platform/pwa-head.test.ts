import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, withoutScriptNonce } from './page-cache.ts';
import { SERVICE_WORKER_BOOT_SCRIPT, withPwaHead } from '../../common/pwa-head.ts';

const page =
  '<!DOCTYPE html><html lang="fi"><head><meta charSet="utf-8"/><meta name="theme-color" content="#0f4c81"/><title>x</title></head><body></body></html>';

describe('the installable app in the document head', () => {
  it('puts the manifest, the dark theme colour before the plain one, and the registration allowed by its hash', () => {
    const html = withPwaHead(page, { nonce: 'n0nce' });
    expect(html.indexOf('<link rel="manifest" href="/manifest.webmanifest"/>')).toBeGreaterThan(html.indexOf('charSet'));
    expect(html.indexOf('media="(prefers-color-scheme: dark)"')).toBeLessThan(html.indexOf('content="#0f4c81"'));
    const hash = `'sha256-${crypto.createHash('sha256').update(SERVICE_WORKER_BOOT_SCRIPT).digest('base64')}'`;
    expect(inlineScriptHashes(html, 'n0nce')).toEqual([hash]);
    expect(withoutScriptNonce(html, 'n0nce')).toContain(`<script>${SERVICE_WORKER_BOOT_SCRIPT}</script>`);
  });

  it('registers no worker when not asked to (development)', () => {
    const html = withPwaHead(page, null);
    expect(html).toContain('rel="manifest"');
    expect(html).not.toContain('<script');
  });
});
