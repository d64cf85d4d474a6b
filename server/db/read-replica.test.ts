import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WROTE_COOKIE } from '../../common/cookies.ts';
import { buildApp } from '../app.ts';
import { createUser, loginAs } from '../test/accounts.ts';
import { createAd } from '../test/ads.ts';
import { testConfig } from '../test/app.ts';
import { createPostgresCopy } from '../test/database.ts';
import { migrationsDir } from '../paths.ts';
import { openDatabase } from './client.ts';

/**
 * DATABASE_READ_URL against a real streaming replica of the test server (`.ci/replica start`
 * makes one on port 5433; CI runs this file with TEST_REPLICA_PORT set). The replica's replay is
 * paused to make it lag on purpose: visitors then read the replica's older state, the seller who
 * wrote reads the primary, and a replica behind the allowed lag is not read at all.
 */
const primaryUrl = process.env.DATABASE_URL;
const replicaPort = process.env.TEST_REPLICA_PORT;

describe.skipIf(!primaryUrl || !replicaPort)('a read replica (DATABASE_READ_URL)', () => {
  let copy: Awaited<ReturnType<typeof createPostgresCopy>>;
  let replicaUrl: string;
  let replicaAdmin: pg.Client;
  const apps: FastifyInstance[] = [];

  /** The app on the copy, reading from the replica while it is at most `maxLagSeconds` behind. */
  async function appWithReplica(maxLagSeconds: number, listingCacheSeconds = 0) {
    const database = await openDatabase({ url: copy.url, migrationsFolder: migrationsDir });
    const config = testConfig({ databaseUrl: copy.url, databaseRead: { url: replicaUrl, maxLagSeconds }, listingCacheSeconds });
    const app = await buildApp(config, { database, prepareDatabase: false });
    app.addHook('onClose', () => database.close());
    apps.push(app);
    return app;
  }

  async function until<T>(ask: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
    for (let i = 0; ; i++) {
      const value = await ask().catch(() => undefined);
      if (value !== undefined && holds(value)) return value;
      if (i === 200) throw new Error('the replica never caught up');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    copy = await createPostgresCopy(primaryUrl!);
    const url = new URL(copy.url);
    url.port = replicaPort!;
    replicaUrl = url.toString();
    replicaAdmin = new pg.Client({ connectionString: replicaUrl.replace(/\/[^/]*$/, '/postgres') });
    await replicaAdmin.connect();
    // The new database reaches the replica by replication.
    await until(
      async () => (await replicaAdmin.query('select 1 from pg_database where datname = $1', [url.pathname.slice(1)])).rowCount,
      (n) => n === 1,
    );
  });

  afterAll(async () => {
    await replicaAdmin?.query('select pg_wal_replay_resume()').catch(() => {});
    for (const app of apps) await app.close();
    await replicaAdmin?.end();
    await copy?.drop();
  });

  it('shows visitors the replica, the seller who just wrote their own edit, and nobody a replica too far behind', async () => {
    // With the listing cache on: a visitor's answer from the replica must not reach the seller.
    const app = await appWithReplica(60, 15);
    const seller = await createUser(app);
    const ad = await createAd(app, { userId: seller.id, name: 'Replikatesti Jopo', priceCents: 10_000 });
    const { headers } = await loginAs(app, seller);
    const search = async (cookies: Record<string, string> = {}, on = app) => {
      const response = await on.inject({ method: 'POST', url: '/api/products', payload: { name: 'replikatesti' }, cookies });
      return response.json<{ data: { uuid: string; price: number }[] }>().data.find((card) => card.uuid === ad.uuid)?.price;
    };
    const adPage = async (cookies: Record<string, string> = {}) =>
      (await app.inject({ url: `/api/product/${ad.uuid}`, headers, cookies })).json<{ data: { price: number } }>().data.price;

    // The replica has the ad and is known to be close behind.
    await until(
      async () => (await app.services.reads.check(), app.services.reads.replicaState().usable && (await search())),
      (price) => price === 100,
    );

    // The replica stops replaying: what is written now stays on the primary.
    await replicaAdmin.query('select pg_wal_replay_pause()');
    const edit = await app.inject({ method: 'PATCH', url: '/api/product', headers, payload: { productUuid: ad.uuid, price: 80 } });
    expect(edit.statusCode).toBe(200);
    const wrote = edit.cookies.find((c) => c.name === WROTE_COOKIE);
    expect(wrote?.value).toBeDefined();
    await app.services.reads.check();
    expect(app.services.reads.replicaState().usable).toBe(true);

    // Visitors read the replica: the old price, in the search and on the ad page.
    expect(await search()).toBe(100);
    // The seller, whose browser wrote a moment ago, reads the primary everywhere.
    expect(await search({ [WROTE_COOKIE]: wrote!.value })).toBe(80);
    expect(await adPage({ [WROTE_COOKIE]: wrote!.value })).toBe(80);
    // A search sent by POST is no write: it leaves no mark.
    expect((await app.inject({ method: 'POST', url: '/api/products', payload: { name: 'replikatesti' } })).cookies).toEqual([]);

    // An instance that allows no lag sees the paused replica as behind and reads the primary.
    const strict = await appWithReplica(0);
    await strict.services.reads.check();
    expect(strict.services.reads.replicaState()).toMatchObject({ usable: false });
    expect(await search({}, strict)).toBe(80);

    // Once the replica replays again, visitors see the edit too (after their cached answer).
    await replicaAdmin.query('select pg_wal_replay_resume()');
    app.services.products.invalidateListing();
    expect(
      await until(
        () => search(),
        (price) => price === 80,
      ),
    ).toBe(80);
    await strict.services.reads.check();
    expect(strict.services.reads.replicaState()).toMatchObject({ usable: true, lagMs: 0 });
  });

  it('reads the primary when the replica cannot be reached', async () => {
    const url = new URL(replicaUrl);
    url.port = '1';
    const database = await openDatabase({ url: copy.url, migrationsFolder: migrationsDir });
    const app = await buildApp(testConfig({ databaseUrl: copy.url, databaseRead: { url: url.toString(), maxLagSeconds: 5 } }), {
      database,
      prepareDatabase: false,
    });
    app.addHook('onClose', () => database.close());
    apps.push(app);
    await app.services.reads.check();
    expect(app.services.reads.replicaState()).toEqual({ usable: false, lagMs: null });
    const response = await app.inject({ method: 'POST', url: '/api/products', payload: {} });
    expect(response.statusCode).toBe(200);
  });
});
