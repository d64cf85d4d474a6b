import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { catalogAttributes } from '../../db/schema/attributes.ts';
import { products } from '../../db/schema/products.ts';
import type { AttributeDefinition } from '../../../common/attributes.ts';

type Row = typeof catalogAttributes.$inferSelect;
export type AttributeValuesToStore = Omit<typeof catalogAttributes.$inferInsert, 'id' | 'createdAt' | 'retiredAt'>;

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

/** PostgreSQL's unique_violation: a concurrent add of the same key won the unique index. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The category fields' definitions (SQL only; the rules are in the services). */
export function createAttributesRepo(db: Database) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /** Every field of every catalog, retired ones too (a few hundred rows: the service keeps them in memory). */
    async listAll(tx: Db = db): Promise<AttributeDefinition[]> {
      const rows = await tx.select().from(catalogAttributes).orderBy(asc(catalogAttributes.position), asc(catalogAttributes.id));
      return rows.map(definitionOf);
    },

    async insert(values: AttributeValuesToStore, tx: Db): Promise<AttributeDefinition> {
      const [row] = await tx.insert(catalogAttributes).values(values).returning();
      return definitionOf(row!);
    },

    async update(id: number, values: Partial<AttributeValuesToStore> & { retiredAt?: Date | null }, tx: Db): Promise<void> {
      await tx.update(catalogAttributes).set(values).where(eq(catalogAttributes.id, id));
    },

    /** Gives these fields positions 0, 1, 2 … in this order. */
    async setPositions(ids: number[], tx: Db): Promise<void> {
      for (const [position, id] of ids.entries()) {
        await tx.update(catalogAttributes).set({ position }).where(eq(catalogAttributes.id, id));
      }
    },

    /** Whether any ad filed in these catalogs holds a value under the key. */
    async anyValue(key: string, catalogIds: number[], tx: Db = db): Promise<boolean> {
      if (catalogIds.length === 0) return false;
      const [row] = await tx
        .select({ found: sql<number>`1` })
        .from(products)
        .where(and(inArray(products.catalogId, catalogIds), sql`${products.attributes} ? ${key}`))
        .limit(1);
      return row !== undefined;
    },

    /** Whether any ad filed in these catalogs holds the option (as a choice, or among several choices). */
    async anyOption(key: string, value: string, catalogIds: number[], tx: Db = db): Promise<boolean> {
      if (catalogIds.length === 0) return false;
      // A JSON array contains a string it holds, and a JSON string contains itself: one test for both types.
      const [row] = await tx
        .select({ found: sql<number>`1` })
        .from(products)
        .where(and(inArray(products.catalogId, catalogIds), sql`(${products.attributes} -> ${key}) @> to_jsonb(${value}::text)`))
        .limit(1);
      return row !== undefined;
    },
  };
}
export type AttributesRepo = ReturnType<typeof createAttributesRepo>;
