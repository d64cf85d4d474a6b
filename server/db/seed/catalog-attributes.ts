import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { catalogAttributes } from '../schema/attributes.ts';
import { catalogVersion, catalogs } from '../schema/catalog.ts';
import { GOODS_ATTRIBUTES } from './catalog-attributes.goods.ts';
import { HOME_ATTRIBUTES } from './catalog-attributes.homes.ts';
import type { AttributeLabels } from '../../../common/attributes.ts';
import type { AttributeSeed } from './catalog-attributes.kit.ts';
import { VEHICLE_ATTRIBUTES } from './catalog-attributes.vehicles.ts';

/** Catalog slug → the fields it defines itself (its subcategories inherit them), in order. */
export const CATALOG_ATTRIBUTES: Record<string, AttributeSeed[]> = { ...VEHICLE_ATTRIBUTES, ...HOME_ATTRIBUTES, ...GOODS_ATTRIBUTES };

/**
 * The starting category fields, by catalog slug: on a new site and on every later start, so an
 * existing site gets the fields it lacks. A field already there (by catalog and key) is left as
 * staff made it, retired or not; a catalog staff removed is skipped, and so is a field whose key
 * is already used along its catalog's path, and a card place already taken there.
 */
export async function seedCatalogAttributes(tx: Db): Promise<number> {
  const tree = await tx.select({ id: catalogs.id, slug: catalogs.slug, parentId: catalogs.parentId }).from(catalogs);
  const existing = await tx
    .select({ catalogId: catalogAttributes.catalogId, key: catalogAttributes.key, card: catalogAttributes.card })
    .from(catalogAttributes);
  const idOf = new Map(tree.map((c) => [c.slug, c.id]));
  const parentOf = new Map(tree.map((c) => [c.id, c.parentId]));
  const ancestors = (id: number) => {
    const out: number[] = [];
    for (let at = parentOf.get(id); at != null && out.length < 8; at = parentOf.get(at)) out.push(at);
    return out;
  };
  // Two catalogs share a path when one is above the other (or they are the same).
  const related = (a: number, b: number) => a === b || ancestors(a).includes(b) || ancestors(b).includes(a);

  const taken = [...existing];
  const rows: (typeof catalogAttributes.$inferInsert)[] = [];
  for (const [slug, fields] of Object.entries(CATALOG_ATTRIBUTES)) {
    const catalogId = idOf.get(slug);
    if (catalogId === undefined) continue;
    for (const [position, seed] of fields.entries()) {
      const onPath = taken.filter((t) => related(t.catalogId, catalogId));
      if (onPath.some((t) => t.key === seed.key)) continue;
      const card = seed.card !== undefined && !onPath.some((t) => t.card === seed.card) ? seed.card : null;
      taken.push({ catalogId, key: seed.key, card });
      rows.push({
        catalogId,
        key: seed.key,
        type: seed.type,
        unit: seed.unit ?? null,
        min: seed.min ?? null,
        max: seed.max ?? null,
        decimals: seed.decimals ?? 0,
        labels: seed.labels,
        options: seed.options ?? [],
        required: seed.required ?? false,
        filter: seed.filter ?? false,
        card,
        position,
      });
    }
  }
  const added = rows.length
    ? await tx
        .insert(catalogAttributes)
        .values(rows)
        .onConflictDoNothing({ target: [catalogAttributes.catalogId, catalogAttributes.key] })
        .returning({ id: catalogAttributes.id })
    : [];
  const seeded = Object.keys(CATALOG_ATTRIBUTES).flatMap((slug) => idOf.get(slug) ?? []);
  const rolled = await rollYears(tx, seeded);
  const translated = await fillSwedishLabels(tx, idOf);
  // Running processes keep the fields in memory by the tree's version: a raised one makes them reload.
  if (added.length || rolled || translated) {
    await tx
      .insert(catalogVersion)
      .values({ id: 1, version: 1 })
      .onConflictDoUpdate({ target: catalogVersion.id, set: { version: sql`${catalogVersion.version} + 1` } });
  }
  return added.length;
}

/** The Swedish label where a label has none and its Finnish one is still the seed's (staff's own words are left alone). */
function withSwedish(labels: AttributeLabels, seed: AttributeLabels | undefined): AttributeLabels {
  return !labels.sv && seed?.sv && labels.fi === seed.fi ? { ...labels, sv: seed.sv } : labels;
}

/**
 * Fields seeded before Swedish came (issue 27) get the seed's Swedish labels, the field's and its
 * options', where they have none. Returns how many fields changed.
 */
async function fillSwedishLabels(tx: Db, idOf: Map<string, number>): Promise<number> {
  const seedOf = new Map<string, AttributeSeed>();
  for (const [slug, fields] of Object.entries(CATALOG_ATTRIBUTES)) {
    const catalogId = idOf.get(slug);
    if (catalogId !== undefined) for (const seed of fields) seedOf.set(`${catalogId}:${seed.key}`, seed);
  }
  if (seedOf.size === 0) return 0;
  const rows = await tx
    .select({
      id: catalogAttributes.id,
      catalogId: catalogAttributes.catalogId,
      key: catalogAttributes.key,
      labels: catalogAttributes.labels,
      options: catalogAttributes.options,
    })
    .from(catalogAttributes)
    .where(inArray(catalogAttributes.catalogId, [...new Set(idOf.values())]));
  let changed = 0;
  for (const row of rows) {
    const seed = seedOf.get(`${row.catalogId}:${row.key}`);
    if (!seed) continue;
    const labels = withSwedish(row.labels, seed.labels);
    const options = row.options.map((o) => ({
      ...o,
      labels: withSwedish(o.labels, seed.options?.find((s) => s.value === o.value)?.labels),
    }));
    const same = labels === row.labels && options.every((o, i) => o.labels === row.options[i]!.labels);
    if (same) continue;
    await tx.update(catalogAttributes).set({ labels, options }).where(eq(catalogAttributes.id, row.id));
    changed += 1;
  }
  return changed;
}

/** The seeded year fields whose upper bound is "next year": the bound moves on as the years pass. */
const ROLLING_YEARS = ['year', 'building_year'];
/** A bound below this was set by staff on purpose (classic cars up to 1990, say), not by the seed. */
const FIRST_SEEDED_YEAR = 2025;

/**
 * Next year's models are sold from the autumn before, so a model year (and a building year) may be
 * at most next year: each start moves a seeded bound that has fallen behind up to next year.
 */
async function rollYears(tx: Db, catalogIds: number[]): Promise<number> {
  const nextYear = new Date().getUTCFullYear() + 1;
  if (catalogIds.length === 0) return 0;
  const rolled = await tx
    .update(catalogAttributes)
    .set({ max: nextYear })
    .where(
      and(
        inArray(catalogAttributes.key, ROLLING_YEARS),
        inArray(catalogAttributes.catalogId, catalogIds),
        eq(catalogAttributes.type, 'number'),
        gte(catalogAttributes.max, FIRST_SEEDED_YEAR),
        lt(catalogAttributes.max, nextYear),
      ),
    )
    .returning({ id: catalogAttributes.id });
  return rolled.length;
}
