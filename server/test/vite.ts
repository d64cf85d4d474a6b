import { type ViteDevServer, createServer } from 'vite';

let shared: Promise<ViteDevServer> | undefined;

/**
 * The Vite dev server that renders pages for the tests that ask for them, one per test worker: the
 * server test files share their worker's modules, so the second file finds the pages already
 * transformed instead of paying seconds to start Vite and compile the app again. Each file still
 * builds its own app (and database) around it. Nothing watches the files; the worker's end closes it.
 */
export function testVite(): Promise<ViteDevServer> {
  shared ??= createServer({
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    logLevel: 'silent',
  });
  return shared;
}
