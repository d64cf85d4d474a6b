// Listing and ad-page benchmark against a PostgreSQL filled by bench/generate.ts:
//   npm run build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench npx tsx bench/run.ts
// It starts the built server on that database, loads each scenario with autocannon (16
// connections; BENCH_REPEAT times, medians reported), runs the same queries straight through the
// repository in this process one at a time (wall time and the database's share: the time its
// statements took from send to answer), runs the raw-SQL floor for the same words
// (`plainto_tsquery('finnish', …)` newest first through the GIN index) alone and at 16
// connections, checks the query plans, and writes bench/RESULTS.md (or BENCH_OUT).
// Set LISTING_CACHE_SECONDS=0 to measure without the listing cache.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { createCatalogRepo } from '../server/modules/catalog/catalog.repo.ts';
import { createCatalogService } from '../server/modules/catalog/catalog.service.ts';
import type { ListingQuery } from '../server/modules/products/listing-query.ts';
import { createSearchRepo } from '../server/modules/search/search.repo.ts';
import { HINT_SAMPLE } from '../server/modules/search/hints.ts';
import { searchTerms, synonymsFrom } from '../server/modules/search/search-terms.ts';
import { explainStatements, recordStatements } from './explain.ts';
import { type HttpResult, type Scenario, loadRounds, startServer, summary } from './lib/http-load.ts';
import { migrationsDir, projectRoot } from '../server/paths.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the benchmark database');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SQL_RUNS = Number(process.env.BENCH_SQL_RUNS ?? 200);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
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
/** What people type into the search box, letter by letter (the hints). */
const HINTS = ['po', 'polku', 'polkupyö', 'soh', 'sohva', 'talvir', 'iph', 'kesäm', 'kitara', 'samsung ga'];
/**
 * How people really type (issue 28's judged-style mix, written for this benchmark): several words,
 * typos, no ä/ö/å, Swedish and inflected forms, colloquial words.
 */
const MIXED = [
  'helkama jopo sininen',
  'talvirenkaat 16 tuumaa',
  'iphone 13 pro',
  'polkupyora',
  'kesamokki',
  'sohwa',
  'iphnoe',
  'cykel',
  'soffa',
  'vinterdäck',
  'sohvia',
  'polkupyörän',
  'kännykkä',
  'lasten talvihaalari 110',
  'kitara vahvistin',
  'nojatuoli nahka',
];
/** Words few ads or none have: the case that used to walk the whole table in date order. */
const RARE = ['kulmasohva harvia', 'helkma', 'xyzzyq', 'lohkolämmitin'];
const scenarios: Scenario[] = [
  { name: 'listing, no filters', bodies: [{}] },
  { name: 'text search (8 queries in turn)', bodies: QUERIES.map((name) => ({ name })) },
  { name: 'as people type (16 queries in turn)', bodies: MIXED.map((name) => ({ name })) },
  {
    name: 'region + catalog filter',
    bodies: [
      { regions: [uusimaa], catalogs: [transport] },
      { regions: [uusimaa], catalogs: [electronics] },
    ],
  },
  { name: 'text + region + catalog', bodies: [{ name: 'polkupyörä', regions: [uusimaa], catalogs: [transport] }] },
  {
    name: 'text + filters (4 in turn)',
    bodies: [
      { name: 'sohva', regions: [uusimaa] },
      { name: 'iphone', catalogs: [electronics] },
      { name: 'talvirenkaat', regions: [uusimaa], catalogs: [transport] },
      { name: 'kitara', sort: 'price_asc' },
    ],
  },
  {
    name: 'hints (10 prefixes in turn)',
    bodies: HINTS.map((query) => ({ query })),
    post: '/api/search-hint',
  },
  { name: 'rare and unknown words (4 in turn)', bodies: RARE.map((name) => ({ name })) },
  { name: 'ad API (GET /api/product/{uuid})', path: (i) => `/api/product/${sampleUuids[i % sampleUuids.length]}` },
  { name: 'ad page HTML (GET /{uuid})', path: (i) => `/${sampleUuids[i % sampleUuids.length]}` },
];

// The server, as in production; each scenario REPEAT times, medians reported.
const server = await startServer();
const http: HttpResult[] = await loadRounds(server.base, scenarios, { connections: CONNECTIONS, seconds: SECONDS, repeat: REPEAT });
server.stop();

// The time the database spends on a call: every statement from send to answer, summed.
const dbClock = { total: 0 };
{
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const started = performance.now();
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(
        () => (dbClock.total += performance.now() - started),
        () => (dbClock.total += performance.now() - started),
      );
    return result;
  };
}

// The same listing queries straight through the repository, no HTTP, no JSON, one at a time.
const handle = await openDatabase({ url, migrationsFolder: migrationsDir });
const repo = createSearchRepo(handle.db);
const catalog = createCatalogService(createCatalogRepo(handle.db));
const synonyms = synonymsFrom(await repo.synonymRows());
const terms = (q: string) => searchTerms(q, synonyms);
const baseQuery: ListingQuery = { cityIds: [], regionIds: [], catalogIds: [], terms: [], sort: 'created_at_desc', limit: 20, offset: 0 };
const electronicsIds = await catalog.withDescendants([electronics]);
const transportIds = await catalog.withDescendants([transport]);
const sqlScenarios: { name: string; queries: ListingQuery[]; words?: string[] }[] = [
  { name: 'listing, no filters', queries: [baseQuery] },
  {
    name: 'text search (8 queries in turn)',
    queries: QUERIES.map((q) => ({ ...baseQuery, terms: terms(q), sort: 'relevance' as const })),
    words: QUERIES,
  },
  {
    name: 'as people type (16 queries in turn)',
    queries: MIXED.map((q) => ({ ...baseQuery, terms: terms(q), sort: 'relevance' as const })),
    words: MIXED,
  },
  {
    name: 'region + catalog filter',
    queries: [
      { ...baseQuery, regionIds: [uusimaa], catalogIds: transportIds, catalogRoots: [transport] },
      { ...baseQuery, regionIds: [uusimaa], catalogIds: electronicsIds, catalogRoots: [electronics] },
    ],
  },
  {
    name: 'text + region + catalog',
    queries: [
      {
        ...baseQuery,
        terms: terms('polkupyörä'),
        sort: 'relevance',
        regionIds: [uusimaa],
        catalogIds: transportIds,
        catalogRoots: [transport],
      },
    ],
    words: ['polkupyörä'],
  },
  {
    name: 'text + filters (4 in turn)',
    queries: [
      { ...baseQuery, terms: terms('sohva'), sort: 'relevance', regionIds: [uusimaa] },
      { ...baseQuery, terms: terms('iphone'), sort: 'relevance', catalogIds: electronicsIds, catalogRoots: [electronics] },
      {
        ...baseQuery,
        terms: terms('talvirenkaat'),
        sort: 'relevance',
        regionIds: [uusimaa],
        catalogIds: transportIds,
        catalogRoots: [transport],
      },
      { ...baseQuery, terms: terms('kitara'), sort: 'price_asc' },
    ],
    words: ['sohva', 'iphone', 'talvirenkaat', 'kitara'],
  },
  {
    name: 'rare and unknown words (4 in turn)',
    queries: RARE.map((q) => ({ ...baseQuery, terms: terms(q), sort: 'relevance' as const })),
    words: RARE,
  },
];
const direct: { name: string; p50: number; p95: number; p99: number; db50: number; db95: number }[] = [];
for (const scenario of sqlScenarios) {
  const samples: number[] = [];
  const dbSamples: number[] = [];
  for (let i = 0; i < SQL_RUNS; i++) {
    dbClock.total = 0;
    const started = performance.now();
    await repo.searchActive(scenario.queries[i % scenario.queries.length]!);
    samples.push(performance.now() - started);
    dbSamples.push(dbClock.total);
  }
  const db = summary(dbSamples);
  direct.push({ name: scenario.name, ...summary(samples), db50: db.p50, db95: db.p95 });
}
// The hints through the service's repository call: the same statements the endpoint sends.
{
  const samples: number[] = [];
  const dbSamples: number[] = [];
  for (let i = 0; i < SQL_RUNS; i++) {
    dbClock.total = 0;
    const started = performance.now();
    await repo.hintMatches(terms(HINTS[i % HINTS.length]!), HINT_SAMPLE);
    samples.push(performance.now() - started);
    dbSamples.push(dbClock.total);
  }
  const db = summary(dbSamples);
  direct.push({ name: 'hints (10 prefixes in turn)', ...summary(samples), db50: db.p50, db95: db.p95 });
}
await handle.close();

// The raw-SQL floor: the same words through plainto_tsquery('finnish', …), newest first, 20 rows,
// the GIN index and nothing else (no synonyms, no compounds, no typos, no count, no cards). Alone,
// and at the same concurrency as the HTTP runs (a pool of CONNECTIONS clients for SECONDS).
const FLOOR_SQL = `select id from products where status = 'active' and search_vector @@ plainto_tsquery('finnish', $1) order by created_at desc limit 20`;
const floor: { name: string; alone50: number; alone95: number; rps: number; p50: number; p95: number }[] = [];
{
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  for (const scenario of sqlScenarios.filter((s) => s.words)) {
    const words = scenario.words!;
    const alone: number[] = [];
    for (let i = 0; i < SQL_RUNS; i++) {
      const started = performance.now();
      await pool.query(FLOOR_SQL, [words[i % words.length]]);
      alone.push(performance.now() - started);
    }
    const latencies: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    let turn = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          await pool.query(FLOOR_SQL, [words[turn++ % words.length]]);
          latencies.push(performance.now() - started);
        }
      }),
    );
    const a = summary(alone);
    const c = summary(latencies);
    floor.push({
      name: scenario.name,
      alone50: a.p50,
      alone95: a.p95,
      rps: Math.round(latencies.length / SECONDS),
      p50: c.p50,
      p95: c.p95,
    });
  }
  await pool.end();
}

// Plans of the exact statements the repository sends for each scenario's first query, replayed
// with the settings it makes in its transaction: no sequential scan over the ads.
const plans: { name: string; seqScan: boolean; wholeIndex: boolean; plan: string }[] = [];
/** An index read over most of the active ads is a table scan by another name. */
const readsMostAds = (plan: string) =>
  [...plan.matchAll(/Index (?:Only )?Scan[^\n]*? on products\w*[^\n]*actual rows=(\d+)/g)].some((m) => Number(m[1]) > activeCount / 2);
{
  const recorder = recordStatements();
  const traced = await openDatabase({ url, migrationsFolder: migrationsDir });
  const tracedRepo = createSearchRepo(traced.db);
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
  `Each HTTP figure is the median of ${REPEAT} runs of ${SECONDS} s. The machine has ${os.cpus().length} cores shared with other work: read the figures as noisy.`,
  '',
  '## HTTP',
  '',
  '| scenario | req/s | p50 ms | p95 ms | p99 ms | errors |',
  '|---|---|---|---|---|---|',
  ...http.map((r) => `| ${r.name} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.errors} |`),
  '',
  '## One at a time: the repository call, and the database time in it',
  '',
  '| scenario | call p50 ms | call p95 ms | database p50 ms | database p95 ms | HTTP p50 ÷ call p50 |',
  '|---|---|---|---|---|---|',
  ...direct.map((d) => {
    const h = http.find((r) => r.name === d.name);
    return `| ${d.name} | ${ms(d.p50)} | ${ms(d.p95)} | ${ms(d.db50)} | ${ms(d.db95)} | ${h ? (h.p50 / d.p50).toFixed(1) : '–'} |`;
  }),
  '',
  '(Database time: each statement from send to answer, summed over the call. HTTP latencies are under 16 concurrent connections, the direct ones sequential, so the ratio includes queueing on 2 cores.)',
  '',
  "## The raw-SQL floor for the same words (`plainto_tsquery('finnish', …)` newest first through the GIN index, 20 ids)",
  '',
  `| scenario | alone p50 ms | alone p95 ms | ${CONNECTIONS} connections req/s | p50 ms | p95 ms | search HTTP p95 ms |`,
  '|---|---|---|---|---|---|---|',
  ...floor.map((f) => {
    const h = http.find((r) => r.name === f.name);
    return `| ${f.name} | ${ms(f.alone50)} | ${ms(f.alone95)} | ${f.rps} | ${ms(f.p50)} | ${ms(f.p95)} | ${h ? ms(h.p95) : '–'} |`;
  }),
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
  'DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench16 npx tsx bench/generate.ts 1000000',
  'LISTING_CACHE_SECONDS=0 BENCH_REPEAT=3 DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench16 npx tsx bench/run.ts',
  '```',
  '',
];
fs.writeFileSync(path.resolve(projectRoot, process.env.BENCH_OUT ?? 'bench/RESULTS.md'), lines.join('\n'));
console.log(lines.join('\n'));
