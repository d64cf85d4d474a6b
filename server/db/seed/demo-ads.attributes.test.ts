import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { productNumbers } from '../schema/attributes.ts';
import { catalogs } from '../schema/catalog.ts';
import { municipalities } from '../schema/geo.ts';
import { products } from '../schema/products.ts';
import { users } from '../schema/users.ts';
import { DEMO_AD_VALUES, saveDemoAdValues } from './demo-ads.attributes.ts';
import { demoAds } from './demo-ads.data.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('the demo ads’ category field values', () => {
  it('name demo ads that exist', () => {
    const names = new Set(demoAds.map((ad) => ad.name));
    for (const name of Object.keys(DEMO_AD_VALUES)) expect(names, name).toContain(name);
  });

  it('are all taken by the seeded fields and stored with their numbers', async () => {
    const db = handle.db;
    const [user] = await db.insert(users).values({ name: 'Demo', email: 'demo-values@example.com' }).returning();
    const tree = await db.select({ id: catalogs.id, slug: catalogs.slug, parentId: catalogs.parentId }).from(catalogs);
    const bySlug = new Map(tree.map((c) => [c.slug, c]));
    const [city] = await db.select().from(municipalities).where(eq(municipalities.code, '091'));
    const chosen = demoAds.filter((ad) => DEMO_AD_VALUES[ad.name]);
    const rows = await db
      .insert(products)
      .values(
        chosen.map((ad) => ({
          userId: user!.id,
          catalogId: bySlug.get(ad.catalog)!.id,
          cityId: city!.id,
          regionId: city!.regionId,
          name: ad.name,
          description: ad.description,
          priceCents: ad.priceCents,
          status: 'active' as const,
          language: ad.language,
        })),
      )
      .returning({ id: products.id, name: products.name, catalogId: products.catalogId });
    const parents = new Map(tree.map((c) => [c.id, c.parentId]));
    expect(await saveDemoAdValues(db, rows, (id) => parents.get(id))).toBe(rows.length);

    const stored = await db
      .select({ name: products.name, attributes: products.attributes })
      .from(products)
      .where(
        inArray(
          products.id,
          rows.map((r) => r.id),
        ),
      );
    // Every value was taken: none was left out for not fitting its field.
    for (const row of stored) expect(row.attributes, row.name).toEqual(DEMO_AD_VALUES[row.name]);
    const corolla = rows.find((r) => r.name.startsWith('Toyota Corolla'))!;
    const numbers = await db.select().from(productNumbers).where(eq(productNumbers.productId, corolla.id));
    expect(Object.fromEntries(numbers.map((n) => [n.key, n.value]))).toEqual({ year: 2008, mileage_km: 214000 });
  });
});
