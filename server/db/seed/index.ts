import type { Storage } from '../../platform/storage.ts';
import type { Database } from '../client.ts';
import { seedDemoAds } from './demo-ads.ts';
import { seedDemoBlog } from './demo-blog.ts';
import { seedDemoUsers } from './demo.ts';
import { seedCatalogAttributes } from './catalog-attributes.ts';
import { seedInfoPages } from './info-pages.ts';
import { fillSeedNames, hasReferenceData, seedReferenceData } from './reference.ts';

export interface SeedOptions {
  demo: boolean;
  demoPassword: string;
  /** Where the demo pictures go (the app's storage). */
  storage: Storage;
  /** Reload the reference data even when it is already there (npm run db:seed). */
  force?: boolean;
  log?: (message: string) => void;
}

/**
 * What a first start loads: the reference data always (later starts only add missing info pages); with demo data, the demo accounts and
 * about 300 ads with pictures (only into a database without ads) and three blog posts in every language.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<{ seeded: boolean; ads: number }> {
  const needed = options.force || !(await hasReferenceData(db));
  if (!needed) {
    // A site started before its info pages, category fields or a language's category names
    // existed gets them all the same (each is a no-op once done, and safe in parallel starts).
    await seedInfoPages(db);
    await seedCatalogAttributes(db);
    await db.transaction((tx) => fillSeedNames(tx));
    return { seeded: false, ads: 0 };
  }
  await seedReferenceData(db);
  if (!options.demo) return { seeded: true, ads: 0 };
  await seedDemoUsers(db, options.demoPassword);
  options.log?.('generating the demo ads and their pictures (a first start takes about half a minute)');
  const ads = await seedDemoAds(db, options.storage, options.log);
  await seedDemoBlog(db, options.storage);
  return { seeded: true, ads };
}
