/**
 * How the service worker treats a request: a pure function, tested here and copied into /sw.js by
 * its source text (pwa.service.ts), so it must not reach anything outside itself.
 * - `bypass`: the network as if no worker were there: other sites, anything not GET, the API, the
 *   socket, pictures, navigation data (`.data`), the worker and manifest themselves;
 * - `navigation`: a page: always from the network (pages are never stored: the worker cannot tell a
 *   signed-in page from a public one, the session cookie being httpOnly), the offline page when
 *   the network is gone;
 * - `asset`: a built file (hashed names under /assets/, never changing) or a precached shell file:
 *   from the cache, else the network, stored.
 */
export type SwRoute = 'bypass' | 'navigation' | 'asset';

export interface SwRequestFacts {
  url: string;
  method: string;
  mode: string;
  /** The worker's origin (self.location.origin). */
  origin: string;
  /** Paths the worker precached at install (the shell, icons, offline pages). */
  precached: readonly string[];
}

export function swRoute(request: SwRequestFacts): SwRoute {
  if (request.method !== 'GET') return 'bypass';
  const url = new URL(request.url);
  if (url.origin !== request.origin) return 'bypass';
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/') || path === '/ws' || path.startsWith('/media/')) return 'bypass';
  if (path === '/sw.js' || path === '/manifest.webmanifest' || path.endsWith('.data')) return 'bypass';
  if (request.mode === 'navigate') return 'navigation';
  if (path.startsWith('/assets/')) return 'asset';
  if (request.precached.includes(path + url.search)) return 'asset';
  return 'bypass';
}
