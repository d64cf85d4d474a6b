import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from './client.ts';
import { isEmbeddedDatabaseInUse } from './embedded-backup.ts';
import { fsyncPath, fsyncTree } from './embedded-durability.ts';
import { products } from './schema/products.ts';
import { users } from './schema/users.ts';

export interface RestoreResult {
  /** Where the database that was replaced now lives (kept, never deleted), if there was one. */
  previous?: string;
  migrations: number;
  users: number;
  ads: number;
}

/**
 * Puts a backup from `npm run db:backup` in place of the embedded database at `dataDir`. Refuses
 * while a server holds the database. The archive is unpacked beside it and opened (PostgreSQL
 * finishes its recovery there) before anything is replaced; the old folder is kept beside it.
 */
export async function restoreEmbeddedBackup(archiveFile: string, dataDir: string, migrationsFolder: string): Promise<RestoreResult> {
  if (await isEmbeddedDatabaseInUse(dataDir)) {
    throw new Error(`A running server holds the embedded database in ${dataDir}. Stop it, then restore.`);
  }
  const archive = new Blob([fs.readFileSync(archiveFile)]);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = `${dataDir}.restoring-${stamp}`;
  let counts: Omit<RestoreResult, 'previous'>;
  try {
    const handle = await openDatabase({ dataDir: staging, loadDataDir: archive, migrationsFolder });
    try {
      counts = await countRows(handle.db);
    } finally {
      await handle.close();
    }
    fsyncTree(staging);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(`${staging}.sock`, { force: true });
    throw new Error(`The backup ${archiveFile} does not open as a database: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  fs.rmSync(`${staging}.sock`, { force: true });

  let previous: string | undefined;
  if (fs.existsSync(dataDir)) {
    previous = `${dataDir}.before-restore-${stamp}`;
    fs.renameSync(dataDir, previous);
  }
  fs.renameSync(staging, dataDir);
  fsyncPath(path.dirname(path.resolve(dataDir)));
  return { ...(previous ? { previous } : {}), ...counts };
}

async function countRows(db: Database): Promise<Omit<RestoreResult, 'previous'>> {
  const result = (await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { count: number }[];
  };
  const migrations = result.rows[0]?.count ?? 0;
  if (migrations === 0) throw new Error('it holds no migrated schema');
  return { migrations, users: await db.$count(users), ads: await db.$count(products) };
}
