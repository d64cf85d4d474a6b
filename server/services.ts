import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createCatalogRepo } from './modules/catalog/catalog.repo.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createGeoRepo } from './modules/geo/geo.repo.ts';
import { createGeoService } from './modules/geo/geo.service.ts';

/** Every service of the app, wired to its repo. Routes and page loaders reach them through here. */
export function createServices(database: DatabaseHandle, _config: Config) {
  const { db } = database;
  return {
    database,
    geo: createGeoService(createGeoRepo(db)),
    catalog: createCatalogService(createCatalogRepo(db)),
  };
}

export type Services = ReturnType<typeof createServices>;
