import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTES_PER_CATALOG_MAX } from '../../../common/attributes.ts';
import { type AttributeDraft, checkLabels, draftProblems } from '../../modules/attributes/attribute-rules.ts';
import { createFileStorage } from '../../platform/storage.ts';
import type { FieldProblems } from '../../platform/validation.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { catalogAttributes } from '../schema/attributes.ts';
import { catalogVersion, catalogs } from '../schema/catalog.ts';
import { CATALOG_ATTRIBUTES, seedCatalogAttributes } from './catalog-attributes.ts';
import { type CatalogSeed, catalogTree } from './catalog-tree.ts';
import { seedDatabase } from './index.ts';

/** Every seeded catalog's path from the top (slugs), from the seeded tree. */
function paths(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (nodes: CatalogSeed[], above: string[]) => {
    for (const node of nodes) {
      out.set(node.slug, [...above, node.slug]);
      walk(node.children ?? [], [...above, node.slug]);
    }
  };
  walk(catalogTree, []);
  return out;
}

describe('the seeded fields as data', () => {
  it('name catalogs of the seeded tree and pass every rule staff changes are held to', () => {
    const tree = paths();
    for (const [slug, fields] of Object.entries(CATALOG_ATTRIBUTES)) {
      expect(tree.has(slug), slug).toBe(true);
      for (const seed of fields) {
        const problems: FieldProblems = {};
        const draft: AttributeDraft = {
          key: seed.key,
          type: seed.type,
          unit: seed.unit ?? null,
          min: seed.min ?? null,
          max: seed.max ?? null,
          decimals: seed.decimals ?? 0,
          labels: checkLabels(seed.labels, 'labels', problems),
          options: seed.options ?? [],
          required: seed.required ?? false,
          filter: seed.filter ?? false,
          card: seed.card ?? null,
        };
        seed.options?.forEach((o, i) => checkLabels(o.labels, `options.${i}.labels`, problems));
        draftProblems(draft, problems);
        expect(problems, `${slug}.${seed.key}`).toEqual({});
      }
    }
  });

  it('keeps keys unique, card places single and the count under the limit along every path', () => {
    for (const [slug, trail] of paths()) {
      const along = trail.flatMap((step) => CATALOG_ATTRIBUTES[step] ?? []);
      const keys = along.map((f) => f.key);
      expect(new Set(keys).size, slug).toBe(keys.length);
      const cards = along.flatMap((f) => (f.card ? [f.card] : []));
      expect(new Set(cards).size, slug).toBe(cards.length);
      expect(along.length).toBeLessThanOrEqual(ATTRIBUTES_PER_CATALOG_MAX);
    }
  });
});

describe('seeding the fields', () => {
  let handle: DatabaseHandle;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-fields-seed-'));
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const fieldsOf = async (slug: string) => {
    const [catalog] = await handle.db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.slug, slug));
    return handle.db.select().from(catalogAttributes).where(eq(catalogAttributes.catalogId, catalog!.id));
  };

  it('gives cars a make, a year and a mileage with the reference data', async () => {
    const cars = new Map((await fieldsOf('cars')).map((row) => [row.key, row]));
    expect(cars.get('make')).toMatchObject({ type: 'choice', filter: true, labels: { fi: 'Merkki', en: 'Make', ru: 'Марка' } });
    expect(cars.get('make')!.options.map((o) => o.value)).toEqual(expect.arrayContaining(['toyota', 'volkswagen', 'tesla', 'byd']));
    expect(cars.get('year')).toMatchObject({ type: 'number', min: 1900, card: 1, filter: true });
    expect(cars.get('mileage_km')).toMatchObject({ unit: 'km', min: 0, max: 2_000_000, card: 2 });
    expect((await fieldsOf('apartments-for-rent')).map((row) => row.key)).toEqual(
      expect.arrayContaining(['rooms', 'area_m2', 'rent_eur_month', 'available_from']),
    );
  });

  it('is idempotent and leaves what staff changed as it is', async () => {
    const [year] = (await fieldsOf('cars')).filter((row) => row.key === 'year');
    await handle.db
      .update(catalogAttributes)
      .set({ labels: { fi: 'Vuosi', en: 'Year', ru: 'Год' }, retiredAt: new Date() })
      .where(eq(catalogAttributes.id, year!.id));
    const before = await handle.db.select().from(catalogAttributes);
    expect(await seedCatalogAttributes(handle.db)).toBe(0);
    expect(await handle.db.select().from(catalogAttributes)).toEqual(before);
    const [after] = (await fieldsOf('cars')).filter((row) => row.key === 'year');
    expect(after!.labels.fi).toBe('Vuosi');
    expect(after!.retiredAt).not.toBeNull();
  });

  it('adds the missing fields to a site that already has its reference data, at its next start, raising the tree version', async () => {
    const [vans] = await handle.db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.slug, 'vans'));
    await handle.db.delete(catalogAttributes).where(eq(catalogAttributes.catalogId, vans!.id));
    const [{ version: before } = { version: 0 }] = await handle.db.select().from(catalogVersion);
    const storage = createFileStorage(mediaDir);
    expect(await seedDatabase(handle.db, { demo: false, demoPassword: 'x', storage })).toEqual({ seeded: false, ads: 0 });
    const vanKeys = (await fieldsOf('vans')).map((row) => row.key);
    expect(vanKeys).toEqual(['make', 'model', 'year', 'mileage_km', 'fuel', 'gearbox', 'drive', 'body_type', 'inspection_valid_until']);
    const [{ version: after } = { version: 0 }] = await handle.db.select().from(catalogVersion);
    expect(after).toBeGreaterThan(before);
  });

  it('moves a seeded "next year" bound on as the years pass, and leaves a bound staff set lower', async () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    const [cars, motorcycles] = [await fieldsOf('cars'), await fieldsOf('motorcycles')];
    const carYear = cars.find((row) => row.key === 'year')!;
    const bikeYear = motorcycles.find((row) => row.key === 'year')!;
    await handle.db
      .update(catalogAttributes)
      .set({ max: nextYear - 2 })
      .where(eq(catalogAttributes.id, carYear.id));
    await handle.db.update(catalogAttributes).set({ max: 1990 }).where(eq(catalogAttributes.id, bikeYear.id));
    await seedCatalogAttributes(handle.db);
    const max = async (id: number) => (await handle.db.select().from(catalogAttributes).where(eq(catalogAttributes.id, id)))[0]!.max;
    expect(await max(carYear.id)).toBe(nextYear);
    expect(await max(bikeYear.id)).toBe(1990);
  });

  it('skips a field whose key staff already use along the path', async () => {
    const [phones] = await handle.db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.slug, 'phones'));
    const [smartphones] = await handle.db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.slug, 'smartphones'));
    await handle.db
      .delete(catalogAttributes)
      .where(and(inArray(catalogAttributes.catalogId, [phones!.id, smartphones!.id]), inArray(catalogAttributes.key, ['storage_gb'])));
    // Staff put their own storage field on the parent meanwhile.
    await handle.db.insert(catalogAttributes).values({
      catalogId: phones!.id,
      key: 'storage_gb',
      type: 'number',
      labels: { fi: 'Muisti', en: 'Memory', ru: 'Память' },
    });
    await seedCatalogAttributes(handle.db);
    expect((await fieldsOf('smartphones')).map((row) => row.key)).toEqual([]);
  });
});
