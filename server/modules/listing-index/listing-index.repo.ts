import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../search/text-query-sql.ts';
import { intArray, jsonValue } from '../../db/driver-values.ts';
import type { AdKind } from '../../../common/ad-rules.ts';
import type { IndexedAd } from './ad-table.ts';
import { titleWords } from '../search/hints.ts';

/**
 * The SQL of the listing's index (issue 26): the listed ads' filter columns, in batches, and which
 * ads changed since a snapshot (migration 0037: a trigger writes a row per change with its
 * transaction's id). Always the primary: the index must not be older than the writes it answers after.
 */

/** Ads read per statement while loading. */
export const LOAD_BATCH = 20_000;

interface AdRow {
  id: number;
  catalog_id: number;
  city_id: number;
  region_id: number;
  price: number;
  kind: AdKind;
  has_images: boolean;
  created_us: number;
  expires_ms: number | null;
  reserved: boolean;
  lexemes: string[] | null;
  attributes: Record<string, unknown> | string | null;
  numbers: Record<string, number> | string | null;
  name: string;
  uuid: string;
  image_count: number;
  card_attributes: string | null;
  cover: string | null;
}

/**
 * The columns of listed ads, and what their cards show (the title is read for its words too:
 * search/hints.ts; the cover is the first picture, as `adCover` reads it). The choice lexemes are the search document's own (`§a…`), so a
 * filter matches exactly what the SQL's tsquery matches; facets count the stored values as
 * `facets.ts` does, of the keys some choice or yes/no field has (facets are asked of those only;
 * a model's free text would fill the value codes). Ads without fields skip these lookups.
 */
const AD_COLUMNS = sql.raw(`p.id, p.name, p.uuid::text as uuid, p.image_count,
  case when p.attributes = '{}'::jsonb then null else p.attributes::text end as card_attributes,
  (select json_build_object('uuid', i.uuid, 'storagePrefix', i.storage_prefix, 'width', i.width, 'height', i.height)::text
    from product_images i where i.product_id = p.id order by i.position limit 1) as cover,
  p.catalog_id, p.city_id, p.region_id, p.price_cents::float8 as price, p.kind,
  p.image_count > 0 as has_images,
  (extract(epoch from p.created_at) * 1000000)::float8 as created_us,
  (extract(epoch from p.expires_at) * 1000)::float8 as expires_ms,
  p.status = 'reserved' as reserved,
  case when p.attributes = '{}'::jsonb then null else
    array(select substr(l, 3) from unnest(tsvector_to_array(p.search_vector)) as l where l like '§a%') end as lexemes,
  case when p.attributes = '{}'::jsonb then null else
    (select jsonb_object_agg(a.key, a.value) from jsonb_each(p.attributes) a
      where a.key in (select d.key from catalog_attributes d where d.type in ('choice', 'choices', 'boolean'))) end as attributes,
  case when p.attributes = '{}'::jsonb then null else
    (select jsonb_object_agg(n.key, n.value) from product_numbers n where n.product_id = p.id) end as numbers`);

const LISTED = sql.raw(`p.status in ('active', 'reserved')`);

export function createListingIndexRepo(db: Database) {
  return {
    /** The snapshot's oldest running transaction: changes from it on are not yet seen. */
    async snapshotXmin(): Promise<string> {
      const [row] = rowsOf<{ xmin: string }>(await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`));
      return row!.xmin;
    },

    /** How many ads each catalog lists (the load keeps each catalog's ads side by side). */
    async listedPerCatalog(): Promise<[number, number][]> {
      const rows = rowsOf<{ catalog_id: number; n: number }>(
        await db.execute(sql`select p.catalog_id, count(*)::int as n from products p where ${LISTED} group by p.catalog_id`),
      );
      return rows.map((row) => [Number(row.catalog_id), Number(row.n)]);
    },

    /** Listed ads after this id, in id order. */
    async listedAfter(afterId: number, limit = LOAD_BATCH): Promise<IndexedAd[]> {
      const rows = rowsOf<AdRow>(
        await db.execute(sql`select ${AD_COLUMNS} from products p where ${LISTED} and p.id > ${afterId} order by p.id limit ${limit}`),
      );
      return rows.map(toAd);
    },

    /** The listed ones of these ads (the others are not listed, or gone). */
    async listedOf(ids: number[]): Promise<IndexedAd[]> {
      if (!ids.length) return [];
      const list = sql.raw(`'{${ids.map((id) => Math.trunc(id)).join(',')}}'::int[]`);
      const rows = rowsOf<AdRow>(await db.execute(sql`select ${AD_COLUMNS} from products p where ${LISTED} and p.id = any(${list})`));
      return rows.map(toAd);
    },

    /**
     * The ads written by transactions from `xmin` on, and the xmin to ask from next time, in one
     * statement (one snapshot): a transaction running now has an id at least its xmin, so the next
     * question finds its rows however late it commits.
     */
    async changedSince(xmin: string): Promise<{ ids: number[]; xmin: string }> {
      const [row] = rowsOf<{ ids: number[] | string | null; xmin: string }>(
        await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
          (select array_agg(distinct product_id) from product_changes where xid >= ${xmin}::xid8) as ids`),
      );
      return { ids: intArray(row!.ids) ?? [], xmin: row!.xmin };
    },

    /** Forgets changes older than this (the housekeeping job; an index that slept longer reloads). */
    async pruneChanges(before: Date): Promise<number> {
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`with gone as (delete from product_changes where changed_at < ${before.toISOString()} returning 1)
          select count(*)::int as n from gone`),
      );
      return rows[0]?.n ?? 0;
    },
  };
}
export type ListingIndexRepo = ReturnType<typeof createListingIndexRepo>;

function toAd(row: AdRow): IndexedAd {
  const attributes = jsonValue(row.attributes) ?? {};
  const facetValues: string[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    // As facets.ts reads a stored value: a choice, yes/no as "true"/"false", each of several choices.
    if (typeof value === 'string' || typeof value === 'boolean') facetValues.push(`${key}=${String(value)}`);
    else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') facetValues.push(`${key}=${v}`);
  }
  const numbers = jsonValue(row.numbers) ?? {};
  return {
    id: Number(row.id),
    catalogId: Number(row.catalog_id),
    cityId: Number(row.city_id),
    regionId: Number(row.region_id),
    priceCents: Number(row.price),
    kind: row.kind,
    hasImages: row.has_images,
    createdUs: Number(row.created_us),
    expiresMs: row.expires_ms === null ? null : Number(row.expires_ms),
    reserved: row.reserved,
    choices: row.lexemes ?? [],
    facetValues,
    numbers: Object.fromEntries(Object.entries(numbers).map(([key, value]) => [key, Number(value)])),
    title: row.name,
    uuid: row.uuid,
    imageCount: Number(row.image_count),
    attributesJson: row.card_attributes,
    coverJson: row.cover,
    titleWords: titleWords(row.name),
  };
}
