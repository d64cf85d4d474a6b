import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createFileStorage } from '../../platform/storage.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/passwords.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { catalogs } from '../schema/catalog.ts';
import { municipalities, postalCodes, regions } from '../schema/geo.ts';
import { productImages, products } from '../schema/products.ts';
import { roles, userRoles } from '../schema/roles.ts';
import { users } from '../schema/users.ts';
import { DEMO_ACCOUNT_AGE_DAYS, demoLogins, presentDemoLogins, seedDemoUsers } from './demo.ts';
import { seedDemoAds } from './demo-ads.ts';
import { demoAds } from './demo-ads.data.ts';
import { seedDatabase } from './index.ts';

let handle: DatabaseHandle;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-seed-media-'));
const storage = createFileStorage(mediaDir);
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const count = async (table: typeof regions | typeof municipalities | typeof postalCodes | typeof catalogs | typeof users) => {
  const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
};

describe('seeding', () => {
  it('has all regions, municipalities and postal codes, each municipality in its region', async () => {
    expect(await count(regions)).toBe(19);
    expect(await count(municipalities)).toBe(308);
    expect(await count(postalCodes)).toBe(5033);
    const [espoo] = await handle.db
      .select({ region: regions.nameFi })
      .from(municipalities)
      .innerJoin(regions, eq(regions.id, municipalities.regionId))
      .where(eq(municipalities.code, '049'));
    expect(espoo?.region).toBe('Uusimaa');
    const [mantyharju] = await handle.db
      .select({ name: municipalities.nameFi })
      .from(postalCodes)
      .innerJoin(municipalities, eq(municipalities.id, postalCodes.municipalityId))
      .where(eq(postalCodes.code, '19430'));
    // Pertunmaa merged into Mäntyharju in 2025.
    expect(mantyharju?.name).toBe('Mäntyharju');
  });

  it('is a no-op on a seeded database unless forced, and a forced run changes no counts', async () => {
    const before = await count(catalogs);
    expect(await seedDatabase(handle.db, { demo: false, demoPassword: 'x', storage })).toEqual({ seeded: false, ads: 0 });
    await seedDatabase(handle.db, { demo: false, demoPassword: 'x', storage, force: true });
    expect(await count(catalogs)).toBe(before);
    expect(await count(postalCodes)).toBe(5033);
  });

  it('creates one verified demo account per role with the demo password, once', async () => {
    const password = 'Demo#Password1';
    // The start banner lists only the demo logins the database holds: none before they are made.
    expect(await presentDemoLogins(handle.db)).toEqual([]);
    await seedDemoUsers(handle.db, password);
    expect(await presentDemoLogins(handle.db)).toEqual(demoLogins);
    await seedDemoUsers(handle.db, password);
    const accounts = await handle.db
      .select({ email: users.email, hash: users.passwordHash, verified: users.emailVerifiedAt, role: roles.slug })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId));
    expect(accounts.map((a) => [a.email, a.role]).sort()).toEqual(demoLogins.map((l) => [l.email, l.role]).sort());
    for (const account of accounts) {
      expect(account.verified).not.toBeNull();
      expect(await verifyPassword(account.hash!, password)).toBe(true);
    }
    expect(new Set(demoLogins.map((l) => l.role))).toEqual(new Set(['superAdmin', 'admin', 'moderator', 'editor', 'user']));
  });

  it('makes the demo accounts a year old, past a new account’s first-week limits', async () => {
    const rows = await handle.db.select({ createdAt: users.createdAt }).from(users);
    const oldest = Date.now() - (DEMO_ACCOUNT_AGE_DAYS - 1) * 86_400_000;
    for (const row of rows) expect(row.createdAt.getTime()).toBeLessThan(oldest);
  });

  it('creates demo ads with generated pictures in every variant, once', async () => {
    const created = await seedDemoAds(handle.db, storage, () => {}, 12);
    expect(created).toBe(12);
    expect(await seedDemoAds(handle.db, storage, () => {}, 12)).toBe(0);
    const ads = await handle.db.select().from(products);
    expect(ads).toHaveLength(12);
    const images = await handle.db.select().from(productImages);
    expect(images).toHaveLength(demoAds.slice(0, 12).reduce((n, ad) => n + ad.pictures, 0));
    for (const ad of ads) expect(ad.imageCount).toBe(images.filter((i) => i.productId === ad.id).length);
    const first = images[0]!;
    for (const variant of ['thumb', 'card', 'full']) {
      const meta = await sharp(path.join(mediaDir, `${first.storagePrefix}-${variant}.webp`)).metadata();
      expect(meta.format).toBe('webp');
    }
  });
});
