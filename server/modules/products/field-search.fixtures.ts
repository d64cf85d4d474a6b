import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { catalogAttributes, productNumbers } from '../../db/schema/attributes.ts';
import { catalogs } from '../../db/schema/catalog.ts';
import { products } from '../../db/schema/products.ts';
import { type AttributeValues, dayNumber } from '../../../common/attributes.ts';
import { createAd } from '../../test/ads.ts';

/** Test data of the field searches (issue 26): the cars' fields and a few cars with values. */

const label = (fi: string) => ({ fi, en: fi, ru: fi });
const options = (...values: string[]) => values.map((value) => ({ value, labels: label(value) }));

/** The fields the tests search by, on "cars"; the seeded ones are replaced so the tests say what they rely on. */
export async function defineCarFields(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;
  const [cars] = await db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.slug, 'cars'));
  await db.delete(catalogAttributes);
  const field = (position: number, values: Partial<typeof catalogAttributes.$inferInsert> & { key: string; type: string }) =>
    ({ catalogId: cars!.id, labels: label(values.key), filter: true, position, ...values }) as typeof catalogAttributes.$inferInsert;
  await db
    .insert(catalogAttributes)
    .values([
      field(1, { key: 'make', type: 'choice', options: options('toyota', 'volkswagen', 'volvo', 'skoda') }),
      field(2, { key: 'model', type: 'text' }),
      field(3, { key: 'year', type: 'number', min: 1900, max: 2027 }),
      field(4, { key: 'mileage_km', type: 'number', unit: 'km', min: 0, max: 2_000_000 }),
      field(5, { key: 'fuel', type: 'choice', options: options('petrol', 'diesel', 'hybrid', 'plugin_hybrid', 'electric') }),
      field(6, { key: 'equipment', type: 'choices', options: options('tow_hitch', 'winter_tyres', 'webasto') }),
      field(7, { key: 'service_book', type: 'boolean' }),
      field(8, { key: 'inspection_until', type: 'date', min: 2000, max: 2040 }),
      field(9, { key: 'colour', type: 'choice', options: options('red', 'black'), filter: false }),
      field(10, { key: 'old_class', type: 'choice', options: options('a', 'b'), retiredAt: new Date() }),
    ]);
  app.services.attributes.invalidate();
}

/** An ad's values as selling stores them: the JSON, and numbers and days in product_numbers. */
export async function setValues(app: FastifyInstance, productId: number, values: AttributeValues): Promise<void> {
  const db = app.services.database.db;
  await db
    .update(products)
    .set({ attributes: sql`${JSON.stringify(values)}::jsonb` })
    .where(eq(products.id, productId));
  const numbers = Object.entries(values).flatMap(([key, value]) => {
    if (typeof value === 'number') return [{ productId, key, value }];
    if (typeof value === 'string' && dayNumber(value) !== undefined) return [{ productId, key, value: dayNumber(value)! }];
    return [];
  });
  if (numbers.length) await db.insert(productNumbers).values(numbers);
}

/** A car in a town (municipality code) with its values. */
export async function car(
  app: FastifyInstance,
  userId: number,
  name: string,
  city: string,
  values: AttributeValues,
  extra: { status?: 'active' | 'reserved' | 'sold'; createdAt?: Date; catalog?: string } = {},
) {
  const ad = await createAd(app, {
    userId,
    name,
    city,
    catalog: extra.catalog ?? 'cars',
    status: extra.status,
    createdAt: extra.createdAt,
  });
  await setValues(app, ad.id, values);
  return ad;
}
