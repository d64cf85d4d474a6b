import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../platform/passwords.ts';
import type { Database } from '../client.ts';
import { municipalities } from '../schema/geo.ts';
import { roles, userRoles } from '../schema/roles.ts';
import { type RoleSlug } from '../../../common/access.ts';
import { users } from '../schema/users.ts';

export interface DemoLogin {
  email: string;
  role: RoleSlug;
}

const DEMO_USERS: { email: string; role: RoleSlug; name: string; surname: string; city: string }[] = [
  { email: 'superadmin@example.com', role: 'superAdmin', name: 'Saara', surname: 'Pääkäyttäjä', city: '091' },
  { email: 'admin@example.com', role: 'admin', name: 'Antti', surname: 'Ylläpitäjä', city: '091' },
  { email: 'moderator@example.com', role: 'moderator', name: 'Mirja', surname: 'Moderaattori', city: '837' },
  { email: 'editor@example.com', role: 'editor', name: 'Eero', surname: 'Toimittaja', city: '853' },
  { email: 'user@example.com', role: 'user', name: 'Ulla', surname: 'Käyttäjä', city: '049' },
  { email: 'seller@example.com', role: 'user', name: 'Sami', surname: 'Myyjä', city: '564' },
];

export const demoLogins: DemoLogin[] = DEMO_USERS.map(({ email, role }) => ({ email, role }));

/** The demo logins that exist in this database (none where demo data was never loaded). */
export async function presentDemoLogins(db: Database): Promise<DemoLogin[]> {
  const emails = demoLogins.map((login) => login.email);
  const found = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  const present = new Set(found.map((row) => row.email));
  return demoLogins.filter((login) => present.has(login.email));
}

/** How old the demo accounts are when made. */
export const DEMO_ACCOUNT_AGE_DAYS = 365;

/** Creates the demo accounts that are missing; existing accounts are left as they are. */
export async function seedDemoUsers(db: Database, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  // The demo accounts stand for members of some standing: a year old, so the first week's limits
  // of a new account (issue 25's scam guard) do not apply to them.
  const memberSince = new Date(Date.now() - DEMO_ACCOUNT_AGE_DAYS * 86_400_000);
  await db.transaction(async (tx) => {
    const roleIds = new Map((await tx.select().from(roles)).map((r) => [r.slug, r.id]));
    for (const demo of DEMO_USERS) {
      const [city] = await tx.select({ id: municipalities.id }).from(municipalities).where(eq(municipalities.code, demo.city));
      const [created] = await tx
        .insert(users)
        .values({
          name: demo.name,
          surname: demo.surname,
          email: demo.email,
          emailVerifiedAt: new Date(),
          passwordHash,
          cityId: city?.id ?? null,
          createdAt: memberSince,
          updatedAt: memberSince,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (created) {
        await tx.insert(userRoles).values({ userId: created.id, roleId: roleIds.get(demo.role)! });
      }
    }
  });
}
