// What the HTTP benchmarks share (run.ts, fields.ts): the built server started on a benchmark
// database as in production, autocannon load with every request from another address (the
// per-client throttles are not what is measured), and the figures reported as medians of runs.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../../server/paths.ts';

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export function summary(samples: number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * What an HTTP benchmark of the built server runs with: its database (never the tests'), checked
 * to be set and the build to exist, and the load's settings from the environment.
 */
export function httpBenchSettings(example: string) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error(`set DATABASE_URL to a benchmark database, e.g. ${example}`);
  const databaseName = new URL(url).pathname.slice(1);
  if (databaseName === 'test' || databaseName.startsWith('kauppis_test')) throw new Error(`refusing to run on ${databaseName}`);
  if (!fs.existsSync(path.join(projectRoot, 'build/server/main.js'))) throw new Error('run `npm run build` first');
  return {
    url,
    databaseName,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 16),
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    repeat: Number(process.env.BENCH_REPEAT ?? 3),
  };
}

/** The built server (`npm run build` first) on DATABASE_URL, with the given settings; resolves when it is ready. */
export async function startServer(
  env: Record<string, string> = {},
  /** Node's own flags for the server process (a CPU profile: bench/profile-listing.ts). */
  nodeArgs: string[] = [],
): Promise<{ base: string; process: ChildProcess; stop: () => void }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, path.join(projectRoot, 'build/server/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 240) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const stop = () => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, process: child, stop };
}

/** A figure of the server's /metrics (loopback may read them); 0 when absent. */
export async function serverMetric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'mu').exec(text)?.[1] ?? 0);
}

/**
 * Starts the server's listing index with a first listing (the server starts it when ready too) and
 * waits for it; says how long it took and what it added to the process's resident memory.
 */
export async function waitForListingIndex(base: string): Promise<string> {
  const before = await serverMetric(base, 'process_resident_memory_bytes');
  const started = performance.now();
  await fetch(`${base}/api/products`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  while ((await serverMetric(base, 'listing_index_ads')) === 0) {
    if (performance.now() - started > 600_000) throw new Error('the listing index did not load in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await serverMetric(base, 'process_resident_memory_bytes');
  const ads = (await serverMetric(base, 'listing_index_ads')).toLocaleString('en');
  return `The server's index loaded ${ads} listed ads in ${seconds.toFixed(1)} s (the process's resident memory ${Math.round(before / 1e6)} → ${Math.round(after / 1e6)} MB).`;
}

export interface Scenario {
  name: string;
  /** POST bodies sent in turn (to `post`, /api/products by default), or a GET path per request. */
  bodies?: unknown[];
  post?: string;
  path?: (i: number) => string;
}

export interface HttpResult {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** One autocannon run of a scenario. */
export async function load(base: string, scenario: Scenario, connections: number, seconds: number): Promise<HttpResult> {
  const latencies: number[] = [];
  let counter = 0;
  const client = () => {
    const n = counter++;
    return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  };
  const requests: autocannon.Request[] = scenario.path
    ? [{ method: 'GET', setupRequest: (req) => ({ ...req, path: scenario.path!(counter), headers: { ...req.headers, ...client() } }) }]
    : (scenario.bodies ?? []).map((body) => ({
        method: 'POST',
        path: scenario.post ?? '/api/products',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, ...client() } }),
      }));
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base, connections, duration: seconds, requests }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return { name: scenario.name, rps: Math.round(result.requests.average), ...summary(latencies), errors: result.errors + result.non2xx };
}

/** Each scenario `repeat` times, round robin (a noisy minute does not hit one scenario's every run); the medians of the runs. */
export async function loadRounds(base: string, scenarios: Scenario[], options: { connections: number; seconds: number; repeat: number }) {
  const runs = new Map<string, HttpResult[]>();
  for (let round = 0; round < options.repeat; round++) {
    for (const scenario of scenarios) {
      const one = await load(base, scenario, options.connections, options.seconds);
      runs.set(scenario.name, [...(runs.get(scenario.name) ?? []), one]);
      console.log(`round ${round + 1}`, scenario.name, one);
    }
  }
  return scenarios.map((scenario): HttpResult => {
    const all = runs.get(scenario.name)!;
    return {
      name: scenario.name,
      rps: median(all.map((r) => r.rps)),
      p50: median(all.map((r) => r.p50)),
      p95: median(all.map((r) => r.p95)),
      p99: median(all.map((r) => r.p99)),
      errors: all.reduce((n, r) => n + r.errors, 0),
    };
  });
}
