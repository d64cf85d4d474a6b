import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogAttributes } from '../../db/schema/attributes.ts';
import type { AttributeDefinition } from '../../../common/attributes.ts';

type Row = typeof catalogAttributes.$inferSelect;

/** A stored row as the definition the rest of the app reads (common/attributes.ts). */
export function definitionOf(row: Row): AttributeDefinition {
  return {
    id: row.id,
    catalogId: row.catalogId,
    key: row.key,
    type: row.type,
    ...(row.unit ? { unit: row.unit } : {}),
    ...(row.min !== null ? { min: row.min } : {}),
    ...(row.max !== null ? { max: row.max } : {}),
    decimals: row.decimals,
    labels: row.labels,
    options: row.options,
    required: row.required,
    filter: row.filter,
    ...(row.card !== null ? { card: row.card } : {}),
    position: row.position,
    retired: row.retiredAt !== null,
  };
}

/** The category fields' definitions (SQL only; the rules are in the service). */
export function createAttributesRepo(db: Db) {
  return {
    /** Every field of every catalog, retired ones too (a few hundred rows: the service keeps them in memory). */
    async listAll(tx: Db = db): Promise<AttributeDefinition[]> {
      const rows = await tx.select().from(catalogAttributes).orderBy(asc(catalogAttributes.position), asc(catalogAttributes.id));
      return rows.map(definitionOf);
    },
  };
}
export type AttributesRepo = ReturnType<typeof createAttributesRepo>;
