import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { type BuildOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createTestDatabase } from './database.ts';

/**
 * The settings tests run with: embedded defaults, quiet logs, no demo data unless asked. With
 * REDIS_URL in the environment (CI's second pass) the app keeps its counters in Redis, under a
 * prefix of its own so that test files running side by side never share a count.
 */
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
      // Likewise for whole pages; server/platform/page-cache.test.ts turns it on.
      PAGE_CACHE_SECONDS: '0',
      // Every test account is new: the new accounts' daily limits have their own tests (server/modules/safety).
      NEW_ACCOUNT_DAYS: '0',
      // Tests send the unread-message mails themselves (services.chat.sendDueMails).
      CHAT_MAIL_POLL_SECONDS: '0',
      // Tests run the job queue themselves (services.jobs.runDue, with their own clock).
      JOBS_POLL_SECONDS: '0',
      // No map tiles: tests never reach the internet.
      MAP_TILE_URL: '',
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: `kauppis-test:${randomBytes(6).toString('hex')}:`,
    }),
    ...overrides,
  };
}

/**
 * Boots the real app (API only unless `web` is given) on a database of its own: PGlite, or a new
 * PostgreSQL database when DATABASE_URL is set. Closing the app drops the database, its data
 * folder and its Redis keys. Use one per test file: `const app = await buildTestApp(); afterAll(() => app.close());`
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, 'web' | 'hibpFetch' | 'now'> = {},
): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp(config, { ...options, database, prepareDatabase: false });
  app.addHook('onClose', async () => {
    await database.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    if (config.redisUrl) await deleteRedisKeys(config.redisUrl, config.redisPrefix);
  });
  return app;
}

/** Every key under a prefix: what one test app has written to Redis. */
export function redisKeys(url: string, prefix: string): Promise<string[]> {
  return withRedis(url, (redis) => scanKeys(redis, prefix));
}

function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  return withRedis(url, async (redis) => {
    const keys = await scanKeys(redis, prefix);
    if (keys.length > 0) await redis.del(...keys);
  });
}

async function withRedis<T>(url: string, work: (redis: Redis) => Promise<T>): Promise<T> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url);
  try {
    return await work(redis);
  } finally {
    await redis.quit();
  }
}

async function scanKeys(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 })) keys.push(...(batch as string[]));
  return keys;
}
