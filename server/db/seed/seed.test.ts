import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/passwords.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { catalogs } from '../schema/catalog.ts';
import { municipalities, postalCodes, regions } from '../schema/geo.ts';
import { roles, userRoles } from '../schema/roles.ts';
import { users } from '../schema/users.ts';
import { demoLogins } from './demo.ts';
import { seedDatabase } from './index.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

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
    expect(await seedDatabase(handle.db, { demo: false, demoPassword: 'x' })).toEqual({ seeded: false });
    await seedDatabase(handle.db, { demo: false, demoPassword: 'x', force: true });
    expect(await count(catalogs)).toBe(before);
    expect(await count(postalCodes)).toBe(5033);
  });

  it('creates one verified demo account per role with the demo password, once', async () => {
    const password = 'Demo#Password1';
    await seedDatabase(handle.db, { demo: true, demoPassword: password, force: true });
    await seedDatabase(handle.db, { demo: true, demoPassword: password, force: true });
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
});
