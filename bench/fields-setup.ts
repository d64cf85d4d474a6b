// The ads of bench/fields.ts (issue 26): on a database bench/generate.ts filled, about 12 % of
// the ads become cars and vans and about 8 % homes, with realistic values of their category
// fields (the seeded definitions), stored as the app stores them (products.attributes, the
// number fields in product_numbers; the search document's §a lexemes by the trigger). Idempotent:
// a marker table notes the mix, and a second run leaves the ads as they are.
import type pg from 'pg';
import type { AttributeDefinition, AttributeValues } from '../common/attributes.ts';

/** Noted in the marker table: ads made by another version of the mix are made again. */
const MIX = 'bench/fields-setup.ts mix 1';
const BATCH = 5_000;

/** The share of Finland's used-car market by make (roughly, 2025); the other makes share the rest. */
const MAKE_WEIGHTS: Record<string, number> = {
  toyota: 17,
  volkswagen: 12,
  skoda: 8,
  volvo: 8,
  ford: 6,
  nissan: 4,
  opel: 4,
  mercedes: 4,
  bmw: 4,
  audi: 4,
  kia: 4,
  peugeot: 3,
  renault: 3,
  hyundai: 3,
  mazda: 3,
  citroen: 2,
  honda: 2,
  tesla: 1.5,
};
const FUEL_WEIGHTS: Record<string, number> = { petrol: 45, diesel: 30, hybrid: 12, plug_in_hybrid: 5, electric: 7, gas: 1 };
const CAR_CATALOGS: [string, number][] = [
  ['passenger-cars', 78],
  ['electric-and-hybrid-cars', 8],
  ['off-road-cars', 5],
  ['vans', 7],
  ['classic-cars', 2],
];
const HOME_CATALOGS: [string, number][] = [
  ['flats-for-sale', 40],
  ['terraced-houses-for-sale', 15],
  ['flats-for-rent', 30],
  ['terraced-houses-for-rent', 5],
  ['houses-for-rent', 5],
  ['semi-detached-houses-for-sale', 5],
];

let seed = 26;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
function weighted<T>(entries: [T, number][]): T {
  const total = entries.reduce((n, [, w]) => n + w, 0);
  let at = rand() * total;
  for (const [value, w] of entries) if ((at -= w) < 0) return value;
  return entries[entries.length - 1]![0];
}
const between = (low: number, high: number) => low + Math.floor(rand() * (high - low + 1));

/** The options of a field, weighted by `weights` (by the value's beginning), the others sharing the rest. */
function optionPicker(definition: AttributeDefinition | undefined, weights: Record<string, number> = {}): () => string | undefined {
  if (!definition?.options.length) return () => undefined;
  const named = Object.values(weights).reduce((n, w) => n + w, 0);
  const rest = definition.options.filter((o) => !Object.keys(weights).some((w) => o.value.startsWith(w)));
  const entries: [string, number][] = definition.options.map((o) => {
    const known = Object.entries(weights).find(([w]) => o.value.startsWith(w));
    return [o.value, known ? known[1] : Math.max(0.2, (100 - named) / Math.max(1, rest.length))];
  });
  return () => weighted(entries);
}

interface Fields {
  byKey: Map<string, AttributeDefinition>;
}

function carValues({ byKey }: Fields): { values: AttributeValues; title: string } {
  const make = optionPicker(byKey.get('make'), MAKE_WEIGHTS)();
  const makeLabel = byKey.get('make')?.options.find((o) => o.value === make)?.labels.fi ?? 'Auto';
  // Newer cars are more common; mileage grows with age, around 16,000 km a year.
  const year = 2026 - Math.min(30, Math.floor(-Math.log(1 - rand()) * 8));
  const mileage = Math.max(0, Math.round(((2026 - year) * 16_000 * (0.5 + rand())) / 1000) * 1000);
  const values: AttributeValues = { year, mileage_km: mileage };
  if (make) values.make = make;
  const fuel = optionPicker(byKey.get('fuel'), FUEL_WEIGHTS)();
  if (fuel) values.fuel = fuel;
  for (const key of ['gearbox', 'drive', 'body_type']) {
    const value = optionPicker(byKey.get(key))();
    if (value && rand() < 0.9) values[key] = value;
  }
  const model = ['Corolla', 'Golf', 'Octavia', 'V60', 'Focus', 'Qashqai', 'Astra', 'C 220', '320d', 'A4', 'Ceed', 'Model 3'][
    between(0, 11)
  ]!;
  if (byKey.has('model')) values.model = model;
  return { values, title: `${makeLabel} ${model} ${year}` };
}

function homeValues({ byKey }: Fields, rent: boolean): { values: AttributeValues; title: string } {
  const rooms = optionPicker(byKey.get('rooms'), { '1h': 25, '2h': 35, '3h': 25, '4h': 10 })();
  const roomCount = Number(rooms?.[0] ?? 2) || 2;
  const area = Math.round((18 + roomCount * 22 + rand() * 25) * 2) / 2;
  const values: AttributeValues = { area_m2: area };
  if (rooms) values.rooms = rooms;
  if (byKey.has('floor')) values.floor = between(1, 8);
  if (byKey.has('building_year')) values.building_year = between(1950, 2025);
  if (byKey.has('sauna')) values.sauna = rand() < 0.45;
  if (byKey.has('balcony')) values.balcony = rand() < 0.6;
  if (rent && byKey.has('rent_eur_month')) values.rent_eur_month = Math.round((300 + area * 12 + rand() * 300) / 10) * 10;
  return { values, title: `${rooms ?? '2h'} ${String(area).replace('.', ',')} m²` };
}

/**
 * Makes the mix if the marker says otherwise. `fieldsOf` is the app's own reading of a catalog's
 * fields (services.attributes.forCatalog), so the values fit the definitions as the app checks them.
 */
export async function ensureFieldAds(
  pool: pg.Pool,
  fieldsOf: (catalogId: number) => Promise<AttributeDefinition[]>,
): Promise<{ cars: number; homes: number }> {
  await pool.query(`create table if not exists bench_fields_mix (mix text primary key, cars integer, homes integer)`);
  const done = await pool.query<{ cars: number; homes: number }>(`select cars, homes from bench_fields_mix where mix = $1`, [MIX]);
  if (done.rows[0]) return done.rows[0];

  const slugs = new Map((await pool.query<{ id: number; slug: string }>(`select id, slug from catalogs`)).rows.map((r) => [r.slug, r.id]));
  const idOf = (slug: string) => {
    const id = slugs.get(slug);
    if (id === undefined) throw new Error(`no catalog ${slug}`);
    return id;
  };
  const fields = new Map<number, Fields>();
  for (const [slug] of [...CAR_CATALOGS, ...HOME_CATALOGS]) {
    const definitions = await fieldsOf(idOf(slug));
    if (!definitions.length) throw new Error(`catalog ${slug} has no fields: start the app once on this database so the seeds run`);
    fields.set(idOf(slug), { byKey: new Map(definitions.map((d) => [d.key, d])) });
  }
  const numberKeys = [
    ...new Set([...fields.values()].flatMap((f) => [...f.byKey.values()].filter((d) => d.type === 'number').map((d) => d.key))),
  ];

  const maxId = Number((await pool.query<{ max: number }>(`select max(id) as max from products`)).rows[0]!.max);
  let cars = 0;
  let homes = 0;
  for (let from = 1; from <= maxId; from += BATCH) {
    const ids: number[] = [];
    const catalogs: number[] = [];
    const names: string[] = [];
    const values: string[] = [];
    for (let id = from; id < from + BATCH && id <= maxId; id++) {
      const share = id % 100;
      if (share >= 20) continue;
      const car = share < 12;
      const slug = weighted(car ? CAR_CATALOGS : HOME_CATALOGS);
      const catalogId = idOf(slug);
      const made = car ? carValues(fields.get(catalogId)!) : homeValues(fields.get(catalogId)!, slug.includes('rent'));
      ids.push(id);
      catalogs.push(catalogId);
      names.push(made.title);
      values.push(JSON.stringify(made.values));
      if (car) cars++;
      else homes++;
    }
    if (!ids.length) continue;
    await pool.query(
      `update products p set catalog_id = v.catalog_id, name = v.name, attributes = v.attrs
         from unnest($1::int[], $2::int[], $3::text[], $4::jsonb[]) as v(id, catalog_id, name, attrs)
        where p.id = v.id`,
      [ids, catalogs, names, values],
    );
    if ((from - 1) % 100_000 === 0) console.error(`fields: ${from + BATCH - 1} of ${maxId} ads`);
  }
  await pool.query(`delete from product_numbers`);
  await pool.query(
    `insert into product_numbers (product_id, key, value)
       select p.id, e.key, e.value::text::double precision
         from products p cross join lateral jsonb_each(p.attributes) e
        where p.attributes <> '{}' and e.key = any($1) and jsonb_typeof(e.value) = 'number'`,
    [numberKeys],
  );
  // A table never vacuumed has no visibility map: its index-only scans would read the heap.
  await pool.query(`vacuum analyze product_numbers`);
  await pool.query(`analyze products`);
  await pool.query(`insert into bench_fields_mix (mix, cars, homes) values ($1, $2, $3)`, [MIX, cars, homes]);
  return { cars, homes };
}
