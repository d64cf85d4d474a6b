// Times the text searches of bench/run.ts (with and without filters) through the repository, one at a time:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench1m npx tsx bench/filters-probe.ts
import type { ListingQuery } from '../server/modules/products/listing-query.ts';
import { searchTerms } from '../server/modules/search/search-terms.ts';
import { explainStatements } from './explain.ts';
import { catalog, electronics, pool, recorder, repo, synonyms, transport, uusimaa } from './search-setup.ts';

const base: ListingQuery = { cityIds: [], regionIds: [], catalogIds: [], terms: [], sort: 'relevance', limit: 20, offset: 0 };
const cat = async (id: number) => ({ catalogIds: await catalog.withDescendants([id]), catalogRoots: [id] });
const scenarios: [string, ListingQuery][] = [
  ['sohva + Uusimaa', { ...base, terms: searchTerms('sohva', synonyms), regionIds: [uusimaa] }],
  ['iphone + electronics', { ...base, terms: searchTerms('iphone', synonyms), ...(await cat(electronics)) }],
  [
    'talvirenkaat + Uusimaa + transport',
    { ...base, terms: searchTerms('talvirenkaat', synonyms), regionIds: [uusimaa], ...(await cat(transport)) },
  ],
  ['kitara, price_asc', { ...base, terms: searchTerms('kitara', synonyms), sort: 'price_asc' }],
  ...[
    'polkupyörä',
    'sohva',
    'talvirenkaat',
    'iphone',
    'fillari',
    'polkupyörra',
    'kesämökki',
    'kitara',
    'kulmasohva harvia',
    'helkma',
    'lohkolämmitin',
  ].map((q) => [q, { ...base, terms: searchTerms(q, synonyms) }] as [string, ListingQuery]),
  [
    'polkupyörä + Uusimaa + transport',
    { ...base, terms: searchTerms('polkupyörä', synonyms), regionIds: [uusimaa], ...(await cat(transport)) },
  ],
];
const RUNS = Number(process.env.RUNS ?? 9);
for (const [name, query] of scenarios) {
  const times: number[] = [];
  let statements = 0;
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    recorder.statements.length = 0;
    const started = performance.now();
    const result = await repo.searchActive(query);
    times.push(performance.now() - started);
    statements = recorder.statements.length;
    total = result.total;
  }
  times.sort((a, b) => a - b);
  if (process.env.PROBE_EXPLAIN && name.startsWith(process.env.PROBE_EXPLAIN)) {
    recorder.state.paused = true;
    const client = await pool.connect();
    try {
      for (const plan of await explainStatements(client, [...recorder.statements], [])) console.log(plan);
    } finally {
      client.release();
      recorder.state.paused = false;
    }
  }
  console.log(
    `${name.padEnd(36)} median ${times[Math.floor(RUNS / 2)]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms, ${statements} statements, ${total} found`,
  );
}
await pool.end();
