// `npm run db:migrate`, `db:seed`, `db:backup` and `db:restore`: database chores beside the server.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { migrationsDir } from '../paths.ts';
import { createStorage } from '../platform/storage.ts';
import { openDatabase } from './client.ts';
import { requestBackup, writeBackup } from './embedded-backup.ts';
import { restoreEmbeddedBackup } from './embedded-restore.ts';
import { demoLogins } from './seed/demo.ts';
import { seedDatabase } from './seed/index.ts';

const commands = ['migrate', 'seed', 'backup', 'restore'] as const;
const command = process.argv[2];
if (!commands.includes(command as (typeof commands)[number])) {
  console.error('usage: tsx server/db/cli.ts migrate | seed | backup [file] | restore <file>');
  process.exit(2);
}

const config = loadConfig();
const dataDir = path.join(config.dataDir, 'db');

if (command === 'backup' || command === 'restore') {
  if (config.databaseUrl) {
    console.error(
      `db:${command} is for the embedded database. On PostgreSQL use pg_dump / pg_restore, or base backups with WAL archiving (README, "Backups").`,
    );
    process.exit(2);
  }
  if (command === 'backup') await backup(process.argv[3]);
  else await restore(process.argv[3]);
} else {
  await migrateOrSeed();
}

async function backup(target: string | undefined): Promise<void> {
  const file = path.resolve(target ?? path.join(config.dataDir, 'backups', `db-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const started = performance.now();
  if (await requestBackup(dataDir, file)) {
    console.log(`Backed up the running server's embedded database to ${file} (${describe(file, started)}).`);
    return;
  }
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    console.error(`There is no embedded database in ${dataDir}.`);
    process.exit(1);
  }
  // No server holds it: open it here (opening refuses should a server start meanwhile).
  const database = await openDatabase({ dataDir, migrationsFolder: migrationsDir });
  try {
    await writeBackup(await database.backup!(), file);
  } finally {
    await database.close();
  }
  console.log(`Backed up the embedded database (no server was running) to ${file} (${describe(file, started)}).`);
}

async function restore(file: string | undefined): Promise<void> {
  if (!file || !fs.existsSync(file)) {
    console.error(file ? `No such file: ${file}` : 'usage: npm run db:restore -- <backup file>');
    process.exit(2);
  }
  try {
    const result = await restoreEmbeddedBackup(path.resolve(file), dataDir, migrationsDir);
    console.log(`Restored ${file} to ${dataDir}: ${result.migrations} migrations, ${result.users} users, ${result.ads} ads.`);
    if (result.previous) console.log(`The database it replaced is kept in ${result.previous}; delete it once you are sure.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

function describe(file: string, started: number): string {
  return `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

async function migrateOrSeed(): Promise<void> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir, migrationsFolder: migrationsDir });
  try {
    await database.migrate();
    console.log(`Migrated the ${database.driver === 'pglite' ? 'embedded' : 'PostgreSQL'} database.`);
    if (command === 'seed') {
      const storage = await createStorage(config);
      const { ads } = await seedDatabase(database.db, {
        demo: config.seedDemoData,
        demoPassword: config.demoPassword,
        storage,
        force: true,
        log: console.log,
      });
      if (ads) console.log(`Created ${ads} demo ads.`);
      console.log('Loaded the reference data (catalogs, regions, municipalities, postal codes, roles).');
      if (config.seedDemoData) console.log(`Demo accounts (password ${config.demoPassword}): ${demoLogins.map((l) => l.email).join(', ')}`);
    }
  } finally {
    await database.close();
  }
}
