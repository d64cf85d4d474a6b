// Times the listing index's answers (issue 26) on a benchmark database, apart from HTTP and the cards'
// statement: the load, then the bench's searches as the products service builds them, each answered
// BENCH_RUNS times (30; a catch-up and the walk), the median and the fastest.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench_fields npx tsx bench/index-probe.ts
import { openDatabase } from '../server/db/client.ts';
import { migrationsDir } from '../server/paths.ts';
import type { ListingQuery } from '../server/modules/products/listing-query.ts';
import { benchServices } from './lib/services.ts';
import { median } from './lib/http-load.ts';

const url = process.env.DATABASE_URL;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
if (!url) throw new Error('set DATABASE_URL to a benchmark database');
const database = await openDatabase({ url, migrationsFolder: migrationsDir });
const { services, cleanUp } = await benchServices(database, url, { settings: { LISTING_CACHE_SECONDS: '0' } });
const index = services.listingIndex!;
let started = performance.now();
await index.start();
console.log(
  `load ${(performance.now() - started).toFixed(0)} ms, ${index.size} ads, rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`,
);

const bodies = [
  ['car search', { catalogs: [3], attributes: { make: ['toyota'], year: { min: 2012, max: 2018 }, fuel: ['hybrid'] } }],
  ['car search 2', { catalogs: [3], attributes: { make: ['volkswagen'], year: { min: 2015, max: 2022 }, fuel: ['diesel'] } }],
  ['car search 3', { catalogs: [2], attributes: { make: ['skoda'], year: { min: 2010, max: 2020 }, fuel: ['petrol', 'diesel'] } }],
  [
    'car search 4',
    { catalogs: [2], attributes: { make: ['volvo', 'bmw'], year: { min: 2016 }, fuel: ['plug_in_hybrid'], mileage_km: { max: 150_000 } } },
  ],
  ['radius 25 km', { near: { postal_code: '00100' }, radius_km: 25 }],
  ['radius, nearest first', { near: { postal_code: '01300' }, radius_km: 25, sort: 'distance_asc' }],
  ['everything, newest', {}],
  ['everything, cheapest', { sort: 'price_asc' }],
] as const;
const answer = index.answer.bind(index);
for (const [name, body] of bodies) {
  // The query the service builds for the body.
  let built: ListingQuery | undefined;
  index.answer = async (query) => ((built = query), answer(query));
  await services.products.list(body as never, 'fi');
  index.answer = answer;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    started = performance.now();
    await answer(built!);
    times.push(performance.now() - started);
  }
  console.log(`${name}: answer median ${median(times).toFixed(2)} ms, fastest ${Math.min(...times).toFixed(2)} ms`);
}
cleanUp();
await database.close();
process.exit(0);
