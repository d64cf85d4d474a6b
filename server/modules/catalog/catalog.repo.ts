import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { catalogs } from '../../db/schema/catalog.ts';

export type CatalogRow = typeof catalogs.$inferSelect;

export function createCatalogRepo(db: Database) {
  return {
    listAll: (): Promise<CatalogRow[]> => db.select().from(catalogs).orderBy(asc(catalogs.position), asc(catalogs.id)),
  };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
