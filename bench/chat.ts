// Messenger benchmark: delivery latency of chat messages over the real API and the /ws socket.
//   npm run build
//   npx tsx bench/chat.ts                         # one app process, 200 messages/s
//   BENCH_PROCESSES=2 npx tsx bench/chat.ts       # two processes over Redis, members split
//   BENCH_RATES=200,400,600 BENCH_RUNS=3 npx tsx bench/chat.ts
// The database (default postgres://postgres@127.0.0.1:5432/chat_bench) is created and migrated if
// needed and gets its bench accounts, sessions and ads straight through SQL; the rooms are opened
// by each buyer's first message through the API. Every run starts fresh app processes
// (`node build/server/main.js`, as in production), connects two sockets per room (seller and buyer;
// with two processes the seller's to the first and the buyer's to the second, so that every
// delivery crosses Redis), sends at the target rate from alternating members, and times each
// message from just before the send to the moment the other member's socket has it.
// See bench/README.md and the Messenger section of bench/RESULTS.md.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { seedReferenceData } from '../server/db/seed/reference.ts';
import { migrationsDir, projectRoot } from '../server/paths.ts';
import { hashToken } from '../server/platform/secrets.ts';
import type { LoadResult, LoadRoom, Member, StartCommand } from './chat-load.ts';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/chat_bench';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
/** One process on Redis too (counters and fan-out), to tell Redis's cost from the second process's. */
const ONE_ON_REDIS = process.env.BENCH_REDIS === '1';
const RATES = (process.env.BENCH_RATES ?? '200').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MIN_ROOMS = Number(process.env.BENCH_ROOMS ?? 500);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const WINDOW_S = Number(process.env.BENCH_SECONDS ?? 30);
const DRAIN_S = Number(process.env.BENCH_DRAIN_SECONDS ?? 5);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const MAX_IN_FLIGHT = Number(process.env.BENCH_MAX_IN_FLIGHT ?? 2000);
/**
 * The send throttle allows 30 messages a minute per account (MESSAGES_PER_USER); the benchmark
 * keeps every account at 24 at most, and adds rooms (accounts) for rates that would need more.
 */
const PER_USER_PER_MINUTE = 24;
const JSON_OUT = process.env.BENCH_JSON;
if (![1, 2].includes(PROCESSES)) throw new Error('BENCH_PROCESSES must be 1 or 2');
const useRedis = PROCESSES === 2 || ONE_ON_REDIS;

const roomsFor = (rate: number) => Math.max(MIN_ROOMS, Math.ceil((rate * 60) / (2 * PER_USER_PER_MINUTE)));

// ---------------------------------------------------------------------------------------------
// Processes we start are ended on every way out.

const children = new Set<ChildProcess>();
function killChildren(signal: NodeJS.Signals = 'SIGKILL') {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
process.on('exit', () => killChildren());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killChildren();
    process.exit(130);
  });
}
process.on('unhandledRejection', (error) => {
  console.error(error);
  killChildren();
  process.exit(1);
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// The population: sellers, buyers, their sessions (the raw token is the bearer), one ad per room.

interface Pair {
  index: number;
  seller: { id: number; token: string };
  buyer: { id: number; token: string };
  productId: number;
  productUuid: string;
}

const tokenOf = (userId: number) => `chat-bench-${userId}-${hashToken(`chat-bench:${userId}`).slice(0, 32)}`;

async function ensureDatabase(): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  await client.end();
  const handle = await openDatabase({ url, migrationsFolder: migrationsDir });
  await handle.migrate();
  await seedReferenceData(handle.db);
  await handle.close();
}

async function ensureAccounts(client: pg.Client, roomCount: number): Promise<Pair[]> {
  const emailOf = (role: string, i: number) => `chat-bench-${role}-${i}@example.com`;
  const wanted = Array.from({ length: roomCount }, (_, i) => [emailOf('seller', i), emailOf('buyer', i)]).flat();
  const known = new Map<string, number>(
    (await client.query(`select id, email from users where email like 'chat-bench-%'`)).rows.map((r) => [
      r.email as string,
      r.id as number,
    ]),
  );
  const missing = wanted.filter((email) => !known.has(email));
  for (let i = 0; i < missing.length; i += 1000) {
    const batch = missing.slice(i, i + 1000);
    const rows = await client.query(
      `insert into users (name, email, email_verified_at, notify_messages)
       select 'Bench ' || split_part(e, '@', 1), e, now(), false from unnest($1::text[]) e returning id, email`,
      [batch],
    );
    for (const row of rows.rows) known.set(row.email, row.id);
  }
  const ids = wanted.map((email) => known.get(email)!);
  await client.query(
    `insert into user_roles (user_id, role_id) select u, (select id from roles where slug = 'user') from unnest($1::int[]) u
     on conflict do nothing`,
    [ids],
  );
  await client.query(
    `insert into sessions (id, user_id, remember, expires_at) select t.id, t.u, true, now() + interval '30 days'
     from unnest($1::text[], $2::int[]) t(id, u)
     on conflict (id) do update set expires_at = excluded.expires_at, last_seen_at = now()`,
    [ids.map((id) => hashToken(tokenOf(id))), ids],
  );
  const sellerIds = ids.filter((_, i) => i % 2 === 0);
  const haveAd = new Set<number>(
    (await client.query(`select user_id from products where user_id = any($1::int[])`, [sellerIds])).rows.map((r) => r.user_id),
  );
  const needAd = sellerIds.filter((id) => !haveAd.has(id));
  if (needAd.length) {
    const catalog = (
      await client.query(`select c.id from catalogs c where not exists (select 1 from catalogs k where k.parent_id = c.id) limit 1`)
    ).rows[0].id;
    const city = (await client.query(`select id, region_id from municipalities order by id limit 1`)).rows[0];
    await client.query(
      `insert into products (user_id, catalog_id, city_id, region_id, name, description, price_cents, status, image_count)
       select u, $2, $3, $4, 'Bench sohva ' || u, 'Bench ad for the messenger benchmark.', 10000, 'active', 0 from unnest($1::int[]) u`,
      [needAd, catalog, city.id, city.region_id],
    );
  }
  const ads = new Map<number, { id: number; uuid: string }>(
    (await client.query(`select id, uuid, user_id from products where user_id = any($1::int[])`, [sellerIds])).rows.map((r) => [
      r.user_id,
      { id: r.id, uuid: r.uuid },
    ]),
  );
  return Array.from({ length: roomCount }, (_, index) => {
    const sellerId = ids[index * 2]!;
    const buyerId = ids[index * 2 + 1]!;
    const ad = ads.get(sellerId)!;
    return {
      index,
      seller: { id: sellerId, token: tokenOf(sellerId) },
      buyer: { id: buyerId, token: tokenOf(buyerId) },
      productId: ad.id,
      productUuid: ad.uuid,
    };
  });
}

/** Opens the rooms that do not exist yet with each buyer's first message, through the API; answers room ids by pair. */
async function ensureRooms(client: pg.Client, pairs: Pair[], port: number): Promise<Map<number, number>> {
  const existing = async () =>
    new Map<string, number>(
      (
        await client.query(`select id, product_id, buyer_id from chat_rooms where product_id = any($1::int[])`, [
          pairs.map((p) => p.productId),
        ])
      ).rows.map((r) => [`${r.product_id}:${r.buyer_id}`, r.id]),
    );
  let rooms = await existing();
  const missing = pairs.filter((p) => !rooms.has(`${p.productId}:${p.buyer.id}`));
  let next = 0;
  const lane = async () => {
    while (next < missing.length) {
      const pair = missing[next++]!;
      const response = await fetch(`http://127.0.0.1:${port}/api/channel/product/${pair.productUuid}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pair.buyer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Onko tämä vielä myynnissä?', client_id: crypto.randomUUID() }),
      });
      if (response.status !== 201) throw new Error(`opening a room failed: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  if (missing.length) {
    console.log(`opened ${missing.length} rooms through the API`);
    await client.query('analyze');
    rooms = await existing();
  }
  return new Map(pairs.map((p) => [p.index, rooms.get(`${p.productId}:${p.buyer.id}`)!]));
}

// ---------------------------------------------------------------------------------------------
// App processes.

interface AppProcess {
  child: ChildProcess;
  port: number;
  dataDir: string;
  logFile: string;
}

async function startApps(prefix: string): Promise<AppProcess[]> {
  const entry = path.join(projectRoot, 'build/server/main.js');
  if (!fs.existsSync(entry)) throw new Error('no production build: run `npm run build` first');
  const apps: AppProcess[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-chat-bench-'));
    const logFile = path.join(dataDir, 'server.log');
    const log = fs.openSync(logFile, 'a');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      APP_SECRET: 'chat-bench-secret-chat-bench-secret-0123456789',
    };
    delete env.REDIS_URL;
    delete env.REDIS_PREFIX;
    if (useRedis) Object.assign(env, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
    // BENCH_APP_NODE_ARGS: e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the app processes.
    const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeArgs, entry], { env, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    children.add(child);
    child.on('exit', () => children.delete(child));
    apps.push({ child, port, dataDir, logFile });
  }
  for (const app of apps) {
    for (let i = 0; ; i++) {
      if (app.child.exitCode !== null) throw new Error(`app process exited: ${fs.readFileSync(app.logFile, 'utf8').slice(-2000)}`);
      try {
        if ((await fetch(`http://127.0.0.1:${app.port}/readyz`)).ok) break;
      } catch {
        // not up yet
      }
      if (i > 240) throw new Error('app process did not start');
      await sleep(250);
    }
  }
  return apps;
}

async function stopApps(apps: AppProcess[]): Promise<void> {
  await Promise.all(
    apps.map(
      (app) =>
        new Promise<void>((resolve) => {
          if (app.child.exitCode !== null || app.child.signalCode !== null) return resolve();
          const force = setTimeout(() => app.child.kill('SIGKILL'), 12_000);
          app.child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          app.child.kill('SIGTERM');
        }),
    ),
  );
  for (const app of apps) fs.rmSync(app.dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// CPU accounting: the app processes, this process (the load generator), and the whole machine.

const TICK = 100; // USER_HZ on Linux
function processTicks(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
function machineTicks(): { busy: number; total: number } {
  const values = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = values[3]! + values[4]!;
  return { busy: total - idle, total };
}
/** CPU ticks of every process by name (postgres backends, redis-server), so the rest of the machine shows too. */
function ticksByName(names: string[]): Map<number, { name: string; ticks: number }> {
  const found = new Map<number, { name: string; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const name = fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (names.includes(name)) found.set(Number(entry), { name, ticks: processTicks(Number(entry)) });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
interface CpuSample {
  at: number;
  apps: number[];
  self: NodeJS.CpuUsage;
  machine: { busy: number; total: number };
  services: Map<number, { name: string; ticks: number }>;
}
const cpuSample = (apps: AppProcess[]): CpuSample => ({
  at: performance.now(),
  apps: apps.map((a) => processTicks(a.child.pid!)),
  self: process.cpuUsage(),
  machine: machineTicks(),
  services: ticksByName(['postgres', 'redis-server']),
});
/** CPU (in cores) of the processes of one name between two samples, counting those alive at both. */
function serviceCores(before: CpuSample, after: CpuSample, name: string, seconds: number): number {
  let ticks = 0;
  for (const [pid, now] of after.services) {
    const then = before.services.get(pid);
    if (now.name === name) ticks += now.ticks - (then?.ticks ?? 0);
  }
  return ticks / TICK / seconds;
}

/**
 * Other work on the machine spoils the figures (2 cores): before each run, wait until the machine
 * has been nearly idle for 3 s (at most QUIET_WAIT_S); the run records how busy the rest was.
 */
const QUIET_WAIT_S = Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 30);
async function waitForQuiet(): Promise<number> {
  const started = Date.now();
  for (;;) {
    const a = machineTicks();
    await sleep(3000);
    const b = machineTicks();
    const busy = ((b.busy - a.busy) / (b.total - a.total)) * os.cpus().length;
    if (busy < 0.25 || Date.now() - started > QUIET_WAIT_S * 1000) {
      if (busy >= 0.25) console.log(`the machine is not quiet (${busy.toFixed(2)} cores busy); running anyway`);
      return (Date.now() - started) / 1000;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// One run.

/** A worker thread does not inherit tsx's loader: it registers it, then loads the TypeScript. */
const LOAD_THREAD = `import('tsx/esm/api').then(({ register }) => {
  register();
  return import(${JSON.stringify(new URL('./chat-load.ts', import.meta.url).href)});
});`;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

interface RunResult {
  rate: number;
  rooms: number;
  sockets: number;
  processes: number;
  redis: boolean;
  workers: number;
  sent: number;
  delivered: number;
  undelivered: number;
  skipped: number;
  httpErrors: Record<string, number>;
  achieved: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  httpP50: number;
  httpP99: number;
  /** CPU of each app process over the window, in cores (1.0 = one core busy). */
  appCpu: number[];
  loadgenCpu: number;
  postgresCpu: number;
  redisCpu: number;
  /** The rest of the machine: other people's work, the kernel's share not charged to a process. */
  otherCpu: number;
  machineCpu: number;
  /** The busiest load-generator thread's event-loop utilisation and delay p99. */
  loadgenElu: number;
  loadgenLoopDelayP99: number;
  socketsClosed: number;
}

async function runOnce(rate: number, pairs: Pair[], roomIds: Map<number, number>, runIndex: number): Promise<RunResult> {
  const prefix = `chatbench:${process.pid}:${runIndex}:`;
  await waitForQuiet();
  const apps = await startApps(prefix);
  try {
    const [first, second = first] = apps as [AppProcess, AppProcess?];
    const rooms: LoadRoom[] = pairs.map((pair) => {
      const seller: Member = { userId: pair.seller.id, token: pair.seller.token, port: first.port };
      const buyer: Member = { userId: pair.buyer.id, token: pair.buyer.token, port: second!.port };
      return { roomId: roomIds.get(pair.index)!, members: [seller, buyer] };
    });
    const shares: LoadRoom[][] = Array.from({ length: WORKERS }, () => []);
    rooms.forEach((room, i) => shares[i % WORKERS]!.push(room));
    const workers = shares.map((share) => new Worker(LOAD_THREAD, { eval: true, workerData: { rooms: share } }));
    const exited = workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          worker.once('exit', () => resolve());
        }),
    );
    const next = (worker: Worker) =>
      new Promise<{ type: 'ready'; sockets: number } | { type: 'error'; message: string } | LoadResult>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    try {
      const ready = await Promise.all(workers.map(next));
      for (const message of ready)
        if (message.type !== 'ready') throw new Error(`load generator: ${message.type === 'error' ? message.message : message.type}`);
      const results = workers.map(next);
      workers.forEach((worker, i) =>
        worker.postMessage({
          type: 'start',
          rate: (rate * shares[i]!.length) / rooms.length,
          warmupMs: WARMUP_S * 1000,
          windowMs: WINDOW_S * 1000,
          drainMs: DRAIN_S * 1000,
          maxInFlight: Math.ceil(MAX_IN_FLIGHT / WORKERS),
        } satisfies StartCommand),
      );
      let before: CpuSample | undefined;
      let after: CpuSample | undefined;
      setTimeout(() => (before = cpuSample(apps)), WARMUP_S * 1000).unref();
      setTimeout(() => (after = cpuSample(apps)), (WARMUP_S + WINDOW_S) * 1000).unref();
      const done = await Promise.all(results);
      // The threads' windows end a moment before the timer when nothing is left to drain.
      after ??= cpuSample(apps);
      for (const message of done)
        if (message.type !== 'result') throw new Error(`load generator: ${message.type === 'error' ? message.message : message.type}`);
      for (const app of apps)
        if (app.child.exitCode !== null) throw new Error(`app process died: ${fs.readFileSync(app.logFile, 'utf8').slice(-2000)}`);
      const parts = done.filter((m): m is LoadResult => m.type === 'result');
      const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
      const httpLatencies = parts.flatMap((p) => p.httpLatencies).sort((a, b) => a - b);
      const sum = (pick: (p: LoadResult) => number) => parts.reduce((total, p) => total + pick(p), 0);
      const httpErrors: Record<string, number> = {};
      for (const part of parts) for (const [k, v] of Object.entries(part.httpErrors)) httpErrors[k] = (httpErrors[k] ?? 0) + v;
      const seconds = (after!.at - before!.at) / 1000;
      const cores = (ticks: number) => ticks / TICK / seconds;
      const machine = ((after!.machine.busy - before!.machine.busy) / (after!.machine.total - before!.machine.total)) * os.cpus().length;
      const appCpu = apps.map((_, i) => cores(after!.apps[i]! - before!.apps[i]!));
      const loadgenCpu = (after!.self.user + after!.self.system - before!.self.user - before!.self.system) / 1e6 / seconds;
      const postgresCpu = serviceCores(before!, after!, 'postgres', seconds);
      const redisCpu = serviceCores(before!, after!, 'redis-server', seconds);
      return {
        rate,
        rooms: rooms.length,
        sockets: rooms.length * 2,
        processes: PROCESSES,
        redis: useRedis,
        workers: WORKERS,
        sent: sum((p) => p.sent),
        delivered: sum((p) => p.delivered),
        undelivered: sum((p) => p.undelivered),
        skipped: sum((p) => p.skipped),
        httpErrors,
        achieved: sum((p) => p.delivered) / WINDOW_S,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? NaN,
        httpP50: percentile(httpLatencies, 50),
        httpP99: percentile(httpLatencies, 99),
        appCpu,
        loadgenCpu,
        postgresCpu,
        redisCpu,
        otherCpu: Math.max(0, machine - appCpu.reduce((a, b) => a + b, 0) - loadgenCpu - postgresCpu - redisCpu),
        machineCpu: machine,
        loadgenElu: Math.max(...parts.map((p) => p.elu)),
        loadgenLoopDelayP99: Math.max(...parts.map((p) => p.loopDelayP99)),
        socketsClosed: sum((p) => p.socketsClosed),
      };
    } finally {
      for (const worker of workers) worker.postMessage({ type: 'stop' });
      await Promise.race([Promise.all(exited), sleep(2000)]);
      await Promise.all(workers.map((w) => w.terminate()));
    }
  } finally {
    await stopApps(apps);
    if (useRedis) await dropRedisKeys(prefix);
  }
}

async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = nextCursor;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

await ensureDatabase();
const client = new pg.Client({ connectionString: url });
await client.connect();
const maxRooms = Math.max(...RATES.map(roomsFor));
const allPairs = await ensureAccounts(client, maxRooms);
let roomIds: Map<number, number>;
{
  const apps = await startApps(`chatbench:${process.pid}:setup:`);
  try {
    roomIds = await ensureRooms(client, allPairs, apps[0]!.port);
  } finally {
    await stopApps(apps);
    if (useRedis) await dropRedisKeys(`chatbench:${process.pid}:setup:`);
  }
}
const messagesBefore = Number((await client.query('select count(*) from chat_messages')).rows[0].count);
await client.end();

const mode =
  PROCESSES === 2
    ? 'two processes, Redis fan-out, members on different processes'
    : ONE_ON_REDIS
      ? 'one process on Redis'
      : 'one process, in-process fan-out';
console.log(
  `messenger benchmark: ${mode}; ${os.cpus().length} cores, Node ${process.version}; ${WARMUP_S} s warm-up, ${WINDOW_S} s window, ` +
    `${RUNS} runs a rate, ${WORKERS} load-generator thread(s); ${messagesBefore.toLocaleString('en')} messages stored before`,
);
const all: RunResult[] = [];
let runIndex = 0;
/** A run during which other work took more than this many cores is done again (twice at most). */
const MAX_OTHER_CPU = Number(process.env.BENCH_MAX_OTHER_CPU ?? 0.25);
for (const rate of RATES) {
  const pairs = allPairs.slice(0, roomsFor(rate));
  for (let run = 0; run < RUNS; run++) {
    let result = await runOnce(rate, pairs, roomIds, runIndex++);
    for (let retry = 0; retry < 2 && result.otherCpu > MAX_OTHER_CPU; retry++) {
      console.log(`rate ${rate}/s run ${run + 1}: other work took ${result.otherCpu.toFixed(2)} cores meanwhile; again`);
      result = await runOnce(rate, pairs, roomIds, runIndex++);
    }
    all.push(result);
    console.log(
      `rate ${rate}/s run ${run + 1}: achieved ${result.achieved.toFixed(1)}/s, p50 ${ms(result.p50)} p95 ${ms(result.p95)} p99 ${ms(result.p99)} max ${ms(result.max)} ms; ` +
        `HTTP p50 ${ms(result.httpP50)} p99 ${ms(result.httpP99)}; sent ${result.sent}, undelivered ${result.undelivered}, skipped ${result.skipped}, ` +
        `errors ${JSON.stringify(result.httpErrors)}; CPU cores: app ${result.appCpu.map((c) => c.toFixed(2)).join('+')}, load ${result.loadgenCpu.toFixed(2)}, ` +
        `postgres ${result.postgresCpu.toFixed(2)}, redis ${result.redisCpu.toFixed(2)}, other ${result.otherCpu.toFixed(2)}, ` +
        `machine ${result.machineCpu.toFixed(2)} of ${os.cpus().length}; load ELU ${result.loadgenElu.toFixed(2)}, loop delay p99 ${ms(result.loadgenLoopDelayP99)} ms`,
    );
  }
}

console.log('\nMedians of the runs:\n');
console.log(
  '| target msg/s | rooms (sockets) | achieved msg/s | p50 ms | p95 ms | p99 ms | max ms | HTTP p50 / p99 ms | undelivered + errors | CPU cores: app / load gen / PostgreSQL / Redis / other |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const rate of RATES) {
  const runs = all.filter((r) => r.rate === rate);
  const m = (pick: (r: RunResult) => number) => median(runs.map(pick));
  const failures = runs.reduce((t, r) => t + r.undelivered + r.skipped + Object.values(r.httpErrors).reduce((a, b) => a + b, 0), 0);
  console.log(
    `| ${rate} | ${runs[0]!.rooms} (${runs[0]!.sockets}) | ${m((r) => r.achieved).toFixed(1)} | ${ms(m((r) => r.p50))} | ${ms(m((r) => r.p95))} | ${ms(m((r) => r.p99))} | ${ms(m((r) => r.max))} | ` +
      `${ms(m((r) => r.httpP50))} / ${ms(m((r) => r.httpP99))} | ${failures} | ${m((r) => r.appCpu.reduce((a, b) => a + b, 0)).toFixed(2)} / ${m((r) => r.loadgenCpu).toFixed(2)} / ${m((r) => r.postgresCpu).toFixed(2)} / ${m((r) => r.redisCpu).toFixed(2)} / ${m((r) => r.otherCpu).toFixed(2)} |`,
  );
}
if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(all, null, 2));
