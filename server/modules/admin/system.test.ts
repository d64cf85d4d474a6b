import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('GET /api/admin/system', () => {
  it('tells versions, migrations, drivers and queue lengths, and nothing secret', async () => {
    const admin = await createUser(app, { roles: ['user', 'admin'] });
    const seller = await createUser(app);
    await createAd(app, { userId: seller.id, name: 'Odottaa tarkastusta', status: 'moderate' });
    const reply = await app.inject({ url: '/api/admin/system', headers: (await loginAs(app, admin)).headers });
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data.runtime.node).toBe(process.version);
    expect(data.database.driver).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(data.database.version).toMatch(/PostgreSQL \d+/);
    expect(data.database.migrations).toBeGreaterThanOrEqual(10);
    expect(data.database.migration_list[0]).toEqual({ name: '0000_extensions', applied: true });
    expect(data.database.migration_list.every((m: { applied: boolean }) => m.applied)).toBe(true);
    expect(data.database.migration_list).toHaveLength(data.database.migrations);
    expect(data.drivers).toEqual({
      realtime: process.env.REDIS_URL ? 'redis' : 'memory',
      counters: process.env.REDIS_URL ? 'redis' : 'memory',
      storage: 'files',
      mail: 'files',
    });
    expect(data.queues.ads_to_review).toBeGreaterThanOrEqual(1);
    const text = reply.body;
    for (const secret of [app.config.appSecret ?? 'no-secret-set', 'postgres://', 'redis://']) expect(text).not.toContain(secret);
  });

  it('is for the admin area only', async () => {
    const moderator = await createUser(app, { roles: ['user', 'moderator'] });
    expect((await app.inject({ url: '/api/admin/system', headers: (await loginAs(app, moderator)).headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/system' })).statusCode).toBe(401);
  });
});
