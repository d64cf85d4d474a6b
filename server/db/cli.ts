// `npm run db:migrate` and `npm run db:seed`: the same steps a first start runs, on their own.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { migrationsDir } from '../paths.ts';
import { createStorage } from '../platform/storage.ts';
import { openDatabase } from './client.ts';
import { demoLogins } from './seed/demo.ts';
import { seedDatabase } from './seed/index.ts';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: tsx server/db/cli.ts migrate|seed');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db'), migrationsFolder: migrationsDir });
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
