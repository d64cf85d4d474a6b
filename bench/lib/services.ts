// The app's services on a benchmark database, as server/app.ts wires them, in the benchmark's own
// process (no HTTP): production settings, a data folder of its own, memory counters and realtime,
// and the mailer the benchmark gives (one that counts, or one that drops).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import type { openDatabase } from '../../server/db/client.ts';
import { createBackgroundWork } from '../../server/platform/background.ts';
import { createMemoryCounters } from '../../server/platform/counters.ts';
import type { Mailer } from '../../server/platform/mail.ts';
import { createPresence } from '../../server/platform/presence.ts';
import { createMemoryRealtime } from '../../server/platform/realtime.ts';
import { createSealer } from '../../server/platform/secrets.ts';
import { createStorage } from '../../server/platform/storage.ts';
import { createServices } from '../../server/services.ts';

export async function benchServices(
  database: Awaited<ReturnType<typeof openDatabase>>,
  url: string,
  options: { mailer?: Mailer; settings?: Record<string, string> } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-bench-services-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://kauppis.example',
    APP_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    SEED_DEMO_DATA: 'false',
    JOBS_POLL_SECONDS: '0',
    ...options.settings,
  });
  const log = (message: string, detail: Record<string, unknown>) => console.error(message, detail);
  const services = createServices(database, config, {
    mailer: options.mailer ?? { send: async () => {}, close: () => {} },
    storage: await createStorage(config),
    counters: createMemoryCounters(),
    sealer: createSealer(config.appSecret!),
    background: createBackgroundWork(log),
    realtime: createMemoryRealtime(),
    presence: createPresence(),
    log,
  });
  return { services, dataDir, cleanUp: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}
