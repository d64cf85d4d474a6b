import { describe, expect, it } from 'vitest';
import { swRoute } from './sw-routing.ts';

const origin = 'https://kauppis.example';
const route = (path: string, options: { method?: string; mode?: string; precached?: string[]; base?: string } = {}) =>
  swRoute({
    url: `${options.base ?? origin}${path}`,
    method: options.method ?? 'GET',
    mode: options.mode ?? 'cors',
    origin,
    precached: options.precached ?? ['/favicon.svg', '/offline?lang=fi'],
  });

describe('the service worker’s routing', () => {
  it('never answers the API, the socket, pictures, page data or anything but GET from its cache', () => {
    expect(route('/api/products')).toBe('bypass');
    expect(route('/api/me', { mode: 'navigate' })).toBe('bypass');
    expect(route('/api')).toBe('bypass');
    expect(route('/ws')).toBe('bypass');
    expect(route('/media/ads/1.webp')).toBe('bypass');
    expect(route('/settings/profile.data')).toBe('bypass');
    expect(route('/assets/entry.client-abc.js', { method: 'POST' })).toBe('bypass');
    expect(route('/sw.js')).toBe('bypass');
    expect(route('/manifest.webmanifest')).toBe('bypass');
  });

  it('leaves other sites alone', () => {
    expect(route('/assets/x.js', { base: 'https://cdn.example' })).toBe('bypass');
    expect(route('/', { base: 'https://elsewhere.example', mode: 'navigate' })).toBe('bypass');
  });

  it('takes pages from the network (offline page as the fallback), never from the cache', () => {
    expect(route('/', { mode: 'navigate' })).toBe('navigation');
    expect(route('/settings/profile', { mode: 'navigate' })).toBe('navigation');
  });

  it('serves built assets and the precached shell from the cache', () => {
    expect(route('/assets/entry.client-abc.js')).toBe('asset');
    expect(route('/assets/root-abc.css')).toBe('asset');
    expect(route('/favicon.svg')).toBe('asset');
    expect(route('/offline?lang=fi')).toBe('asset');
    expect(route('/offline?lang=de')).toBe('bypass');
    expect(route('/robots.txt')).toBe('bypass');
  });
});
