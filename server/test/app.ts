import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createTestDatabase } from './database.ts';

/** The settings tests run with: embedded defaults, quiet logs, no demo data unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-test-data-'));
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      DATA_DIR: dataDir,
      APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
      // Tests change ads and list them at once; the cache has its own tests.
      LISTING_CACHE_SECONDS: '0',
      // No map tiles: tests never reach the internet.
      MAP_TILE_URL: '',
    }),
    ...overrides,
  };
}

/**
 * Boots the real app (API only) on a database of its own. Closing the app drops the database.
 * Use one per test file: `const app = await buildTestApp(); afterAll(() => app.close());`
 */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp(config, { database, prepareDatabase: false });
  app.addHook('onClose', async () => {
    await database.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });
  return app;
}
