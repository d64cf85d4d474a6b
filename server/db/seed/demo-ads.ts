import crypto from 'node:crypto';
import { DAY_MS, VALIDITY_DEFAULTS } from '../../../common/ad-validity.ts';
import { inArray, sql } from 'drizzle-orm';
import { type AdPictureVariant, adPictureKey } from '../../modules/images/image-processing.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Database } from '../client.ts';
import { catalogs } from '../schema/catalog.ts';
import { municipalities } from '../schema/geo.ts';
import { productImages, products } from '../schema/products.ts';
import { users } from '../schema/users.ts';
import type { DemoAd } from './demo-ads.data.ts';
import { demoPictureVariants } from './demo-picture-cache.ts';
import { demoPictureSvg } from './demo-pictures.ts';
import { saveDemoAdValues } from './demo-ads.attributes.ts';

/** Ads belong to the demo people who sell, in turn; the staff accounts sell nothing. */
const SELLERS = ['seller@example.com', 'user@example.com'];
const PICTURE_CONCURRENCY = 4;

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/**
 * About 300 demo ads with generated pictures. Runs on a first start with demo data (no ads yet);
 * the pictures go through the same variant pipeline as uploads, into the configured storage.
 */
export async function seedDemoAds(
  db: Database,
  storage: Storage,
  log: (message: string) => void = () => {},
  /** Only the first ones (tests). */
  limit?: number,
): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  if ((existing?.n ?? 0) > 0) return 0;
  // Loaded only when seeding: a running site never needs the demo texts in memory.
  const { demoAds } = await import('./demo-ads.data.ts');

  const sellerRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) in ${SELLERS}`);
  if (sellerRows.length === 0) return 0;
  const catalogRows = await db.select({ id: catalogs.id, slug: catalogs.slug, parentId: catalogs.parentId }).from(catalogs);
  const bySlug = new Map(catalogRows.map((c) => [c.slug, c]));
  const byId = new Map(catalogRows.map((c) => [c.id, c]));
  /** The ad's category and its ancestors, nearest first: what its pictures show. */
  const slugTrail = (id: number): string[] => {
    const trail: string[] = [];
    for (let node = byId.get(id); node; node = node.parentId ? byId.get(node.parentId) : undefined) trail.push(node.slug);
    return trail;
  };
  const cityRows = await db
    .select({ id: municipalities.id, code: municipalities.code, regionId: municipalities.regionId })
    .from(municipalities);
  const byCode = new Map(cityRows.map((c) => [c.code, c]));

  const now = Date.now();
  const demoEnd = (created: Date, trail: string[], index: number) => {
    const days = trail.includes('jobs') ? VALIDITY_DEFAULTS.jobAdValidityDays : VALIDITY_DEFAULTS.adValidityDays;
    return new Date(Math.max(created.getTime() + days * DAY_MS, now + (1 + (index % 28)) * DAY_MS));
  };
  const usable = demoAds.slice(0, limit).filter((ad) => bySlug.has(ad.catalog) && byCode.has(ad.city));
  const inserted = await db
    .insert(products)
    .values(
      usable.map((ad, index) => {
        const city = byCode.get(ad.city)!;
        const created = new Date(now - ad.ageDays * 86_400_000 - index * 97_000);
        // A few ads wait for review, so the moderator's queue has something to show.
        const waiting = ad.status === 'active' && index % 50 === 25;
        return {
          userId: sellerRows[index % sellerRows.length]!.id,
          catalogId: bySlug.get(ad.catalog)!.id,
          cityId: city.id,
          regionId: city.regionId,
          name: ad.name,
          description: ad.description,
          priceCents: ad.kind === 'give' ? 0 : ad.priceCents,
          kind: ad.kind ?? 'sell',
          address: ad.address ?? null,
          status: waiting ? ('moderate' as const) : ad.status,
          language: ad.language,
          imageCount: ad.pictures,
          approvedAt: waiting ? null : created,
          // Shown ads end as the app settings' defaults say (issue 27), but none has ended at the first start:
          // the oldest end within a few weeks, some within the week, so "ending soon" has something to show.
          expiresAt:
            waiting || (ad.status !== 'active' && ad.status !== 'reserved')
              ? null
              : demoEnd(created, slugTrail(bySlug.get(ad.catalog)!.id), index),
          createdAt: created,
          updatedAt: created,
        };
      }),
    )
    .returning({ id: products.id, uuid: products.uuid, catalogId: products.catalogId, name: products.name });
  // The cars' and homes' category fields (issue 26), stored as a seller's are.
  await saveDemoAdValues(db, inserted, (id) => byId.get(id)?.parentId);

  const jobs = inserted.flatMap((row, index) => {
    const ad: DemoAd = usable[index]!;
    return Array.from({ length: ad.pictures }, (_, position) => ({ row, ad, position }));
  });
  let done = 0;
  const drawAll = inBatches(jobs, PICTURE_CONCURRENCY, async ({ row, ad, position }) => {
    const svg = demoPictureSvg(slugTrail(row.catalogId), ad.colour, row.id * 31 + position, position);
    const set = await demoPictureVariants(svg);
    const imageUuid = crypto.randomUUID();
    const prefix = `ads/${row.uuid}/${imageUuid}`;
    await Promise.all(
      Object.entries(set.variants).map(([name, data]) => storage.put(adPictureKey(prefix, name as AdPictureVariant), data, 'image/webp')),
    );
    await db
      .insert(productImages)
      .values({ uuid: imageUuid, productId: row.id, position, width: set.width, height: set.height, storagePrefix: prefix });
    done += 1;
    if (done % 150 === 0) log(`demo pictures: ${done} of ${jobs.length}`);
  });
  try {
    await drawAll;
  } catch (error) {
    // Half a demo is worse than none: the next start tries again from scratch.
    await db.delete(products).where(
      inArray(
        products.id,
        inserted.map((row) => row.id),
      ),
    );
    throw error;
  }
  return inserted.length;
}
