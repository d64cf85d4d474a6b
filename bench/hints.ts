// The search hints' benchmark of issue 28 (npm run bench:hints):
//   npm run build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench1m npx tsx bench/generate.ts 1000000
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench1m npx tsx bench/hints.ts
// (a) The built server at 16 connections with prefixes as people type them (letter by letter, without
// ä and ö, two words, rare and unknown words), BENCH_REPEAT runs, medians: from the listing index's
// title words (the default), then with LISTING_INDEX=false (the SQL's text passes). (b) In this
// process, one at a time: the index's answer (its catch-up statement and the lookup in memory) and
// the whole service call, per prefix.
import os from 'node:os';
import { openDatabase } from '../server/db/client.ts';
import { HINT_SAMPLE, hintReadings } from '../server/modules/search/hints.ts';
import { searchTerms } from '../server/modules/search/search-terms.ts';
import { migrationsDir } from '../server/paths.ts';
import {
  type HttpResult,
  type Scenario,
  loadRounds,
  httpBenchSettings,
  startServer,
  summary,
  waitForListingIndex,
} from './lib/http-load.ts';
import { benchServices } from './lib/services.ts';

const {
  url,
  connections: CONNECTIONS,
  seconds: SECONDS,
  repeat: REPEAT,
} = httpBenchSettings('postgres://postgres@127.0.0.1:5432/kauppis_bench1m made by bench/generate.ts');
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

/** What people type into the search box, letter by letter: the prefixes of bench/run.ts and more. */
const PREFIXES = [
  'po',
  'polku',
  'polkupyö',
  'polkupyo',
  'soh',
  'sohva',
  'talvir',
  'iph',
  'kesäm',
  'kesamo',
  'kitara',
  'samsung ga',
  'helkama jo',
  'lasten pyö',
  'lohkolä',
  'xyzzyq',
];
const scenario: Scenario = {
  name: `hints (${PREFIXES.length} prefixes in turn)`,
  bodies: PREFIXES.map((query) => ({ query })),
  post: '/api/search-hint',
};

const rows: string[] = [];
const http: { road: string; result: HttpResult; note: string }[] = [];
for (const road of ['index', 'sql'] as const) {
  const server = await startServer({ LISTING_INDEX: String(road === 'index') });
  try {
    const note = road === 'index' ? await waitForListingIndex(server.base) : '';
    for (const query of PREFIXES) {
      const response = await fetch(`${server.base}/api/search-hint`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      const hints = (await response.json()) as { data?: { type: string; text: string }[] };
      if (!response.ok) throw new Error(`${query}: ${response.status} ${JSON.stringify(hints)}`);
      if (road === 'index')
        rows.push(
          `| ${query} | ${(hints.data ?? [])
            .map((hint) => (hint.type === 'catalog' ? `**${hint.text}**` : hint.text))
            .slice(0, 4)
            .join(' · ')} |`,
        );
    }
    const [result] = await loadRounds(server.base, [scenario], { connections: CONNECTIONS, seconds: SECONDS, repeat: REPEAT });
    http.push({ road, result: result!, note });
  } finally {
    server.stop();
  }
}

// (b) One at a time in this process.
const database = await openDatabase({ url, migrationsFolder: migrationsDir });
const { services, cleanUp } = await benchServices(database, url);
const loadStarted = performance.now();
await services.listingIndex!.start();
const loadSeconds = (performance.now() - loadStarted) / 1000;
const direct: string[] = [];
for (const query of PREFIXES) {
  const readings = hintReadings(searchTerms(query));
  const memory: number[] = [];
  const whole: number[] = [];
  let found = 0;
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    found = (await services.listingIndex!.hintMatches(readings, HINT_SAMPLE))!.length;
    memory.push(performance.now() - started);
    started = performance.now();
    await services.products.hints(query, 'fi');
    whole.push(performance.now() - started);
  }
  const m = summary(memory);
  const w = summary(whole);
  direct.push(`| ${query} | ${found} | ${m.p50.toFixed(2)} | ${m.p95.toFixed(2)} | ${w.p50.toFixed(2)} | ${w.p95.toFixed(2)} |`);
}
await cleanUp();
await database.close();

const out = [
  `### Hints (bench/hints.ts, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores)`,
  '',
  ...http.filter((h) => h.note).map((h) => h.note),
  '',
  `HTTP: autocannon, ${CONNECTIONS} connections, ${SECONDS} s, ${REPEAT} runs (medians), against \`node build/server/main.js\`.`,
  '',
  '| road | req/s | p50 ms | p95 ms | p99 ms | errors |',
  '|---|---|---|---|---|---|',
  ...http.map(
    ({ road, result }) =>
      `| ${road === 'index' ? 'title words in memory' : 'SQL text passes (LISTING_INDEX=false)'} | ${Math.round(result.rps)} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.errors} |`,
  ),
  '',
  `In this process, one at a time, ${RUNS} runs each (the index loaded in ${loadSeconds.toFixed(1)} s): the index's answer (its catch-up statement, then the lookup in memory), and the whole service call (that, the typed words read with the synonyms, the categories chosen).`,
  '',
  '| prefix | ads found | index p50 ms | index p95 ms | call p50 ms | call p95 ms |',
  '|---|---|---|---|---|---|',
  ...direct,
  '',
  'What the hints say (the first four; categories in bold):',
  '',
  '| typed | hints |',
  '|---|---|',
  ...rows,
];
console.log(out.join('\n'));
