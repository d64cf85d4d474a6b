import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { productNumbers } from '../../db/schema/attributes.ts';
import { products } from '../../db/schema/products.ts';
import type { AttributeValues } from '../../../common/attributes.ts';

/** The SQL of an ad's field values: the JSON on the ad and its numbers beside it (issue 26). */
export function createAdValuesRepo(db: Database) {
  return {
    /** Stores the ad's values and replaces its number rows, in the caller's transaction. */
    async save(productId: number, values: AttributeValues, numbers: { key: string; value: number }[], tx: Db = db): Promise<void> {
      await tx.update(products).set({ attributes: values }).where(eq(products.id, productId));
      await tx.delete(productNumbers).where(eq(productNumbers.productId, productId));
      if (numbers.length) await tx.insert(productNumbers).values(numbers.map((n) => ({ productId, ...n })));
    },
  };
}
export type AdValuesRepo = ReturnType<typeof createAdValuesRepo>;
