import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { migrationsDir } from '../paths.ts';

export const TEMPLATE_DATABASE = 'kauppis_test_template';

/** The same server, database `postgres`: where databases are created and dropped. */
export function adminUrl(url: string): string {
  return databaseUrlFor(url, 'postgres');
}

export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

let template: Blob | undefined;

/** The migrated template as an archive, read once per worker (a Blob is immutable: files share it). */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  template ??= new Blob([fs.readFileSync(file)]);
  return template;
}

/**
 * A database of its own for one test file, already migrated and holding the reference data:
 * a PGlite copy of the template, or on PostgreSQL (DATABASE_URL set) a new database cloned from it.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const loadDataDir = pgliteTemplate();
    const handle = await openDatabase({ loadDataDir, migrationsFolder: migrationsDir });
    if (!template) await handle.migrate();
    return handle;
  }

  const copy = await createPostgresCopy(url);
  const handle = await openDatabase({ url: copy.url, migrationsFolder: migrationsDir });
  return {
    ...handle,
    async close() {
      await handle.close();
      await copy.drop();
    },
  };
}

/**
 * A new PostgreSQL database cloned from the migrated template, by its URL: for tests that start
 * app processes of their own against it. `drop` removes it, whoever is still connected.
 */
export async function createPostgresCopy(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `kauppis_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlFor(url, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl(url) });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
