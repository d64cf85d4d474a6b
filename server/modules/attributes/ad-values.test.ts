import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogAttributes, productNumbers } from '../../db/schema/attributes.ts';
import { catalogs } from '../../db/schema/catalog.ts';
import { municipalities } from '../../db/schema/geo.ts';
import { products } from '../../db/schema/products.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';

/**
 * Selling and showing with category fields (issue 26), on catalogs of this test's own so the
 * seeded fields do not matter: "cars" (make, year, mileage, fuel, extras, inspection, required
 * year) and "vans" (year and mileage only) under one parent with a yes/no field of its own.
 */
let app: FastifyInstance;
let seller: { id: number; headers: Record<string, string> };
let moderator: { id: number; headers: Record<string, string> };
let carsId: number;
let vansId: number;
let helsinkiId: number;

const labels = (fi: string, en: string, ru: string) => ({ fi, en, ru });
const option = (value: string, fi: string, en = fi, ru = fi) => ({ value, labels: labels(fi, en, ru) });

async function account(roles?: NonNullable<Parameters<typeof createUser>[1]>['roles']) {
  const user = await createUser(app, roles ? { roles } : {});
  return { id: user.id, headers: (await loginAs(app, user)).headers };
}

beforeAll(async () => {
  app = await buildTestApp();
  seller = await account();
  moderator = await account(['moderator']);
  const db = app.services.database.db;
  const [parent] = await db
    .insert(catalogs)
    .values({ slug: 'ads26-vehicles', nameFi: 'Testiajoneuvot', names: { en: 'Test vehicles', ru: 'Тест' } })
    .returning();
  const [cars, vans] = await db
    .insert(catalogs)
    .values([
      { slug: 'ads26-cars', parentId: parent!.id, nameFi: 'Testiautot', names: { en: 'Test cars', ru: 'Тест-авто' } },
      { slug: 'ads26-vans', parentId: parent!.id, nameFi: 'Testipakut', names: { en: 'Test vans', ru: 'Тест-фургоны' } },
    ])
    .returning();
  carsId = cars!.id;
  vansId = vans!.id;
  const year = {
    key: 'year',
    type: 'number' as const,
    min: 1900,
    max: 2030,
    labels: labels('Vuosimalli', 'Model year', 'Год выпуска'),
    card: 1,
  };
  const mileage = {
    key: 'mileage_km',
    type: 'number' as const,
    unit: 'km' as const,
    min: 0,
    max: 2_000_000,
    labels: labels('Mittarilukema', 'Mileage', 'Пробег'),
    card: 2,
  };
  await db.insert(catalogAttributes).values([
    { catalogId: parent!.id, key: 'towbar', type: 'boolean', labels: labels('Vetokoukku', 'Tow bar', 'Фаркоп'), position: 0 },
    {
      catalogId: carsId,
      key: 'make',
      type: 'choice',
      labels: labels('Merkki', 'Make', 'Марка'),
      options: [option('toyota', 'Toyota'), option('skoda', 'Škoda')],
      position: 1,
    },
    { catalogId: carsId, ...year, required: true, position: 2 },
    { catalogId: carsId, ...mileage, position: 3 },
    {
      catalogId: carsId,
      key: 'fuel',
      type: 'choice',
      labels: labels('Polttoaine', 'Fuel', 'Топливо'),
      options: [option('petrol', 'Bensiini', 'Petrol', 'Бензин'), option('diesel', 'Diesel', 'Diesel', 'Дизель')],
      position: 4,
    },
    {
      catalogId: carsId,
      key: 'inspected_until',
      type: 'date',
      min: 2000,
      max: 2100,
      labels: labels('Katsastettu', 'MOT until', 'Техосмотр до'),
      position: 5,
    },
    {
      catalogId: carsId,
      key: 'engine_l',
      type: 'number',
      decimals: 1,
      min: 0,
      max: 10,
      labels: labels('Moottori', 'Engine', 'Двигатель'),
      position: 6,
    },
    { catalogId: vansId, ...year, position: 1 },
    { catalogId: vansId, ...mileage, position: 2 },
  ]);
  app.services.catalog.invalidate();
  app.services.attributes.invalidate();
  helsinkiId = (await db.select().from(municipalities).where(eq(municipalities.code, '091')))[0]!.id;
});
afterAll(() => app.close());

const car = {
  make: 'toyota',
  year: 2015,
  mileage_km: 180000,
  fuel: 'diesel',
  towbar: true,
  inspected_until: '2027-05-01',
  engine_l: 1.6,
};

function adJson(attributes: unknown, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Toyota Avensis 1.6',
    description: 'Hyväkuntoinen farmari, huollettu merkkiliikkeessä.',
    price: 8900,
    city_id: helsinkiId,
    catalog_id: carsId,
    attributes,
    ...overrides,
  };
}

const postJson = (payload: unknown, headers = seller.headers) =>
  app.inject({ method: 'POST', url: '/api/product', payload: payload as object, headers });
async function postForm(fields: Record<string, string>) {
  const body = await multipart([], fields);
  return app.inject({ method: 'POST', url: '/api/product', payload: body.payload, headers: { ...seller.headers, ...body.headers } });
}
const patch = (payload: Record<string, unknown>, headers = seller.headers) =>
  app.inject({ method: 'PATCH', url: '/api/product', payload, headers });

async function stored(uuid: string) {
  const db = app.services.database.db;
  const [ad] = await db
    .select({ id: products.id, attributes: products.attributes, catalogId: products.catalogId, status: products.status })
    .from(products)
    .where(eq(products.uuid, uuid));
  const numbers = await db
    .select({ key: productNumbers.key, value: productNumbers.value })
    .from(productNumbers)
    .where(eq(productNumbers.productId, ad!.id))
    .orderBy(asc(productNumbers.key));
  return { ...ad!, numbers: Object.fromEntries(numbers.map((n) => [n.key, n.value])) };
}
async function countAds() {
  return (await app.services.database.db.select({ id: products.id }).from(products).where(eq(products.userId, seller.id))).length;
}

describe('creating an ad with category fields', () => {
  it('stores the values from JSON, with the numbers and days in product_numbers', async () => {
    const res = await postJson(adJson(car));
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data.attribute_values).toEqual(car);
    const ad = await stored(data.uuid);
    expect(ad.attributes).toEqual(car);
    expect(ad.numbers).toEqual({ engine_l: 1.6, inspected_until: Date.UTC(2027, 4, 1) / 86_400_000, mileage_km: 180000, year: 2015 });
  });

  it('stores the values a multipart form sends as JSON text', async () => {
    const res = await postForm({
      ...adJson(JSON.stringify({ year: 2008, fuel: 'petrol' })),
      price: '1500',
      city_id: String(helsinkiId),
      catalog_id: String(carsId),
    } as Record<string, string>);
    expect(res.statusCode, res.body).toBe(201);
    const ad = await stored(res.json().data.uuid);
    expect(ad.attributes).toEqual({ year: 2008, fuel: 'petrol' });
    expect(ad.numbers).toEqual({ year: 2008 });
  });

  it('refuses a form whose attributes are no JSON, under `attributes`, and stores nothing', async () => {
    const before = await countAds();
    const res = await postForm({
      ...adJson('{year: 2015'),
      price: '1500',
      city_id: String(helsinkiId),
      catalog_id: String(carsId),
    } as Record<string, string>);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['attributes']);
    expect(await countAds()).toBe(before);
  });

  it('reports each bad value of the issue under its own field at once, with the other fields’ problems, and stores nothing', async () => {
    const before = await countAds();
    const res = await postJson(adJson({ year: 3024, mileage_km: -5, fuel: 'steam', colour: 'red', engine_l: 1.65 }, { name: 'ab' }), {
      ...seller.headers,
      'accept-language': 'en',
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(
      ['attributes.colour', 'attributes.engine_l', 'attributes.fuel', 'attributes.mileage_km', 'attributes.year', 'name'].sort(),
    );
    for (const messages of Object.values(errors)) {
      expect(messages).toHaveLength(1);
      expect(messages[0]).not.toMatch(/^attributes\./);
    }
    expect(await countAds()).toBe(before);
  });

  it('asks for a required field, and refuses values that are not an object', async () => {
    const missing = await postJson(adJson({ make: 'toyota' }));
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['attributes.year']);
    const none = await postJson(adJson(undefined));
    expect(Object.keys(none.json().errors)).toEqual(['attributes.year']);
    const list = await postJson(adJson([2015]));
    expect(list.statusCode).toBe(422);
    expect(Object.keys(list.json().errors)).toEqual(['attributes']);
  });
});

describe('editing an ad’s category fields', () => {
  async function newCar(attributes: Record<string, unknown> = car) {
    const res = await postJson(adJson(attributes));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.uuid as string;
  }

  it('replaces the values and their numbers, and sends the ad back to review', async () => {
    const uuid = await newCar();
    await app.services.database.db.update(products).set({ status: 'active', approvedAt: new Date() }).where(eq(products.uuid, uuid));
    const res = await patch({ productUuid: uuid, attributes: { year: 2016, fuel: 'petrol' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attribute_values).toEqual({ year: 2016, fuel: 'petrol' });
    const ad = await stored(uuid);
    expect(ad.attributes).toEqual({ year: 2016, fuel: 'petrol' });
    expect(ad.numbers).toEqual({ year: 2016 });
    expect(ad.status).toBe('moderate');
  });

  it('takes the values of a form-encoded edit as JSON text', async () => {
    const uuid = await newCar();
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/product',
      payload: new URLSearchParams({ productUuid: uuid, attributes: JSON.stringify({ year: 2001 }) }).toString(),
      headers: { ...seller.headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(uuid)).attributes).toEqual({ year: 2001 });
  });

  it('keeps the values when an edit does not send them', async () => {
    const uuid = await newCar();
    const res = await patch({ productUuid: uuid, price: 7500 });
    expect(res.statusCode, res.body).toBe(200);
    const ad = await stored(uuid);
    expect(ad.attributes).toEqual(car);
    expect(ad.numbers.mileage_km).toBe(180000);
  });

  it('refuses a bad edit per field and keeps everything as it was', async () => {
    const uuid = await newCar();
    const res = await patch({
      productUuid: uuid,
      name: 'Toyota Avensis uusi nimi',
      attributes: { year: 1800, mileage_km: -1, make: 'trabant' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['attributes.make', 'attributes.mileage_km', 'attributes.year']);
    const ad = await stored(uuid);
    expect(ad.attributes).toEqual(car);
    const [row] = await app.services.database.db.select({ name: products.name }).from(products).where(eq(products.uuid, uuid));
    expect(row!.name).toBe('Toyota Avensis 1.6');
  });

  it('drops the values the new catalog does not have when the owner moves the ad', async () => {
    const uuid = await newCar();
    const res = await patch({ productUuid: uuid, catalog_id: vansId });
    expect(res.statusCode, res.body).toBe(200);
    const ad = await stored(uuid);
    expect(ad.catalogId).toBe(vansId);
    // year and mileage are vans' fields too, the tow bar their parent's; make, fuel, inspection and engine are not.
    expect(ad.attributes).toEqual({ year: 2015, mileage_km: 180000, towbar: true });
    expect(ad.numbers).toEqual({ mileage_km: 180000, year: 2015 });
  });

  it('keeps the values as they are when staff move the ad', async () => {
    const uuid = await newCar();
    const res = await patch({ productUuid: uuid, catalog_id: vansId }, moderator.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(uuid)).attributes).toEqual(car);
  });

  it('gives the edit form the raw values', async () => {
    const uuid = await newCar();
    const res = await app.inject({ url: `/api/product/${uuid}/edit`, headers: seller.headers });
    expect(res.json().data.attribute_values).toEqual(car);
  });
});

describe('showing the values', () => {
  let uuid: string;
  beforeAll(async () => {
    const res = await postJson(adJson(car));
    uuid = res.json().data.uuid;
    await app.services.database.db.update(products).set({ status: 'active', approvedAt: new Date() }).where(eq(products.uuid, uuid));
    app.services.products.invalidateListing();
  });
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/gu, ' ');
  const page = async (locale: string) => {
    const res = await app.inject({ url: `/api/product/${uuid}`, headers: { 'accept-language': locale } });
    return (res.json().data.attributes as { key: string; label: string; text: string }[]).map((a) => ({
      key: a.key,
      label: a.label,
      text: plain(a.text),
    }));
  };

  it('lists them on the ad page in the reader’s language, in the fields’ order', async () => {
    expect(await page('fi')).toEqual([
      { key: 'towbar', label: 'Vetokoukku', text: 'Kyllä' },
      { key: 'make', label: 'Merkki', text: 'Toyota' },
      { key: 'year', label: 'Vuosimalli', text: '2015' },
      { key: 'mileage_km', label: 'Mittarilukema', text: '180 000 km' },
      { key: 'fuel', label: 'Polttoaine', text: 'Diesel' },
      { key: 'inspected_until', label: 'Katsastettu', text: '1.5.2027' },
      { key: 'engine_l', label: 'Moottori', text: '1,6' },
    ]);
    const en = await page('en');
    expect(en.find((a) => a.key === 'mileage_km')).toEqual({ key: 'mileage_km', label: 'Mileage', text: '180,000 km' });
    expect(en.find((a) => a.key === 'towbar')?.text).toBe('Yes');
    const ru = await page('ru');
    expect(ru.find((a) => a.key === 'mileage_km')).toEqual({ key: 'mileage_km', label: 'Пробег', text: '180 000 км' });
    expect(ru.find((a) => a.key === 'fuel')?.text).toBe('Дизель');
  });

  it('still shows the value of a retired field', async () => {
    const db = app.services.database.db;
    await db.update(catalogAttributes).set({ retiredAt: new Date() }).where(eq(catalogAttributes.key, 'engine_l'));
    app.services.attributes.invalidate();
    try {
      expect((await page('fi')).find((a) => a.key === 'engine_l')?.text).toBe('1,6');
    } finally {
      await db.update(catalogAttributes).set({ retiredAt: null }).where(eq(catalogAttributes.key, 'engine_l'));
      app.services.attributes.invalidate();
    }
  });

  it('puts the card fields on the listing’s cards, formatted', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/products',
      payload: { catalogs: [carsId] },
      headers: { 'accept-language': 'fi' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const card = (res.json().data as { uuid: string; highlights: string[] }[]).find((c) => c.uuid === uuid);
    expect(card?.highlights.map(plain)).toEqual(['2015', '180 000 km']);
  });
});
