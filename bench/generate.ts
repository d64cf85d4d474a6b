// Fills a PostgreSQL database with N realistic ads for the benchmarks:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kauppis_bench npx tsx bench/generate.ts 1000000
// The database is created if missing, migrated, seeded with the reference data, then filled in
// batches. Ads are spread over cities like a real site (a few big cities carry most of them),
// filed in their item's categories (one in ten anywhere), and inserted oldest first over a year,
// as a live site receives them.
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { seedReferenceData } from '../server/db/seed/reference.ts';
import { migrationsDir } from '../server/paths.ts';
import { createRandom } from './lib/random.ts';

const TOTAL = Number(process.argv[2] ?? 1_000_000);
const BATCH = 5_000;
const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the benchmark database, e.g. postgres://postgres@127.0.0.1:5432/kauppis_bench');

const ITEMS = [
  ['polkupyörä', 'maastopyörä', 'sähköpyörä', 'lastenpyörä', 'fillari', 'jopo', 'kaupunkipyörä'],
  ['sohva', 'kulmasohva', 'vuodesohva', 'nojatuoli', 'ruokapöytä', 'kirjahylly', 'sänky', 'lipasto'],
  ['talvirenkaat', 'kesärenkaat', 'vanteet', 'kattoteline', 'peräkärry', 'lohkolämmitin'],
  ['puhelin', 'iphone', 'samsung galaxy', 'läppäri', 'tabletti', 'televisio', 'pelikonsoli', 'kuulokkeet'],
  ['sukset', 'luistimet', 'kitara', 'teltta', 'makuupussi', 'kalastusvälineet', 'lautapeli'],
  ['takki', 'talvitakki', 'kengät', 'lastenvaunut', 'turvaistuin', 'haalari', 'reppu'],
  ['auto', 'farmari', 'pakettiauto', 'moottoripyörä', 'mopo', 'vene', 'perämoottori', 'moottorikelkka'],
  ['kaksio', 'yksiö', 'kolmio', 'omakotitalo', 'kesämökki', 'tontti', 'autotalli'],
];
const BRANDS = [
  'Helkama',
  'Tunturi',
  'IKEA',
  'Volvo',
  'Toyota',
  'Apple',
  'Samsung',
  'Fiskars',
  'Reima',
  'Marimekko',
  'Nokian',
  'Husqvarna',
  'Stiga',
  'Harvia',
];
/**
 * Where each group's ads are filed (leaf slugs): a bicycle in the bicycles, as sellers file them.
 * One ad in ten goes to any leaf instead (filed wrong, or a word used in another sense).
 */
const GROUP_CATALOGS = [
  ['city-bikes', 'mountain-bikes', 'electric-bikes', 'childrens-bikes', 'road-bikes'],
  ['sofas-and-armchairs', 'beds-and-mattresses', 'tables-and-chairs', 'cabinets-and-shelves'],
  ['summer-tyres', 'studded-tyres', 'friction-tyres', 'car-rims', 'roof-boxes-and-racks', 'utility-trailers', 'car-accessories'],
  ['smartphones', 'laptops', 'tablets', 'televisions', 'headphones', 'playstation'],
  ['skiing', 'guitars-and-basses', 'tents', 'sleeping-bags-and-mats', 'fishing-gear', 'board-games-and-puzzles', 'ice-hockey'],
  [
    'womens-outerwear',
    'mens-outerwear',
    'childrens-outerwear',
    'womens-shoes',
    'mens-shoes',
    'prams-and-pushchairs',
    'car-seats',
    'backpacks',
  ],
  ['passenger-cars', 'vans', 'street-motorcycles', 'mopeds', 'motorboats', 'outboard-motors', 'snowmobiles'],
  ['flats-for-sale', 'apartments-for-rent', 'houses', 'cottages-for-sale', 'residential-plots', 'garages-and-parking'],
];
const ADJECTIVES = ['hyväkuntoinen', 'uudenveroinen', 'vähän käytetty', 'siisti', 'toimiva', 'huollettu', 'käyttämätön', 'edullinen'];
const PHRASES = [
  'Nouto sovittaessa.',
  'Hinta neuvoteltavissa.',
  'Ei postitusta.',
  'Savuton koti, ei lemmikkejä.',
  'Lisätietoja viestillä.',
  'Myydään tarpeettomana.',
  'Pieniä käytön jälkiä.',
  'Kuitti tallella.',
];

// A small deterministic generator keeps runs comparable.
const { rand, pick, skewed } = createRandom(20261122);

async function ensureDatabase(): Promise<void> {
  const target = new URL(url!);
  const name = target.pathname.slice(1);
  const admin = new URL(url!);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  await client.end();
}

await ensureDatabase();
const handle = await openDatabase({ url, migrationsFolder: migrationsDir });
await handle.migrate();
await seedReferenceData(handle.db);
await handle.close();

const client = new pg.Client({ connectionString: url });
await client.connect();
const existing = Number((await client.query('select count(*) from products')).rows[0].count);
if (existing >= TOTAL) {
  console.log(`already ${existing} ads; nothing to do`);
  await client.end();
  process.exit(0);
}
await client.query(
  `insert into users (name, email, email_verified_at) values ('Bench Seller', 'bench@example.com', now()) on conflict do nothing`,
);
const userIds: number[] = (await client.query(`select id from users`)).rows.map((r) => r.id);
const catalogs: number[] = (
  await client.query(`select c.id from catalogs c where not exists (select 1 from catalogs k where k.parent_id = c.id) order by c.id`)
).rows.map((r) => r.id);
const catalogBySlug = new Map<string, number>(
  (await client.query(`select id, slug from catalogs`)).rows.map((r) => [r.slug as string, r.id as number]),
);
const groupCatalogs = GROUP_CATALOGS.map((slugs) =>
  slugs.map((slug) => {
    const id = catalogBySlug.get(slug);
    if (id === undefined) throw new Error(`no catalog ${slug}`);
    return id;
  }),
);
const SPAN_MS = 365 * 86_400_000;
const startedAt = Date.now();
const cities: { id: number; region_id: number }[] = (
  await client.query(
    `select id, region_id from municipalities order by (code in ('091','049','837','092','564','853','179','398')) desc, id`,
  )
).rows;

const started = Date.now();
for (let done = existing; done < TOTAL; done += BATCH) {
  const size = Math.min(BATCH, TOTAL - done);
  const values: unknown[] = [];
  const rows: string[] = [];
  for (let i = 0; i < size; i++) {
    const group = Math.floor(rand() * ITEMS.length);
    const item = pick(ITEMS[group]!);
    const name = `${rand() < 0.5 ? `${pick(BRANDS)} ` : ''}${item} ${rand() < 0.5 ? pick(ADJECTIVES) : ''}`.trim();
    const description = `${name[0]!.toUpperCase()}${name.slice(1)}. ${pick(PHRASES)} ${pick(PHRASES)} ${pick(ADJECTIVES)} ${item}.`;
    const city = skewed(cities);
    const status = rand() < 0.9 ? 'active' : pick(['sold', 'reserved', 'moderate', 'disabled']);
    // Oldest first, as a live site receives them: the newest ads share the table's last pages
    // and the index's last entries (random dates would spread a day's ads over every page).
    const created = new Date(startedAt - SPAN_MS + Math.floor(((done + i + rand()) / TOTAL) * SPAN_MS));
    const base = values.length;
    values.push(
      pick(userIds),
      rand() < 0.9 ? pick(groupCatalogs[group]!) : catalogs[Math.floor(rand() * catalogs.length)],
      city.id,
      city.region_id,
      name,
      description,
      Math.floor(rand() ** 3 * 5_000_000),
      status,
      Math.floor(rand() * 4),
      created,
    );
    rows.push(`(${Array.from({ length: 10 }, (_, k) => `$${base + k + 1}`).join(',')})`);
  }
  await client.query(
    `insert into products (user_id, catalog_id, city_id, region_id, name, description, price_cents, status, image_count, created_at) values ${rows.join(',')}`,
    values,
  );
  if ((done / BATCH) % 20 === 0)
    console.log(`${done + size} ads (${Math.round((done + size - existing) / ((Date.now() - started) / 1000))}/s)`);
}
await client.query('analyze products');
console.log(`done: ${TOTAL} ads in ${((Date.now() - started) / 1000).toFixed(0)} s`);
await client.end();
