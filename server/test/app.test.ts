import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './accounts.ts';
import { buildTestApp, redisKeys } from './app.ts';

// CI runs the suite twice: embedded, then with DATABASE_URL and REDIS_URL. These tests show that
// the second pass really puts the apps the tests build on PostgreSQL and Redis.
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const NO_REDIS = 'REDIS_URL is not set (CI sets it in its second pass: REDIS_URL=redis://127.0.0.1:6379 npm test)';

const failLogin = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Wrong#Password1' } });

describe('the app the tests build', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it(`runs on ${databaseUrl ? 'a PostgreSQL database of its own' : 'PGlite'}`, async () => {
    expect(app.services.database.driver).toBe(databaseUrl ? 'postgres' : 'pglite');
    const result = (await app.services.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    // PGlite has one database, `postgres`; on a server each test file gets a clone of the template.
    expect(result.rows[0]?.name).toMatch(databaseUrl ? /^kauppis_test_[0-9a-f]{12}$/ : /^postgres$/);
  });

  it('keeps its log-in counters in Redis under a prefix of its own, and removes them when closed', async (context) => {
    if (!redisUrl) context.skip(NO_REDIS);
    const closing = await buildTestApp();
    const prefix = closing.config.redisPrefix;
    expect(prefix).not.toBe(app.config.redisPrefix);
    const user = await createUser(closing);
    expect((await failLogin(closing, user.email)).statusCode).toBe(422);

    expect((await redisKeys(redisUrl!, prefix)).sort()).toEqual([
      `${prefix}counter:login:address:${user.email}`,
      `${prefix}counter:login:ip:127.0.0.1`,
    ]);
    // Another app's counters are its own.
    expect(await redisKeys(redisUrl!, app.config.redisPrefix)).toEqual([]);

    await closing.close();
    expect(await redisKeys(redisUrl!, prefix)).toEqual([]);
  });

  it('shares the log-in throttle with another app on the same Redis prefix, as two instances do', async (context) => {
    if (!redisUrl) context.skip(NO_REDIS);
    const shared = `${app.config.redisPrefix}shared:`;
    const first = await buildTestApp({ redisPrefix: shared });
    const second = await buildTestApp({ redisPrefix: shared });
    try {
      const email = 'two-instances@example.com';
      for (let i = 0; i < 5; i++) expect((await failLogin(first, email)).statusCode).toBe(422);
      const refused = await failLogin(second, email);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
