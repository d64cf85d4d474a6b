// Each query of a list through the search repository, one at a time: median and worst of a few
// runs, and the statements it sent (which pass widened, whether typos were looked up):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench1m npx tsx bench/per-query.ts 'polkupyora' 'iphone 13 pro'
import type { ListingQuery } from '../server/modules/products/listing-query.ts';
import { searchTerms } from '../server/modules/search/search-terms.ts';
import { pool, recorder, repo, synonyms } from './search-setup.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const base: ListingQuery = { cityIds: [], regionIds: [], catalogIds: [], terms: [], sort: 'relevance', limit: 20, offset: 0 };
for (const text of process.argv.slice(2)) {
  const times: number[] = [];
  let statements = 0;
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    recorder.statements.length = 0;
    const started = performance.now();
    const page = await repo.searchActive({ ...base, terms: searchTerms(text, synonyms) });
    times.push(performance.now() - started);
    statements = recorder.statements.length;
    total = page.total;
  }
  times.sort((a, b) => a - b);
  console.log(
    `${text.padEnd(28)} median ${times[Math.floor(RUNS / 2)]!.toFixed(1).padStart(7)} ms  worst ${times.at(-1)!.toFixed(1).padStart(7)} ms  ${statements} statements  ${total} found`,
  );
}
await pool.end();
