// Prints EXPLAIN ANALYZE of the exact SQL the listing sends for each benchmark scenario:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench npx tsx bench/plans.ts
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../server/db/schema/index.ts';
import { createCatalogRepo } from '../server/modules/catalog/catalog.repo.ts';
import { createCatalogService } from '../server/modules/catalog/catalog.service.ts';
import { type ListingQuery, createProductsRepo } from '../server/modules/products/products.repo.ts';
import { searchTerms, synonymsFrom } from '../server/modules/products/search-terms.ts';
import { explainStatements, recordStatements } from './explain.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL');
const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off' });
const recorder = recordStatements();
const db = drizzle({ client: pool, schema, casing: 'snake_case' });
const repo = createProductsRepo(db as never);
const catalog = createCatalogService(createCatalogRepo(db as never));
const synonyms = synonymsFrom(await repo.synonymRows());
const one = async (sql: string) => (await pool.query(sql)).rows[0];
const uusimaa = (await one(`select id from regions where code = '01'`)).id as number;
const transport = (await one(`select id from catalogs where slug = 'transport'`)).id as number;

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
