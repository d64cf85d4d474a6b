import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { searchFunctions } from './search-functions.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The rows of a query (both drivers answer `{ rows }`). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function liveSource(name: string): Promise<string | undefined> {
  const [row] = await rows<{ prosrc: string }>(
    sql`select p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = ${name}`,
  );
  return row?.prosrc;
}

describe('the search functions file', () => {
  const functions = searchFunctions();

  it('holds every function the search documents are made with', () => {
    expect(functions.map((f) => f.name).sort()).toEqual([
      'attribute_lexemes',
      'catalog_lexemes',
      'catalogs_search_documents',
      'locale_regconfig',
      'products_search_vector',
      'search_parts',
      'search_units',
      'translated_names_vector',
    ]);
  });

  it('is what the migrated database runs, function by function', async () => {
    for (const { name, body } of functions) expect(await liveSource(name), name).toBe(body);
  });

  it('names the functions the live triggers of products and catalogs call', async () => {
    const triggers = await rows<{ name: string }>(
      sql`select p.proname as name from pg_trigger t join pg_proc p on p.oid = t.tgfoid
          where not t.tgisinternal and t.tgrelid in ('products'::regclass, 'catalogs'::regclass)`,
    );
    const called = triggers.map((row) => row.name);
    expect(called).toContain('products_search_vector');
    expect(called).toContain('catalogs_search_documents');
    for (const name of called.filter((n) => n.includes('search'))) expect(functions.map((f) => f.name)).toContain(name);
  });

  it('applies to the migrated database as it stands (a migration may copy it whole)', async () => {
    for (const { statement } of functions) await database.db.execute(sql.raw(statement));
    for (const { name, body } of functions) expect(await liveSource(name), name).toBe(body);
  });
});
