import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { referenceDataDir } from '../../paths.ts';
import type { Database, Transaction } from '../client.ts';
import { catalogVersion, catalogs } from '../schema/catalog.ts';
import { municipalities, postalCodes, regions } from '../schema/geo.ts';
import { roles } from '../schema/roles.ts';
import { ROLE_SLUGS } from '../../../common/access.ts';
import type { Translations } from '../../../common/locales.ts';
import { seedCatalogAttributes } from './catalog-attributes.ts';
import { type CatalogSeed, catalogTree } from './catalog-tree.ts';
import { CATALOG_NAMES_SV } from './catalog-tree.sv.ts';
import { seedInfoPages } from './info-pages.ts';

interface RegionRecord {
  code: string;
  name_fi: string;
  name_sv: string;
  name_en: string;
}
interface MunicipalityRecord {
  code: string;
  name_fi: string;
  name_sv: string;
  region_code: string;
  lat: number;
  lon: number;
}
interface PostalCodeRecord {
  code: string;
  name_fi: string;
  name_sv: string;
  municipality_code: string;
}
interface RussianNames {
  regions: Record<string, string>;
  municipalities: Record<string, string>;
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(referenceDataDir, file), 'utf8')) as T;
}

const ROLE_NAMES: Record<(typeof ROLE_SLUGS)[number], string> = {
  superAdmin: 'Super admin',
  admin: 'Admin',
  moderator: 'Moderator',
  editor: 'Editor',
  user: 'User',
  unverified: 'Unverified',
};

/** Inserts many rows in slices, keeping each statement well under PostgreSQL's parameter limit. */
async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seedGeo(tx: Transaction): Promise<void> {
  const ru = readJson<RussianNames>('names-ru.json');
  const regionRecords = readJson<RegionRecord[]>('fi-regions.json');
  const municipalityRecords = readJson<MunicipalityRecord[]>('fi-municipalities.json');
  const postalRecords = readJson<PostalCodeRecord[]>('fi-postalcodes.json');

  await tx
    .insert(regions)
    .values(
      regionRecords.map((r) => ({
        code: r.code,
        nameFi: r.name_fi,
        nameSv: r.name_sv,
        nameEn: r.name_en,
        nameRu: ru.regions[r.code] ?? r.name_fi,
      })),
    )
    .onConflictDoUpdate({
      target: regions.code,
      set: { nameFi: sql`excluded.name_fi`, nameSv: sql`excluded.name_sv`, nameEn: sql`excluded.name_en`, nameRu: sql`excluded.name_ru` },
    });
  const regionIds = new Map((await tx.select({ id: regions.id, code: regions.code }).from(regions)).map((r) => [r.code, r.id]));

  await tx
    .insert(municipalities)
    .values(
      municipalityRecords.map((m) => ({
        code: m.code,
        regionId: regionIds.get(m.region_code)!,
        nameFi: m.name_fi,
        nameSv: m.name_sv,
        nameRu: ru.municipalities[m.code] ?? m.name_fi,
        lat: m.lat,
        lon: m.lon,
      })),
    )
    .onConflictDoUpdate({
      target: municipalities.code,
      set: {
        regionId: sql`excluded.region_id`,
        nameFi: sql`excluded.name_fi`,
        nameSv: sql`excluded.name_sv`,
        nameRu: sql`excluded.name_ru`,
        lat: sql`excluded.lat`,
        lon: sql`excluded.lon`,
      },
    });
  const municipalityIds = new Map(
    (await tx.select({ id: municipalities.id, code: municipalities.code }).from(municipalities)).map((m) => [m.code, m.id]),
  );

  const postalRows = postalRecords.map((p) => ({
    code: p.code,
    municipalityId: municipalityIds.get(p.municipality_code)!,
    nameFi: p.name_fi,
    nameSv: p.name_sv,
  }));
  await insertInChunks(postalRows, 1000, (chunk) =>
    tx
      .insert(postalCodes)
      .values(chunk)
      .onConflictDoUpdate({
        target: postalCodes.code,
        set: { municipalityId: sql`excluded.municipality_id`, nameFi: sql`excluded.name_fi`, nameSv: sql`excluded.name_sv` },
      }),
  );
}

/**
 * The starting category tree. Once a site has categories, staff own them (the admin categories
 * page): a later seed run leaves them as they are rather than undoing renames, moves and merges.
 */
async function seedCatalogs(tx: Transaction): Promise<void> {
  const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(catalogs);
  if ((existing?.n ?? 0) > 0) return fillSeedNames(tx);
  const insertLevel = async (nodes: CatalogSeed[], parentId: number | null): Promise<void> => {
    for (const [position, node] of nodes.entries()) {
      const [row] = await tx
        .insert(catalogs)
        .values({ parentId, slug: node.slug, ...namesOf(node), position })
        .onConflictDoUpdate({ target: catalogs.slug, set: { parentId, ...namesOf(node), position } })
        .returning({ id: catalogs.id });
      if (node.children?.length) await insertLevel(node.children, row!.id);
    }
  };
  await insertLevel(catalogTree, null);
}

/** A seed category's names besides the Finnish one; a language the seed has no name for is left out. */
const translationsOf = (node: CatalogSeed): Translations =>
  Object.fromEntries(Object.entries({ sv: CATALOG_NAMES_SV[node.slug], en: node.name.en, ru: node.name.ru }).filter(([, name]) => !!name));

const namesOf = (node: CatalogSeed) => ({ nameFi: node.name.fi, names: translationsOf(node) });

/**
 * A tree seeded before a language came (Swedish, issue 27) gets the seed's names in the languages
 * a catalog has no name in, where it still has the seed's Finnish name: a name staff gave, and a
 * catalog staff renamed, are left to them. Running processes reload the tree by its version.
 */
export async function fillSeedNames(tx: Transaction): Promise<void> {
  const seeds: { slug: string; fi: string; names: Translations }[] = [];
  const walk = (nodes: CatalogSeed[]) => {
    for (const node of nodes) {
      seeds.push({ slug: node.slug, fi: node.name.fi, names: translationsOf(node) });
      walk(node.children ?? []);
    }
  };
  walk(catalogTree);
  // One parameter for the whole list: a statement with a term per catalog overflows PGlite's stack.
  // `v.names || c.names`: a name the catalog has wins over the seed's.
  const result = await tx.execute(sql`
    update ${catalogs} c set names = v.names || c.names
    from jsonb_to_recordset(${JSON.stringify(seeds)}::jsonb) as v(slug text, fi text, names jsonb)
    where c.slug = v.slug and c.name_fi = v.fi and (v.names || c.names) <> c.names
    returning c.id`);
  const filled = (result as unknown as { rows: { id: number }[] }).rows;
  if (filled.length === 0) return;
  await tx
    .insert(catalogVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: catalogVersion.id, set: { version: sql`${catalogVersion.version} + 1` } });
}

async function seedRoles(tx: Transaction): Promise<void> {
  await tx
    .insert(roles)
    .values(ROLE_SLUGS.map((slug) => ({ slug, name: ROLE_NAMES[slug] })))
    .onConflictDoNothing({ target: roles.slug });
}

/**
 * Loads the reference data: roles, the catalog tree and its fields, regions, municipalities and
 * postal codes, and the info pages that have no text yet.
 * Safe to run again: rows are matched by code or slug and updated in place, all in one transaction.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await seedRoles(tx);
    await seedCatalogs(tx);
    await seedCatalogAttributes(tx);
    await seedGeo(tx);
    await seedInfoPages(tx);
  });
}

export async function hasReferenceData(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(regions);
  return (row?.n ?? 0) > 0;
}
