// Listing and ad-page benchmark against a PostgreSQL filled by bench/generate.ts:
//   npm run build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench npx tsx bench/run.ts
// It starts the built server on that database, loads each scenario with autocannon (16
// connections), runs the same queries straight through the repository in this process, checks
// the query plans, and writes bench/RESULTS.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { createCatalogRepo } from '../server/modules/catalog/catalog.repo.ts';
import { createCatalogService } from '../server/modules/catalog/catalog.service.ts';
import { createProductsRepo, type ListingQuery } from '../server/modules/products/products.repo.ts';
import { searchTerms } from '../server/modules/products/search-terms.ts';
import { explainStatements, recordStatements } from './explain.ts';
import { migrationsDir, projectRoot } from '../server/paths.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the benchmark database');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SQL_RUNS = Number(process.env.BENCH_SQL_RUNS ?? 200);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

const client = new pg.Client({ connectionString: url });
await client.connect();
const adCount = Number((await client.query(`select count(*) from products`)).rows[0].count);
const activeCount = Number((await client.query(`select count(*) from products where status = 'active'`)).rows[0].count);
const sampleUuids: string[] = (
  await client.query(`select uuid from products where status = 'active' order by random() limit 200`)
).rows.map((r) => r.uuid);
const uusimaa = (await client.query(`select id from regions where code = '01'`)).rows[0].id as number;
const transport = (await client.query(`select id from catalogs where slug = 'transport'`)).rows[0].id as number;
const electronics = (await client.query(`select id from catalogs where slug = 'electronics'`)).rows[0].id as number;

const QUERIES = ['polkupyörä', 'sohva', 'talvirenkaat', 'iphone', 'fillari', 'polkupyörra', 'kesämökki', 'kitara'];
/** Words few ads or none have: the case that used to walk the whole table in date order. */
const RARE = ['kulmasohva harvia', 'helkma', 'xyzzyq', 'lohkolämmitin'];
interface Scenario {
  name: string;
  body?: Record<string, unknown>;
  bodies?: Record<string, unknown>[];
  path?: (i: number) => string;
}
const scenarios: Scenario[] = [
  { name: 'listing, no filters', body: {} },
  { name: 'text search (8 queries in turn)', bodies: QUERIES.map((name) => ({ name })) },
  {
    name: 'region + catalog filter',
    bodies: [
      { regions: [uusimaa], catalogs: [transport] },
      { regions: [uusimaa], catalogs: [electronics] },
    ],
  },
  { name: 'text + region + catalog', bodies: [{ name: 'polkupyörä', regions: [uusimaa], catalogs: [transport] }] },
  { name: 'rare and unknown words (4 in turn)', bodies: RARE.map((name) => ({ name })) },
  { name: 'ad API (GET /api/product/{uuid})', path: (i) => `/api/product/${sampleUuids[i % sampleUuids.length]}` },
  { name: 'ad page HTML (GET /{uuid})', path: (i) => `/${sampleUuids[i % sampleUuids.length]}` },
];

// The server, as in production.
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-bench-'));
const server = spawn(process.execPath, [path.join(projectRoot, 'build/server/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
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

interface HttpResult {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}
const http: HttpResult[] = [];
for (const scenario of scenarios) {
  const latencies: number[] = [];
  let counter = 0;
  const requests: autocannon.Request[] = scenario.path
    ? [{ method: 'GET', setupRequest: (req) => ({ ...req, path: scenario.path!(counter++) }) }]
    : (scenario.bodies ?? [scenario.body!]).map((body) => ({
        method: 'POST',
        path: '/api/products',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }));
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  http.push({
    name: scenario.name,
    rps: Math.round(result.requests.average),
    ...summary(latencies),
    errors: result.errors + result.non2xx,
  });
  console.log(scenario.name, http.at(-1));
}
server.kill('SIGTERM');

// The same listing queries straight through the repository, no HTTP, no JSON.
const handle = await openDatabase({ url, migrationsFolder: migrationsDir });
const repo = createProductsRepo(handle.db);
const catalog = createCatalogService(createCatalogRepo(handle.db));
const baseQuery: ListingQuery = { cityIds: [], regionIds: [], catalogIds: [], terms: [], sort: 'created_at_desc', limit: 20, offset: 0 };
const sqlScenarios: { name: string; queries: ListingQuery[] }[] = [
  { name: 'listing, no filters', queries: [baseQuery] },
  {
    name: 'text search (8 queries in turn)',
    queries: QUERIES.map((q) => ({ ...baseQuery, terms: searchTerms(q), sort: 'relevance' as const })),
  },
  {
    name: 'region + catalog filter',
    queries: [
      { ...baseQuery, regionIds: [uusimaa], catalogIds: await catalog.withDescendants([transport]) },
      { ...baseQuery, regionIds: [uusimaa], catalogIds: await catalog.withDescendants([electronics]) },
    ],
  },
  {
    name: 'text + region + catalog',
    queries: [
      {
        ...baseQuery,
        terms: searchTerms('polkupyörä'),
        sort: 'relevance',
        regionIds: [uusimaa],
        catalogIds: await catalog.withDescendants([transport]),
      },
    ],
  },
  {
    name: 'rare and unknown words (4 in turn)',
    queries: RARE.map((q) => ({ ...baseQuery, terms: searchTerms(q), sort: 'relevance' as const })),
  },
];
const direct: { name: string; p50: number; p95: number; p99: number }[] = [];
for (const scenario of sqlScenarios) {
  const samples: number[] = [];
  for (let i = 0; i < SQL_RUNS; i++) {
    const started = performance.now();
    await repo.searchActive(scenario.queries[i % scenario.queries.length]!);
    samples.push(performance.now() - started);
  }
  direct.push({ name: scenario.name, ...summary(samples) });
}
await handle.close();

// Plans of the exact statements the repository sends for each scenario's first query, replayed
// with the settings it makes in its transaction: no sequential scan over the ads.
const plans: { name: string; seqScan: boolean; wholeIndex: boolean; plan: string }[] = [];
/** An index read over most of the active ads is a table scan by another name. */
const readsMostAds = (plan: string) =>
  [...plan.matchAll(/Index (?:Only )?Scan[^\n]*? on products\w*[^\n]*actual rows=(\d+)/g)].some((m) => Number(m[1]) > activeCount / 2);
{
  const recorder = recordStatements();
  const traced = await openDatabase({ url, migrationsFolder: migrationsDir });
  const tracedRepo = createProductsRepo(traced.db);
  for (const scenario of sqlScenarios) {
    for (const [index, query] of scenario.queries.entries()) {
      recorder.statements.length = 0;
      await tracedRepo.searchActive(query);
      recorder.state.paused = true;
      const explained = await explainStatements(client, [...recorder.statements]);
      recorder.state.paused = false;
      // Long conditions (the tsquery of five stemmers) are cut so the file stays readable.
      const plan = explained.map((p) => p.replace(/^(.{200}).+$/gm, '$1…')).join('\n\n');
      plans.push({
        name: `${scenario.name} #${index + 1}`,
        seqScan: /Seq Scan on products/.test(plan),
        wholeIndex: readsMostAds(plan),
        plan,
      });
    }
  }
  recorder.stop();
  await traced.close();
}
await client.end();

const ms = (n: number) => n.toFixed(1);
const lines = [
  '# Benchmark results',
  '',
  `Run on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}, PostgreSQL; ${adCount.toLocaleString('en')} ads (${activeCount.toLocaleString('en')} active).`,
  `HTTP: autocannon, ${CONNECTIONS} connections, ${SECONDS} s a scenario, against \`node build/server/main.js\`. Direct: the same repository call in-process, sequential, ${SQL_RUNS} runs.`,
  '',
  '## HTTP',
  '',
  '| scenario | req/s | p50 ms | p95 ms | p99 ms | errors |',
  '|---|---|---|---|---|---|',
  ...http.map((r) => `| ${r.name} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.errors} |`),
  '',
  '## Direct SQL (repository) and the app overhead',
  '',
  '| scenario | p50 ms | p95 ms | HTTP p50 ÷ SQL p50 |',
  '|---|---|---|---|',
  ...direct.map((d) => {
    const h = http.find((r) => r.name === d.name);
    return `| ${d.name} | ${ms(d.p50)} | ${ms(d.p95)} | ${h ? (h.p50 / d.p50).toFixed(1) : '–'} |`;
  }),
  '',
  '(HTTP latencies are under 16 concurrent connections, the direct ones sequential, so the ratio includes queueing on 2 cores.)',
  '',
  '## Query plans',
  '',
  ...plans.flatMap((p) => [
    `### ${p.name}: ${p.seqScan ? 'SEQUENTIAL SCAN' : p.wholeIndex ? 'READS MOST ADS THROUGH AN INDEX' : 'indexes only, no sequential scan, no index read over most ads'}`,
    '',
    '```',
    p.plan,
    '```',
    '',
  ]),
  '## Commands',
  '',
  '```sh',
  'npm run build',
  'DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench npx tsx bench/generate.ts 1000000',
  'DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench npx tsx bench/run.ts',
  '```',
  '',
];
fs.writeFileSync(path.resolve(projectRoot, process.env.BENCH_OUT ?? 'bench/RESULTS.md'), lines.join('\n'));
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(lines.join('\n'));
