// The category-fields and place benchmark of issue 26 (npm run bench:fields):
//   npm run build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench_fields npx tsx bench/generate.ts 1000000
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench_fields npx tsx bench/fields.ts
// On a database of its own: migrates it and seeds the field definitions, makes ~12 % of the ads
// cars and vans and ~8 % homes with realistic values (fields-setup.ts), then (a) loads the built
// server, the listing cache off, at 16 connections with a car search (make + year range + fuel,
// its facets come with it) and a 25 km radius search in Uusimaa, BENCH_REPEAT runs, medians; and
// (b) runs the same searches through the app's own service in this process one at a time, timing
// every statement it sends: the database time of a search, and of its facets alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { seedReferenceData } from '../server/db/seed/reference.ts';
import { createAttributesRepo } from '../server/modules/attributes/attributes.repo.ts';
import { createAttributesService } from '../server/modules/attributes/attributes.service.ts';
import { createCatalogRepo } from '../server/modules/catalog/catalog.repo.ts';
import { migrationsDir, projectRoot } from '../server/paths.ts';
import { benchServices } from './lib/services.ts';
import { ensureFieldAds } from './fields-setup.ts';
import { type Scenario, loadRounds, median, httpBenchSettings, startServer, summary, waitForListingIndex } from './lib/http-load.ts';

const {
  url,
  databaseName,
  connections: CONNECTIONS,
  seconds: SECONDS,
  repeat: REPEAT,
} = httpBenchSettings('postgres://postgres@127.0.0.1:5432/kauppis_bench_fields');
const SQL_RUNS = Number(process.env.BENCH_SQL_RUNS ?? 40);

// (a) The database: migrated, the definitions seeded, the ads given their fields.
const database = await openDatabase({ url, migrationsFolder: migrationsDir });
await seedReferenceData(database.db);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const attributes = createAttributesService({ repo: createAttributesRepo(database.db), catalogRepo: createCatalogRepo(database.db) });
// BENCH_ONLY=radius: the radius search alone, on the ads as generated (no fields needed, none made).
const onlyRadius = process.env.BENCH_ONLY === 'radius';
const made = onlyRadius ? { cars: 0, homes: 0 } : await ensureFieldAds(pool, (id) => attributes.forCatalog(id));
const count = async (text: string, values: unknown[] = []) => Number((await pool.query<{ n: string }>(text, values)).rows[0]!.n);
const ads = await count(`select count(*) as n from products`);
const listed = await count(`select count(*) as n from products where status in ('active', 'reserved')`);
console.error(`${ads} ads (${listed} listed), ${made.cars} cars and vans, ${made.homes} homes`);

// (b) The searches.
const catalogId = async (slug: string) => (await pool.query<{ id: number }>(`select id from catalogs where slug = $1`, [slug])).rows[0]!.id;
const passengerCars = await catalogId('passenger-cars');
const cars = await catalogId('cars');
const flatsForSale = await catalogId('flats-for-sale');
const CAR_SEARCHES = [
  { catalogs: [passengerCars], attributes: { make: ['toyota'], year: { min: 2012, max: 2018 }, fuel: ['hybrid'] } },
  { catalogs: [passengerCars], attributes: { make: ['volkswagen'], year: { min: 2015, max: 2022 }, fuel: ['diesel'] } },
  { catalogs: [cars], attributes: { make: ['skoda'], year: { min: 2010, max: 2020 }, fuel: ['petrol', 'diesel'] } },
  { catalogs: [cars], attributes: { make: ['volvo', 'bmw'], year: { min: 2016 }, fuel: ['plug_in_hybrid'], mileage_km: { max: 150_000 } } },
];
const RADIUS_SEARCHES = [
  { near: { postal_code: '00100' }, radius_km: 25 },
  { near: { postal_code: '02100' }, radius_km: 25 },
  { near: { postal_code: '01300' }, radius_km: 25, sort: 'distance_asc' },
  { near: { postal_code: '00100' }, radius_km: 25, catalogs: [flatsForSale] },
];
const scenarios: Scenario[] = [
  ...(onlyRadius ? [] : [{ name: 'car search: make + year range + fuel, with facets (4 in turn)', bodies: CAR_SEARCHES }]),
  { name: '25 km radius in Uusimaa (4 in turn)', bodies: RADIUS_SEARCHES },
];
// Each answer is checked once: a 422 would measure the error path.
// LISTING_INDEX=false measures the SQL alone; by default the in-memory index answers once loaded.
const withIndex = process.env.LISTING_INDEX !== 'false';
const server = await startServer({ LISTING_CACHE_SECONDS: '0', LISTING_INDEX: String(withIndex) });
const indexLoad = withIndex ? await waitForListingIndex(server.base) : '';
if (indexLoad) console.error(indexLoad);
for (const scenario of scenarios) {
  for (const body of scenario.bodies ?? []) {
    const response = await fetch(`${server.base}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { meta?: { total: number }; facets?: Record<string, unknown[]> };
    if (!response.ok) throw new Error(`${JSON.stringify(body)}: ${response.status} ${JSON.stringify(answer)}`);
    console.error(JSON.stringify(body), '→', answer.meta?.total, 'ads; facets:', Object.keys(answer.facets ?? {}).join(', ') || 'none');
  }
}
const http = await loadRounds(server.base, scenarios, { connections: CONNECTIONS, seconds: SECONDS, repeat: REPEAT });
server.stop();

// (c) One at a time through the app's service: the database time of every statement it sends.
const clock = { statements: [] as { text: string; ms: number }[] };
{
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const started = performance.now();
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
    // The pool's own query (statements outside a transaction) passes a callback, not a promise.
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]) => {
        clock.statements.push({ text, ms: performance.now() - started });
        callback(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      const done = () => clock.statements.push({ text, ms: performance.now() - started });
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  };
}
const { services, cleanUp } = await benchServices(database, url, {
  settings: { LISTING_CACHE_SECONDS: '0', LISTING_INDEX: String(withIndex) },
});
await services.listingIndex?.start();
/** The facets' statements: they count the choice values of the set the other filters leave. */
const isFacet = (text: string) => /::int as set,/.test(text);
const direct: { name: string; total: number[]; facets: number[]; database: number[] }[] = [];
for (const [name, bodies] of [
  ...(onlyRadius ? [] : [['car search with facets', CAR_SEARCHES] as const]),
  ['25 km radius', RADIUS_SEARCHES] as const,
]) {
  const total: number[] = [];
  const facets: number[] = [];
  const databaseTimes: number[] = [];
  for (let run = 0; run < SQL_RUNS; run++) {
    const body = bodies[run % bodies.length]!;
    clock.statements.length = 0;
    const started = performance.now();
    await services.products.list(body as Parameters<typeof services.products.list>[0], 'fi');
    total.push(performance.now() - started);
    databaseTimes.push(clock.statements.reduce((n, s) => n + s.ms, 0));
    facets.push(clock.statements.filter((s) => isFacet(s.text)).reduce((n, s) => n + s.ms, 0));
  }
  direct.push({ name, total, facets, database: databaseTimes });
}

const fmt = (ms: number) => ms.toFixed(1);
const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — category fields and place at ${Math.round(ads / 1000)}k ads (issue 26)`,
  '',
  `${ads.toLocaleString('en')} ads (${listed.toLocaleString('en')} listed), of them ${made.cars.toLocaleString('en')} cars and vans (${((100 * made.cars) / ads).toFixed(1)} %) and ${made.homes.toLocaleString('en')} homes (${((100 * made.homes) / ads).toFixed(1)} %), with their fields. PostgreSQL ${(await pool.query<{ server_version: string }>(`show server_version`)).rows[0]!.server_version}, ${os.cpus().length} cores shared with other work: read the figures as noisy.`,
  '',
  `### HTTP, listing cache off, ${withIndex ? 'listing index on' : 'listing index off (SQL alone)'}, ${CONNECTIONS} connections (medians of ${REPEAT} runs of ${SECONDS} s)`,
  '',
  ...(indexLoad ? [indexLoad, ''] : []),
  '| scenario | req/s | p50 ms | p95 ms | p99 ms | errors | target p95 ≤ 50 ms |',
  '|---|---:|---:|---:|---:|---:|---|',
  ...http.map(
    (r) => `| ${r.name} | ${r.rps} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} | ${r.p95 <= 50 ? 'met' : 'NOT met'} |`,
  ),
  '',
  `### One at a time through the service (${SQL_RUNS} calls each; medians and p95)`,
  '',
  "| search | call p50 / p95 ms | database p50 / p95 ms | facets' database p50 / p95 ms (target ≤ 20) |",
  '|---|---|---|---|',
  ...direct.map((d) => {
    const [t, db, f] = [summary(d.total), summary(d.database), summary(d.facets)];
    return `| ${d.name} | ${fmt(t.p50)} / ${fmt(t.p95)} | ${fmt(db.p50)} / ${fmt(db.p95)} | ${fmt(f.p50)} / ${fmt(f.p95)} ${median(d.facets) <= 20 ? '(met)' : '(NOT met)'} |`;
  }),
  '',
  '### Commands',
  '',
  '```sh',
  'npm run build',
  `DATABASE_URL=postgres://postgres@127.0.0.1:5432/${databaseName} npx tsx bench/generate.ts 1000000`,
  `DATABASE_URL=postgres://postgres@127.0.0.1:5432/${databaseName} npm run bench:fields`,
  '```',
  '',
];
console.log(lines.join('\n'));
if (process.env.BENCH_OUT) fs.appendFileSync(path.resolve(projectRoot, process.env.BENCH_OUT), lines.join('\n') + '\n');
cleanUp();
await pool.end();
await database.close();
process.exit(0);
