// Prints EXPLAIN ANALYZE of the exact SQL the listing sends for each benchmark scenario:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench npx tsx bench/plans.ts
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../server/db/schema/index.ts';
import { createCatalogRepo } from '../server/modules/catalog/catalog.repo.ts';
import { createCatalogService } from '../server/modules/catalog/catalog.service.ts';
import { type ListingQuery, createProductsRepo } from '../server/modules/products/products.repo.ts';
import { searchTerms } from '../server/modules/products/search-terms.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL');
const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off' });
const seen: { text: string; values: unknown[] }[] = [];
let capturing = true;
const original = pg.Client.prototype.query as (...args: unknown[]) => Promise<unknown>;
(pg.Client.prototype as unknown as { query: unknown }).query = function (
  this: pg.Client,
  config: unknown,
  values?: unknown,
  ...rest: unknown[]
) {
  const c = typeof config === 'string' ? { text: config, values } : (config as { text?: string; values?: unknown[] });
  if (capturing && c.text && /from "products"|set_config/.test(c.text))
    seen.push({ text: c.text, values: ((c.values ?? values) as unknown[]) ?? [] });
  return original.call(this, config, values, ...rest);
};
const db = drizzle({ client: pool, schema, casing: 'snake_case' });
const repo = createProductsRepo(db as never);
const catalog = createCatalogService(createCatalogRepo(db as never));
const one = async (sql: string) => (await pool.query(sql)).rows[0];
const uusimaa = (await one(`select id from regions where code = '01'`)).id as number;
const transport = (await one(`select id from catalogs where slug = 'transport'`)).id as number;

const base: ListingQuery = { cityIds: [], regionIds: [], catalogIds: [], terms: [], sort: 'created_at_desc', limit: 20, offset: 0 };
const scenarios: [string, ListingQuery][] = [
  ['no filters', base],
  ['region + catalog', { ...base, regionIds: [uusimaa], catalogIds: await catalog.withDescendants([transport]) }],
  ...(process.argv.slice(2).length ? process.argv.slice(2) : ['polkupyörä', 'kesämökki', 'polkupyörra']).map(
    (q) => [`text ${q}`, { ...base, terms: searchTerms(q), sort: 'relevance' as const }] as [string, ListingQuery],
  ),
  [
    'text + region + catalog',
    {
      ...base,
      regionIds: [uusimaa],
      catalogIds: await catalog.withDescendants([transport]),
      terms: searchTerms('polkupyörä'),
      sort: 'relevance',
    },
  ],
];
for (const [name, query] of scenarios) {
  seen.length = 0;
  const started = performance.now();
  await repo.searchActive(query);
  console.log(`\n===== ${name}: ${(performance.now() - started).toFixed(1)} ms`);
  capturing = false;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
    if (process.env.PLAN_SETTINGS) await client.query(process.env.PLAN_SETTINGS);
    for (const q of seen) {
      const plan = (await client.query(`explain (analyze, costs off, timing off) ${q.text}`, q.values)).rows.map((r) => r['QUERY PLAN']);
      console.log(plan.join('\n'));
    }
    await client.query('rollback');
  } finally {
    client.release();
    capturing = true;
  }
}
await pool.end();
