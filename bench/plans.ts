// Prints EXPLAIN ANALYZE of the exact SQL the listing sends for each benchmark scenario:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench npx tsx bench/plans.ts
import type { ListingQuery } from '../server/modules/products/listing-query.ts';
import { searchTerms } from '../server/modules/search/search-terms.ts';
import { explainStatements } from './explain.ts';
import { catalog, pool, recorder, repo, synonyms, transport, uusimaa } from './search-setup.ts';

const base: ListingQuery = { cityIds: [], regionIds: [], catalogIds: [], terms: [], sort: 'created_at_desc', limit: 20, offset: 0 };
const scenarios: [string, ListingQuery][] = [
  ['no filters', base],
  [
    'region + catalog',
    { ...base, regionIds: [uusimaa], catalogIds: await catalog.withDescendants([transport]), catalogRoots: [transport] },
  ],
  ...(process.argv.slice(2).length ? process.argv.slice(2) : ['polkupyörä', 'kesämökki', 'polkupyörra']).map(
    (q) => [`text ${q}`, { ...base, terms: searchTerms(q, synonyms), sort: 'relevance' as const }] as [string, ListingQuery],
  ),
  [
    'text + region + catalog',
    {
      ...base,
      regionIds: [uusimaa],
      catalogIds: await catalog.withDescendants([transport]),
      catalogRoots: [transport],
      terms: searchTerms('polkupyörä', synonyms),
      sort: 'relevance',
    },
  ],
];
for (const [name, query] of scenarios) {
  recorder.statements.length = 0;
  const started = performance.now();
  await repo.searchActive(query);
  console.log(`\n===== ${name}: ${(performance.now() - started).toFixed(1)} ms`);
  recorder.state.paused = true;
  const client = await pool.connect();
  try {
    const setup = process.env.PLAN_SETTINGS ? [process.env.PLAN_SETTINGS] : [];
    for (const plan of await explainStatements(client, [...recorder.statements], setup)) console.log(plan);
  } finally {
    client.release();
    recorder.state.paused = false;
  }
}
recorder.stop();
await pool.end();
