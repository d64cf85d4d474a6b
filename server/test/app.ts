import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createTestDatabase } from './database.ts';

/** The settings tests run with: embedded defaults, quiet logs, no demo data unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false' }), ...overrides };
}

/**
 * Boots the real app (API only) on a database of its own. Closing the app drops the database.
 * Use one per test file: `const app = await buildTestApp(); afterAll(() => app.close());`
 */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(overrides), { database, prepareDatabase: false });
  app.addHook('onClose', () => database.close());
  return app;
}
