/**
 * One app process for tests that need several (the messenger's cross-process delivery): the real
 * app, API and socket, configured from the environment like server/main.ts, on a free port that it
 * reports to its parent over IPC. SIGTERM closes it gracefully.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

const app = await buildApp(loadConfig());
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (app.server.address() as AddressInfo).port });
process.once('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
