import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types (the build's own freshness check).
import { buildIsFresh, root } from '../../scripts/source-hash.mjs';
import { buildApp } from '../app.ts';
import { createUser } from '../test/accounts.ts';
import { testConfig } from '../test/app.ts';
import { createPostgresCopy } from '../test/database.ts';
import { keepAsking } from '../test/keep-asking.ts';

/**
 * Two production server processes (`build/server/main.js`, as an operator runs them) on one
 * PostgreSQL and one Redis: a site-settings change and a category rename made through one reach
 * the cached pages of both within the README's two seconds, and no page with the old text is kept
 * after. Runs where both servers are configured (CI's second pass); builds the site first when the
 * build is missing or stale.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const PROPAGATION_MS = 2_000;

interface Instance {
  child: ChildProcess;
  base: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'build/server/main.js')], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server process exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, base };
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error('the server process did not answer within 60 s');
}

function stop({ child }: Instance): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A page as an English-reading visitor without a session gets it: its text and whether it came from the cache. */
async function page(instance: Instance, url: string): Promise<{ body: string; cache: string | null }> {
  const response = await fetch(`${instance.base}${url}`, { headers: { cookie: 'lang=en' } });
  expect(response.status).toBe(200);
  return { body: await response.text(), cache: response.headers.get('x-page-cache') };
}

describe.runIf(databaseUrl && redisUrl)('two server processes on PostgreSQL and Redis', () => {
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let drop: () => Promise<void> = async () => {};
  let dataDir: string;

  beforeAll(async () => {
    if (!buildIsFresh()) {
      const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
      if (built.status !== 0) throw new Error('the site did not build');
    }
    const copy = await createPostgresCopy(databaseUrl!);
    drop = copy.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-two-instances-'));
    const env = {
      DATABASE_URL: copy.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `kauppis-test:${crypto.randomBytes(6).toString('hex')}:`,
      // Shared, as the README's several-instances section says: each accepts the other's tokens.
      APP_SECRET: crypto.randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      PAGE_CACHE_SECONDS: '60',
      MAP_TILE_URL: '',
      LOG_LEVEL: 'warn',
    };
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    instances.push(a, b);
    // The test's own app (no port, no Redis) makes the staff account in the same database.
    app = await buildApp(testConfig({ databaseUrl: copy.url, dataDir, redisUrl: undefined }), { prepareDatabase: false });
    const user = await createUser(app, { roles: ['user', 'admin'] });
    const response = await fetch(`${a.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(response.status).toBe(200);
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('session='));
    admin = { authorization: `Bearer ${session!.split(';')[0]!.slice('session='.length)}`, 'content-type': 'application/json' };
  }, 300_000);

  afterAll(async () => {
    await Promise.all(instances.map(stop));
    await app?.close();
    await drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a site-name change through one process reaches the other’s cached pages, and no old page is kept after', async () => {
    for (let round = 1; round <= 3; round += 1) {
      const name = `Kauppis ${round} ${crypto.randomBytes(3).toString('hex')}`;
      await page(b, '/');
      expect((await page(b, '/')).cache).toBe('hit');
      // Visitors keep asking B while the change travels: a page rendered in between must not be
      // kept with the old name once the new one is in.
      const asking = keepAsking(
        async () => (await page(b, '/')).body,
        (body) => body.includes(name),
      );
      const changed = await fetch(`${a.base}/api/admin/app-settings`, {
        method: 'PATCH',
        headers: admin,
        body: JSON.stringify({ site_name: name }),
      });
      expect(changed.status, await changed.text()).toBe(200);
      await expect.poll(async () => (await page(b, '/')).body.includes(name), { timeout: PROPAGATION_MS, interval: 50 }).toBe(true);
      await sleep(300);
      await asking.stop();
      const first = asking.seen.indexOf(true);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(asking.seen.slice(first).every(Boolean), `round ${round}: a page with the old name came back`).toBe(true);
      expect((await page(b, '/')).cache).toBe('hit');
    }
  });

  it('a category rename through one process reaches the cached pages of both', async () => {
    const tree = (await (await fetch(`${a.base}/api/admin/catalogs`, { headers: admin })).json()) as {
      data: { id: number; slug: string; path: string[] }[];
    };
    const bikes = tree.data.find((node) => node.slug === 'city-bikes')!;
    const url = `/catalogs/${bikes.path.join('/')}`;
    for (const instance of [a, b]) {
      await page(instance, url);
      expect((await page(instance, url)).cache).toBe('hit');
    }
    const name = `Town bikes ${crypto.randomBytes(3).toString('hex')}`;
    const renamed = await fetch(`${a.base}/api/admin/catalogs/${bikes.id}`, {
      method: 'PATCH',
      headers: admin,
      body: JSON.stringify({ name_en: name }),
    });
    expect(renamed.status, await renamed.text()).toBe(200);
    // On the process that made it, the next page has it; the other hears of it through Redis.
    expect((await page(a, url)).body).toContain(name);
    await expect.poll(async () => (await page(b, url)).body.includes(name), { timeout: PROPAGATION_MS, interval: 50 }).toBe(true);
  });
});
