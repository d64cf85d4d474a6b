import type { Database } from '../client.ts';
import { seedDemoUsers } from './demo.ts';
import { hasReferenceData, seedReferenceData } from './reference.ts';

export interface SeedOptions {
  demo: boolean;
  demoPassword: string;
  /** Reload the reference data even when it is already there (npm run db:seed). */
  force?: boolean;
}

/** What a first start loads: reference data always, demo accounts (and later demo ads) when asked. */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<{ seeded: boolean }> {
  const needed = options.force || !(await hasReferenceData(db));
  if (!needed) return { seeded: false };
  await seedReferenceData(db);
  if (options.demo) await seedDemoUsers(db, options.demoPassword);
  return { seeded: true };
}
