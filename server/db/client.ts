import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { isEmbeddedDatabaseInUse, serveBackups } from './embedded-backup.ts';
import { DurableNodeFS, durableStartParams, fsyncTree } from './embedded-durability.ts';
import * as schema from './schema/index.ts';

/** The database as every repo sees it: the same API on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: it offers the same query API as the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/**
 * Where a repo query runs: the database, or the transaction a service opened with its repo's
 * `transaction(fn)` (repo methods take it as their last, optional argument).
 */
export type Db = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * Runs the committed migrations, then `andThen` (the seed), both under one lock: several
   * processes may call it at once, and one migrates and seeds while the others wait.
   */
  migrate(andThen?: () => Promise<void>): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: the whole data folder as one uncompressed archive. Tests start every new database
   * from it, and loading a plain tar takes half the time of a gzipped one.
   */
  dump?(): Promise<Blob>;
  /** PGlite only: a CHECKPOINT, then the data folder as one archive (`npm run db:backup`). */
  backup?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; `memory://` (or undefined) keeps everything in memory. */
  dataDir?: string | undefined;
  /** A PGlite data folder dump to start from instead of an empty cluster (tests use it). */
  loadDataDir?: Blob | undefined;
  migrationsFolder: string;
}

// Any fixed number works; it only has to be the same in every process of the site.
const MIGRATION_LOCK_KEY = 724_2026;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.migrationsFolder) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');

  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // Two PostgreSQL instances on one data folder corrupt it: ask before PGlite touches a file.
  if (dataDir && (await isEmbeddedDatabaseInUse(dataDir))) {
    throw new Error(`Another process has the embedded database in ${dataDir} open. Stop it first.`);
  }
  const created = dataDir !== undefined && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const client = await PGlite.create({
    // On disk, every commit is flushed before it is acknowledged (see embedded-durability.ts).
    ...(dataDir ? { dataDir, fs: new DurableNodeFS(dataDir), startParams: durableStartParams(PGlite.defaultStartParams) } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  // A new cluster (or a loaded archive) is copied in by PGlite, not written by PostgreSQL: flush it once.
  if (dataDir && created) fsyncTree(dataDir);
  const db = drizzle({ client, schema, casing: 'snake_case' });
  const backup = async () => {
    await client.exec('checkpoint');
    return (await client.dumpDataDir('gzip')) as Blob;
  };
  let backups: { close(): Promise<void> } | undefined;
  if (dataDir) {
    try {
      backups = await serveBackups(dataDir, backup);
    } catch (error) {
      await client.close();
      throw error;
    }
  }
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    // One process holds an embedded database: there is nobody to wait for.
    async migrate(andThen) {
      await migrate(db, { migrationsFolder: options.migrationsFolder });
      await andThen?.();
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await backups?.close();
      await client.close();
    },
    dump: async () => (await client.dumpDataDir('none')) as Blob,
    backup,
  };
}

/**
 * A read replica (DATABASE_READ_URL): a pool of its own for reads only, never migrated (the
 * primary's migrations reach it by replication). See read-routing.ts.
 */
export async function openReadReplica(url: string): Promise<{ db: Database; close(): Promise<void> }> {
  const { pool, db } = await postgresPool(url);
  return { db: db as unknown as Database, close: () => pool.end() };
}

/** A pool of connections to a PostgreSQL server, and the Drizzle database on it (the primary's and a replica's alike). */
async function postgresPool(url: string) {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // JIT compilation costs more than it saves on short OLTP queries (tens of ms on a listing).
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, options: '-c jit=off' });
  // A dropped idle connection must not take the process down; the pool replaces it.
  pool.on('error', () => {});
  return { pool, db: drizzle({ client: pool, schema, casing: 'snake_case' }) };
}

async function openPostgres(url: string, migrationsFolder: string): Promise<DatabaseHandle> {
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { pool, db } = await postgresPool(url);
  return {
    db: db as unknown as Database,
    driver: 'postgres',
    async migrate(andThen) {
      // One process migrates and seeds while the others wait, so instances can start together (and
      // only the first seeds: the others find the data there, and with file storage the demo
      // pictures do not end up split between the instances' folders).
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(db, { migrationsFolder });
        await andThen?.();
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lockClient.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
