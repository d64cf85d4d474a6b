// Page-rendering benchmark: the server-rendered ad page, home and a catalog page next to the JSON
// of the same ads, as a browser asks for them (Accept-Encoding "br, gzip"), with the page cache off
// and on, optionally for several builds side by side (before/after a change):
//   npm run build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench npm run bench:pages
//   BENCH_BUILDS="before=/tmp/old-checkout,after=." npm run bench:pages
// Each build directory is a checkout with its own `build/` (`npm run build` there). Runs are
// interleaved (run 1 of every setup, then run 2, …) so the machine's noise spreads over all of them,
// and each figure is the median of BENCH_RUNS runs; compare ratios within a run, not across days.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { projectRoot } from '../server/paths.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the benchmark database (bench/generate.ts fills one)');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** `label=dir` pairs; each dir holds a `build/` of its own. */
const builds = (process.env.BENCH_BUILDS ?? `current=${projectRoot}`).split(',').map((pair) => {
  const [label, dir] = pair.split('=') as [string, string];
  return { label, dir: path.resolve(dir) };
});
/** Page cache seconds to try; a build that has no page cache ignores the setting (it reports as "off"). */
const CACHE_SETTINGS = (process.env.BENCH_PAGE_CACHE ?? '0,10').split(',').map(Number);
/** What a phone's Chromium sends for a page. */
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'br, gzip',
  'accept-language': 'fi-FI,fi;q=0.9,en;q=0.8',
  'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
};

const client = new pg.Client({ connectionString: url });
await client.connect();
const adCount = Number((await client.query(`select count(*) from products`)).rows[0].count);
const uuids: string[] = (await client.query(`select uuid from products where status = 'active' order by random() limit 200`)).rows.map(
  (r) => r.uuid,
);
const catalogPath = (
  await client.query(
    `select p.slug as parent, c.slug as child from catalogs c join catalogs p on p.id = c.parent_id
      where p.parent_id is null order by c.id limit 1`,
  )
).rows[0] as { parent: string; child: string };
await client.end();

interface Scenario {
  name: string;
  path: (i: number) => string;
  /** JSON scenarios are the same with the page cache on or off; measured once a run. */
  json?: boolean;
}
const scenarios: Scenario[] = [
  { name: 'ad JSON (GET /api/product/{uuid})', path: (i) => `/api/product/${uuids[i % uuids.length]}`, json: true },
  { name: 'ad page (GET /{uuid})', path: (i) => `/${uuids[i % uuids.length]}` },
  { name: 'home (GET /)', path: () => '/' },
  {
    name: `catalog (GET /catalogs/${catalogPath.parent}/${catalogPath.child})`,
    path: () => `/catalogs/${catalogPath.parent}/${catalogPath.child}`,
  },
];

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function startServer(dir: string, pageCacheSeconds: number) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-pages-'));
  // NODE_ENV is left unset on purpose: the built server must run in production mode by itself.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    DATA_DIR: dataDir,
    PAGE_CACHE_SECONDS: String(pageCacheSeconds),
    MAP_TILE_URL: '',
  };
  delete env.NODE_ENV;
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), path.join(dir, 'build/server/main.js')],
    {
      env,
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 240) throw new Error(`server in ${dir} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { base, stop };
}

async function load(base: string, scenario: Scenario, seconds: number) {
  let counter = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        headers: BROWSER_HEADERS,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: scenario.path(counter++) }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
    p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0,
    errors: result.errors + result.non2xx,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  };
}

type Figures = Awaited<ReturnType<typeof load>>;
/** setup label -> scenario -> one figure per run */
const results = new Map<string, Map<string, Figures[]>>();
/** A build from before the page cache has no such setting: it is measured once, as "off". */
const hasPageCache = (dir: string) => {
  const bundle = path.join(dir, 'build/server/server.js');
  return fs.existsSync(bundle) && fs.readFileSync(bundle, 'utf8').includes('PAGE_CACHE_SECONDS');
};
const setups = builds.flatMap((build) =>
  CACHE_SETTINGS.filter((seconds) => seconds === CACHE_SETTINGS[0] || hasPageCache(build.dir)).map((seconds) => ({
    ...build,
    seconds,
    label: `${build.label}, page cache ${seconds ? `${seconds} s` : 'off'}`,
  })),
);

for (let run = 1; run <= RUNS; run++) {
  for (const setup of setups) {
    const server = await startServer(setup.dir, setup.seconds);
    // Warm up: the first renders compile and fill the process's caches.
    for (const scenario of scenarios) await load(server.base, scenario, 1);
    for (const scenario of scenarios) {
      if (scenario.json && setup.seconds !== CACHE_SETTINGS[0]) continue;
      // With the cache on, every address of the sample is asked once first: the figure is of a warm cache.
      if (setup.seconds > 0) {
        let next = 0;
        const warm = async () => {
          while (next < uuids.length)
            await (await fetch(`${server.base}${scenario.path(next++)}`, { headers: BROWSER_HEADERS })).arrayBuffer();
        };
        await Promise.all(Array.from({ length: 8 }, warm));
      }
      const figures = await load(server.base, scenario, SECONDS);
      const bySetup = results.get(setup.label) ?? new Map<string, Figures[]>();
      results.set(setup.label, bySetup);
      bySetup.set(scenario.name, [...(bySetup.get(scenario.name) ?? []), figures]);
      console.log(
        `run ${run} · ${setup.label} · ${scenario.name}: ${Math.round(figures.rps)} req/s, p95 ${figures.p95} ms, ${Math.round(figures.bytes)} B, errors ${figures.errors}`,
      );
    }
    await server.stop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const lines = [
  `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}, PostgreSQL, ${adCount.toLocaleString('en')} ads;`,
  `autocannon ${CONNECTIONS} connections, ${SECONDS} s a scenario, browser headers (Accept-Encoding: br, gzip), medians of ${RUNS} runs.`,
  '',
  '| setup | scenario | req/s | p50 ms | p95 ms | bytes sent | errors | page ÷ JSON (same runs) |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const setup of setups) {
  const bySetup = results.get(setup.label)!;
  // The JSON figure of the same build's cache-off runs: the ratio is taken run by run, then the median.
  const json = results.get(setups.find((s) => s.dir === setup.dir && s.seconds === CACHE_SETTINGS[0])!.label)!.get(scenarios[0]!.name)!;
  for (const scenario of scenarios) {
    const figures = bySetup.get(scenario.name);
    if (!figures) continue;
    const ratio = scenario.json ? '' : median(figures.map((f, i) => f.rps / json[i]!.rps)).toFixed(2);
    lines.push(
      `| ${setup.label} | ${scenario.name} | ${Math.round(median(figures.map((f) => f.rps)))} | ${median(figures.map((f) => f.p50)).toFixed(1)} | ${median(figures.map((f) => f.p95)).toFixed(1)} | ${Math.round(median(figures.map((f) => f.bytes))).toLocaleString('en')} | ${figures.reduce((n, f) => n + f.errors, 0)} | ${ratio} |`,
    );
  }
}
console.log(`\n${lines.join('\n')}`);
if (process.env.BENCH_OUT) fs.writeFileSync(process.env.BENCH_OUT, `${lines.join('\n')}\n`);
