// The alerts benchmark of issue 29 (npm run bench:alerts):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench_alerts npx tsx bench/alerts.ts
// On a database of its own (never a test database): makes sure it holds BENCH_ADS ads (through
// generate.ts) and BENCH_SEARCHES saved searches of BENCH_USERS people, their distinct queries
// compiled (alerts-setup.ts), then times the app's own services: matching new ads against them
// (alerts.matchAd, BENCH_MATCH_ADS ads after BENCH_WARMUP, BENCH_RUNS runs; the finding and
// confirming of the queries also alone, before the searches are told and their jobs queued) and
// the morning's digest for BENCH_DIGEST_PEOPLE people (alerts.sendDigests, a mailer that counts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { isFinnishMonday } from '../server/modules/alerts/helsinki-time.ts';
import { migrationsDir } from '../server/paths.ts';
import type { Mailer } from '../server/platform/mail.ts';
import { benchServices } from './lib/services.ts';
import { prepareAlertsData } from './alerts-setup.ts';
import { createRandom } from './lib/random.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to a benchmark database, e.g. postgres://postgres@127.0.0.1:5432/kauppis_bench_alerts');
const databaseName = new URL(url).pathname.slice(1);
// CI's databases: this script empties tables.
if (databaseName === 'test' || databaseName.startsWith('kauppis_test')) throw new Error(`refusing to run on ${databaseName}`);

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ADS = setting('BENCH_ADS', 200_000);
const SEARCHES = setting('BENCH_SEARCHES', 1_000_000);
const USERS = setting('BENCH_USERS', 200_000);
const MATCH_ADS = setting('BENCH_MATCH_ADS', 1_000);
const RUNS = setting('BENCH_RUNS', 1);
const DIGEST_PEOPLE = setting('BENCH_DIGEST_PEOPLE', 100_000);
// BENCH_DIGEST_PEOPLE=0 leaves the digest out.
const DIGEST_RUNS = DIGEST_PEOPLE > 0 ? setting('BENCH_DIGEST_RUNS', 1) : 0;
const WARMUP = setting('BENCH_WARMUP', 20);
const BATCH = 10_000;

// (a) The ads: generate.ts creates, migrates and seeds the database and adds what is missing.
const generated = spawnSync('npx', ['tsx', path.join(import.meta.dirname, 'generate.ts'), String(ADS)], { stdio: 'inherit' });
if (generated.status !== 0) throw new Error('generate.ts failed');

const pool = new pg.Pool({ connectionString: url, max: 2, options: '-c jit=off' });
const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[];

// The app's services on the same database, with a mailer that only counts.
const mailTimes: number[] = [];
const mailer: Mailer = {
  send: async () => {
    mailTimes.push(performance.now());
  },
  close: () => {},
};
const database = await openDatabase({ url, migrationsFolder: migrationsDir });
// BENCH_ALERT_INDEX=false matches with the SQL alone (the app's ALERT_INDEX setting).
const { services, dataDir } = await benchServices(database, url, {
  mailer,
  settings: { ALERT_INDEX: process.env.BENCH_ALERT_INDEX ?? 'true' },
});
await services.settings.start();

// The digest's waiting alerts are drawn with the benchmarks' generator: runs stay comparable.
const { rand, pick, chance } = createRandom(20261127);

// ---------------------------------------------------------------------------------------------
// Where matching and the digest spend their time: every statement the app sends, timed by what it does.

const PHASES: [string, RegExp][] = [
  ['ad', /tsvector_to_array/],
  ['catch-up', /pg_snapshot_xmin/],
  ['words in SQL', /p\.search_vector @@ q\.words/],
  ['bodies', /^select id, query from saved_search_queries/],
  ['candidates and confirm', /^\s*with ad as/],
  ['listing confirm', /^select coalesce/],
  ['alerts', /^\s*with told as/],
  ['jobs', /^insert into "jobs"/],
  ['recipients', /^select distinct/],
  ['take', /^update "saved_search_alerts" set "emailed_at"/],
  ['items', /^select "saved_search_alerts"."id"/],
];
type Phase = string;
const phaseOf = (text: string): Phase => PHASES.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';
const phaseTime = new Map<Phase, { ms: number; statements: number }>();
const recorded: { text: string; values: unknown[] }[] = [];
let recording = false;
{
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof config === 'string' ? config : (config.text ?? '');
    if (recording) recorded.push({ text, values: ((typeof config === 'string' ? undefined : config.values) ?? args[1]) as unknown[] });
    const started = performance.now();
    const done = () => {
      const phase = phaseOf(text);
      const sum = phaseTime.get(phase) ?? { ms: 0, statements: 0 };
      sum.ms += performance.now() - started;
      sum.statements += 1;
      phaseTime.set(phase, sum);
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...result: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...result);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) return result.finally(done);
    return result;
  };
}

// ---------------------------------------------------------------------------------------------
// (c) Matching and (d) the digest.

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? 0, mean };
};
const f1 = (n: number) => n.toFixed(1);

async function clearAlerts(): Promise<void> {
  await query(`truncate saved_search_alerts`);
  await query(`truncate jobs`);
}

interface MatchRun {
  /** Matching: the ad read, its queries found and confirmed, the telling queued (the match-ad job's work). */
  ms: ReturnType<typeof stats>;
  /** Telling: the searches of the confirmed queries told and their deliveries queued (the alert-tell job's work). */
  tellMs: ReturnType<typeof stats>;
  /** Both, one after the other. */
  totalMs: ReturnType<typeof stats>;
  /** Reading the ad, and finding and confirming its queries: the matching proper, before anyone is told. */
  findMs: ReturnType<typeof stats>;
  candidates: ReturnType<typeof stats>;
  confirmed: ReturnType<typeof stats>;
  told: ReturnType<typeof stats>;
  inserted: number;
  phases: [Phase, { ms: number; statements: number }][];
  perAd: { id: number; ms: number; tellMs: number; findMs: number; candidates: number; confirmed: number; told: number }[];
}

/** The phases that find and confirm an ad's queries (the rest tells the searches and queues their jobs). */
const FINDING: Phase[] = ['ad', 'catch-up', 'words in SQL', 'bodies', 'candidates and confirm', 'listing confirm'];
const findingMs = () => FINDING.reduce((sum, phase) => sum + (phaseTime.get(phase)?.ms ?? 0), 0);

async function matchingRun(ads: number[], warmup: number[]): Promise<MatchRun> {
  await clearAlerts();
  await query(`vacuum analyze saved_search_alerts, jobs`);
  const now = new Date();
  for (const id of warmup) await services.alerts.matchAd(id, now);
  phaseTime.clear();
  const perAd: MatchRun['perAd'] = [];
  let inserted = 0;
  for (const id of ads) {
    const found = findingMs();
    const started = performance.now();
    // What the match-ad job does, then what the alert-tell job it queues does.
    const matched = await services.alerts.match(id, now);
    const ms = performance.now() - started;
    const findMs = findingMs() - found;
    const telling = performance.now();
    const told = matched.sellerId === undefined ? 0 : await services.alerts.tell(id, matched.sellerId, matched.queryIds, now);
    const tellMs = performance.now() - telling;
    perAd.push({ id, ms, tellMs, findMs, candidates: matched.candidates, confirmed: matched.queryIds.length, told });
    inserted += told;
  }
  return {
    ms: stats(perAd.map((a) => a.ms)),
    tellMs: stats(perAd.map((a) => a.tellMs)),
    totalMs: stats(perAd.map((a) => a.ms + a.tellMs)),
    findMs: stats(perAd.map((a) => a.findMs)),
    candidates: stats(perAd.map((a) => a.candidates)),
    confirmed: stats(perAd.map((a) => a.confirmed)),
    told: stats(perAd.map((a) => a.told)),
    inserted,
    phases: [...phaseTime],
    perAd,
  };
}

/** EXPLAIN ANALYZE of the statements one ad's matching sends (rolled back), by phase. */
async function explainMatch(id: number): Promise<void> {
  recorded.length = 0;
  recording = true;
  await services.alerts.matchAd(id, new Date());
  recording = false;
  const client = await pool.connect();
  const shown = new Set<Phase>();
  try {
    await client.query('begin');
    for (const statement of recorded) {
      const phase = phaseOf(statement.text);
      if (shown.has(phase) || phase === 'other') continue;
      shown.add(phase);
      const plan = await client.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
      console.log(
        `\n-- ${phase}: ${statement.text.slice(0, 160)}…\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`,
      );
    }
  } finally {
    await client.query('rollback');
    client.release();
  }
}

interface DigestRun {
  seconds: number;
  mails: number;
  perMailMs: number;
  p95MailMs: number;
  alerts: number;
  phases: [Phase, { ms: number; statements: number }][];
}

/** Every chosen person has waiting alerts of 1–3 daily searches (some over the digest's 20), besides alerts mailed before. */
async function prepareDigest(): Promise<{ people: number; alerts: number }> {
  await clearAlerts();
  const owners = await query<{ user_id: number; ids: number[] }>(
    `select user_id, array_agg(id order by id) as ids from saved_searches
     where alerts = 'daily' and 'email' = any(channels) group by user_id order by user_id limit $1`,
    [DIGEST_PEOPLE],
  );
  const adIds = (await query<{ id: number }>(`select id from products where status = 'active'`)).map((r) => r.id);
  const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
  let rows: [number, number, number, string | null][] = [];
  let waiting = 0;
  const flush = async () => {
    await query(
      `insert into saved_search_alerts (saved_search_id, user_id, product_id, emailed_at, created_at)
       select s, u, p, e::timestamptz, coalesce(e::timestamptz, now()) from unnest($1::int[], $2::int[], $3::int[], $4::text[]) as t(s, u, p, e)
       on conflict do nothing`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
    );
    rows = [];
  };
  for (const { user_id: userId, ids } of owners) {
    const searches = ids.slice(0, 1 + Math.floor(rand() * 3));
    for (const searchId of searches) {
      const ads = new Set<number>();
      // Mostly a few new ads a day; one search in ten has more than a digest shows.
      const n = chance(0.1) ? 21 + Math.floor(rand() * 40) : 1 + Math.floor(-Math.log(1 - rand()) * 3);
      while (ads.size < n + 5) ads.add(pick(adIds));
      [...ads].forEach((adId, i) => rows.push([searchId, userId, adId, i < n ? null : old]));
      waiting += n;
    }
    if (rows.length >= BATCH) await flush();
  }
  if (rows.length) await flush();
  await query(`vacuum analyze saved_search_alerts`);
  return { people: owners.length, alerts: waiting };
}

async function digestRun(): Promise<DigestRun> {
  const { people, alerts } = await prepareDigest();
  // 2026-12-01 is a Tuesday: the daily searches only; 7:00 in Finland is 5:00 UTC in winter.
  const morning = new Date('2026-12-01T05:00:00Z');
  if (isFinnishMonday(morning)) throw new Error('the digest morning must not be a Monday');
  mailTimes.length = 0;
  phaseTime.clear();
  const started = performance.now();
  const sent = await services.alerts.sendDigests(morning);
  const seconds = (performance.now() - started) / 1000;
  if (sent !== people || mailTimes.length !== people) throw new Error(`${people} people, ${sent} digests, ${mailTimes.length} mails`);
  const gaps = mailTimes.slice(1).map((t, i) => t - mailTimes[i]!);
  return { seconds, mails: sent, perMailMs: median(gaps), p95MailMs: stats(gaps).p95, alerts, phases: [...phaseTime] };
}

// ---------------------------------------------------------------------------------------------

await prepareAlertsData({ pool, services, users: USERS, searches: SEARCHES });
const shape = await query<{ searches: string; queries: string; keys: string; fallback: string }>(
  `select (select count(*) from saved_searches) as searches, (select count(*) from saved_search_queries) as queries,
     (select count(*) from saved_search_query_keys) as keys, (select count(*) from saved_search_queries where fallback) as fallback`,
);
const buckets = await query<{ key: string; n: string }>(
  `select key, count(*) as n from saved_search_query_keys group by 1 order by 2 desc limit 5`,
);
console.log(
  `${shape[0]!.searches} searches, ${shape[0]!.queries} distinct queries (${shape[0]!.fallback} confirmed by the listing), ${shape[0]!.keys} keys; ` +
    `largest keys: ${buckets.map((b) => `${b.key} ${b.n}`).join(', ')}`,
);

// Matching from memory: the saved queries loaded before anything is timed (a process loads them at its first match).
if (services.percolator) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const loadStarted = performance.now();
  await services.percolator.start();
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  global.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  console.log(
    `matching from memory: ${services.percolator.size} queries loaded in ${f1(loadSeconds)} s, heap +${f1(heapMb)} MB${global.gc ? '' : ' (without --expose-gc: rough)'}`,
  );
} else console.log('matching with the SQL alone (BENCH_ALERT_INDEX=false)');

// Ads of every kind, category and town: a fixed sample of the shown ones.
const matchAds = (
  await query<{ id: number }>(`select id from products where status = 'active' order by md5('alerts' || id) limit $1`, [MATCH_ADS + WARMUP])
).map((r) => r.id);
const warmup = matchAds.splice(MATCH_ADS);
const runs: MatchRun[] = [];
for (let run = 0; run < RUNS; run++) {
  const result = await matchingRun(matchAds, warmup);
  runs.push(result);
  const { ms, tellMs, totalMs, findMs, candidates, confirmed, told } = result;
  console.log(
    `matching run ${run + 1}: p50 ${f1(ms.p50)} ms, p95 ${f1(ms.p95)} ms, p99 ${f1(ms.p99)} ms, max ${f1(ms.max)} ms; ` +
      `telling (the queued job) p50 ${f1(tellMs.p50)} ms, p95 ${f1(tellMs.p95)} ms; both p50 ${f1(totalMs.p50)} ms, p95 ${f1(totalMs.p95)} ms; ` +
      `finding and confirming alone p50 ${f1(findMs.p50)} ms, p95 ${f1(findMs.p95)} ms, p99 ${f1(findMs.p99)} ms; ` +
      `candidate queries p50 ${candidates.p50} / p95 ${candidates.p95} / max ${candidates.max}; ` +
      `confirmed queries p50 ${confirmed.p50} / p95 ${confirmed.p95} / max ${confirmed.max} (mean ${f1(confirmed.mean)}); ` +
      `searches told p50 ${told.p50} / p95 ${told.p95} (${result.inserted} alerts)`,
  );
  console.log(
    `  where the time went: ${result.phases.map(([phase, t]) => `${phase} ${f1(t.ms / matchAds.length)} ms/ad (${f1(t.statements / matchAds.length)} statements)`).join(', ')}`,
  );
}
const last = runs.at(-1)!;
const slowest = [...last.perAd].sort((a, b) => b.ms - a.ms).slice(0, 3);
console.log(
  `slowest ads: ${slowest.map((a) => `#${a.id} ${f1(a.ms)} ms (${a.candidates} candidates, ${a.confirmed} confirmed)`).join(', ')}`,
);
if (process.env.BENCH_EXPLAIN) {
  await clearAlerts();
  await explainMatch(slowest[0]!.id);
}

const digests: DigestRun[] = [];
for (let run = 0; run < DIGEST_RUNS; run++) {
  const result = await digestRun();
  digests.push(result);
  console.log(
    `digest run ${run + 1}: ${result.mails} mails (${result.alerts} waiting alerts) in ${f1(result.seconds)} s; ` +
      `per mail median ${f1(result.perMailMs)} ms, p95 ${f1(result.p95MailMs)} ms`,
  );
  console.log(
    `  where the time went: ${result.phases.map(([phase, t]) => `${phase} ${f1(t.ms / result.mails)} ms/mail (${f1(t.statements / result.mails)} statements)`).join(', ')}`,
  );
}

const matchP95 = median(runs.map((r) => r.ms.p95));
const findP95 = median(runs.map((r) => r.findMs.p95));
const digestSeconds = median(digests.map((d) => d.seconds));
console.log(
  `\nmedian of ${RUNS} matching runs: p50 ${f1(median(runs.map((r) => r.ms.p50)))} ms, p95 ${f1(matchP95)} ms (target ≤ 10 ms: ${matchP95 <= 10 ? 'met' : 'not met'}); ` +
    `finding and confirming alone p95 ${f1(findP95)} ms; telling (a job of its own) p50 ${f1(median(runs.map((r) => r.tellMs.p50)))} ms, ` +
    `p95 ${f1(median(runs.map((r) => r.tellMs.p95)))} ms; matching and telling p95 ${f1(median(runs.map((r) => r.totalMs.p95)))} ms; ` +
    `candidate queries per ad p50 ${median(runs.map((r) => r.candidates.p50))}, confirmed per ad p50 ${median(runs.map((r) => r.confirmed.p50))}, mean ${f1(median(runs.map((r) => r.confirmed.mean)))}`,
);
if (digests.length)
  console.log(
    `median of ${DIGEST_RUNS} digest runs: ${f1(digestSeconds)} s for ${digests[0]!.mails} people (target ≤ 300 s: ${digestSeconds <= 300 ? 'met' : 'not met'}), ` +
      `per mail ${f1(median(digests.map((d) => d.perMailMs)))} ms`,
  );

services.settings.stop();
await services.platform.background.settled();
await database.close();
await pool.end();
fs.rmSync(dataDir, { recursive: true, force: true });
