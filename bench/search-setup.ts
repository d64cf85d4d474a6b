// What the search scripts (plans.ts, filters-probe.ts) share: one connection to DATABASE_URL with
// its statements recorded, the search repository and catalog service on it, the synonyms, and
// the ids of the region and catalogs their scenarios filter by.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../server/db/schema/index.ts';
import { createCatalogRepo } from '../server/modules/catalog/catalog.repo.ts';
import { createCatalogService } from '../server/modules/catalog/catalog.service.ts';
import { createSearchRepo } from '../server/modules/search/search.repo.ts';
import { synonymsFrom } from '../server/modules/search/search-terms.ts';
import { recordStatements } from './explain.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL');
export const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off' });
export const recorder = recordStatements();
const db = drizzle({ client: pool, schema, casing: 'snake_case' });
export const repo = createSearchRepo(db as never);
export const catalog = createCatalogService(createCatalogRepo(db as never));
export const synonyms = synonymsFrom(await repo.synonymRows());
const one = async (sql: string) => (await pool.query(sql)).rows[0];
export const uusimaa = (await one(`select id from regions where code = '01'`)).id as number;
export const transport = (await one(`select id from catalogs where slug = 'transport'`)).id as number;
export const electronics = (await one(`select id from catalogs where slug = 'electronics'`)).id as number;
