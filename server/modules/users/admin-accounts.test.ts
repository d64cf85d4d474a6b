import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleSlug } from '../../../common/access.ts';
import { auditLog, passwordResetTokens, sessions } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { hashToken, randomToken } from '../../platform/secrets.ts';
import { TEST_PASSWORD, type TestUser, createUser, linkIn, loginAs, readMails } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
const en = { 'accept-language': 'en' };
const BLOCKED = 'This account has been blocked. Contact customer support.';

async function staff(...roles: RoleSlug[]): Promise<{ user: TestUser; headers: Record<string, string> }> {
  const user = await createUser(app, { roles: ['user', ...roles] });
  return { user, headers: { ...(await loginAs(app, user)).headers, ...en } };
}

const createAccount = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/users/create-user', headers, payload });
const toggleBlock = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/users/toggle-block', headers, payload });
const login = (user: Pick<TestUser, 'email' | 'password'>) =>
  app.inject({ method: 'POST', url: '/api/login', headers: en, payload: { email: user.email, password: user.password } });
const me = (headers: Record<string, string>) => app.inject({ url: '/api/user', headers });
const auditOf = (id: number) =>
  app.services.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const rowOf = async (email: string) => (await app.services.database.db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];
const mailsTo = async (email: string) => {
  await app.services.platform.background.settled();
  return readMails(app).filter((mail) => mail.to.includes(email.toLowerCase()));
};

let admin: Awaited<ReturnType<typeof staff>>;
let root: Awaited<ReturnType<typeof staff>>;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await staff('admin');
  root = await staff('superAdmin');
});
afterAll(() => app.close());

describe('POST /api/users/create-user', () => {
  it('creates an account without a password and mails, in the chosen language, a 72-hour link that sets it', async () => {
    const email = `Uusi.Henkilo-${Date.now()}@Example.com`;
    const reply = await createAccount(admin.headers, { name: ' Uusi ', surname: 'Henkilö', email, roles: ['moderator'], locale: 'ru' });
    expect(reply.statusCode).toBe(201);
    const created = reply.json();
    expect(created.message).toBe(`User created. A link to set the password was sent to ${email.toLowerCase()}.`);
    // Not vouched for: the base role is unverified until the person confirms the address.
    expect(created.data).toMatchObject({ name: 'Uusi', surname: 'Henkilö', email: email.toLowerCase(), email_verified_at: null });
    expect(created.data.roles.map((r: { slug: string }) => r.slug).sort()).toEqual(['moderator', 'unverified']);
    const row = (await rowOf(email))!;
    expect(row).toMatchObject({ passwordHash: null, locale: 'ru', blockedAt: null });

    const [token] = await app.services.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, row.id));
    const hours = (token!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toMatch(/^Для вас создана учётная запись/);
    expect(mail!.text).toContain('72');
    const link = linkIn(mail!, '/reset-password/');
    expect(link.searchParams.get('email')).toBe(email.toLowerCase());
    // Nobody can sign in before the password is set.
    expect((await login({ email, password: TEST_PASSWORD })).statusCode).toBe(422);
    const set = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        token: link.pathname.split('/').pop(),
        email: link.searchParams.get('email'),
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
      },
    });
    expect(set.statusCode).toBe(200);
    expect((await login({ email, password: TEST_PASSWORD })).statusCode).toBe(200);

    expect((await auditOf(row.id)).map((entry) => entry.action)).toEqual(['login', 'reset_password', 'user_created']);
    expect((await auditOf(row.id)).find((e) => e.action === 'user_created')).toMatchObject({
      actorId: admin.user.id,
      data: { after: { email: email.toLowerCase(), roles: expect.arrayContaining(['moderator', 'unverified']), locale: 'ru' } },
    });
  });

  it('counts the address as confirmed when the staff member says so; Finnish and role user by default', async () => {
    const email = `vahvistettu-${Date.now()}@example.com`;
    const reply = await createAccount(admin.headers, { name: 'Vahvistettu', email, email_verified: true });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.email_verified_at).not.toBeNull();
    expect(reply.json().data.roles).toEqual([{ slug: 'user' }]);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('Sinulle on luotu tili palveluun Kauppis');
  });

  it('refuses a taken address (any case) on the e-mail field, also when two are created at once', async () => {
    const existing = await createUser(app);
    const taken = await createAccount(admin.headers, { name: 'Kaksoiskappale', email: existing.email.toUpperCase() });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['An account with this e-mail address exists already.']);

    const email = `samaan-aikaan-${Date.now()}@example.com`;
    const replies = await Promise.all([
      createAccount(admin.headers, { name: 'Eka', email }),
      createAccount(root.headers, { name: 'Toka', email }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(replies.find((r) => r.statusCode === 422)!.json().errors.email).toEqual(['An account with this e-mail address exists already.']);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('checks roles as an update does: known slugs or the site’s own roles, top roles from a superAdmin only', async () => {
    const email = () => `roolit-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const unknown = await createAccount(admin.headers, { name: 'X', email: email(), roles: ['wizard', 'user'] });
    expect(unknown.json().errors.roles).toEqual(['Unknown roles: wizard.']);
    expect((await createAccount(admin.headers, { name: 'X', email: email(), roles: ['admin'] })).statusCode).toBe(403);
    expect((await createAccount(admin.headers, { name: 'X', email: email(), roles: ['superAdmin'] })).statusCode).toBe(403);
    const byRoot = await createAccount(root.headers, { name: 'Uusi ylläpitäjä', email: email(), roles: ['admin'], email_verified: true });
    expect(byRoot.statusCode).toBe(201);
    expect(
      byRoot
        .json()
        .data.roles.map((r: { slug: string }) => r.slug)
        .sort(),
    ).toEqual(['admin', 'user']);
    const created = await app.inject({
      method: 'POST',
      url: '/api/roles/create-role',
      headers: root.headers,
      payload: { name: 'Tukitiimi', permissions: [] },
    });
    const custom = created.json().data.slug as string;
    const withCustom = await createAccount(admin.headers, { name: 'Tuki', email: email(), roles: [custom] });
    expect(withCustom.statusCode).toBe(201);
    expect(withCustom.json().data.roles.map((r: { slug: string }) => r.slug)).toContain(custom);
  });

  it('answers bad input with a 422 and creates nothing; only users.manage may create', async () => {
    const before = (await app.services.database.db.select({ id: users.id }).from(users)).length;
    for (const payload of [
      {},
      { name: 'X' },
      { name: '', email: 'tyhja@example.com' },
      { name: '   ', email: 'valit@example.com' },
      { name: 'X', email: 'not-an-address' },
      { name: 'X\u0000', email: 'nul@example.com' },
      { name: 'X', surname: 'Y\u0007', email: 'bell@example.com' },
      { name: 'X', email: 'kieli@example.com', locale: 'de' },
      { name: 'X', email: 'rooli@example.com', roles: 'admin' },
      { name: 'X', email: 'paljon@example.com', roles: Array.from({ length: 21 }, (_, i) => `r${i}`) },
      { name: 'X', email: 'vahvistus@example.com', email_verified: 'yes' },
      { name: 'X', email: 'salasana@example.com', password: 'Kelpo#Salasana42' },
      { name: 'x'.repeat(101), email: 'pitka@example.com' },
    ]) {
      const reply = await createAccount(admin.headers, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(422);
      expect(reply.json().message).toBeTruthy();
    }
    expect((await app.services.database.db.select({ id: users.id }).from(users)).length).toBe(before);
    const moderator = await staff('moderator');
    expect((await createAccount(moderator.headers, { name: 'X', email: 'mod@example.com' })).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/api/users/create-user', payload: { name: 'X', email: 'v@example.com' } })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/users/toggle-block', () => {
  it('ends every session at once, refuses password log-in and reset, and lets the person back after unblocking; audited', async () => {
    const person = await createUser(app);
    const first = await loginAs(app, person);
    const second = await loginAs(app, person, true);
    // A reset link asked for before the block.
    await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: person.email } });
    const resetLink = linkIn((await mailsTo(person.email)).at(-1)!, '/reset-password/');

    const blocked = await toggleBlock(admin.headers, { user: person.id, action: 'block', reason: '  Huijausepäily  ' });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({
      message: 'User blocked. Their sessions were ended.',
      data: { id: person.id, blocked: true, blocked_reason: 'Huijausepäily' },
    });
    expect(blocked.json().data.blocked_at).not.toBeNull();
    for (const headers of [first.headers, second.headers]) expect((await me(headers)).statusCode).toBe(401);
    expect(await app.services.database.db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);

    const refused = await login(person);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BLOCKED);
    // A wrong password still gets the usual answer: only the owner learns about the block.
    expect((await login({ ...person, password: 'Wrong#Guess12' })).json().errors.email).toEqual([
      'The provided credentials are incorrect.',
    ]);

    const mailsBefore = (await mailsTo(person.email)).length;
    await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: person.email } });
    expect(await mailsTo(person.email)).toHaveLength(mailsBefore);
    const resetPayload = {
      token: resetLink.pathname.split('/').pop(),
      email: person.email,
      password: 'Uusi#Salasana-77',
      password_confirmation: 'Uusi#Salasana-77',
    };
    const reset = await app.inject({ method: 'POST', url: '/api/reset-password', headers: en, payload: resetPayload });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe(BLOCKED);

    const unblocked = await toggleBlock(admin.headers, { user: person.id, action: 'unblock' });
    expect(unblocked.json()).toMatchObject({
      message: 'User unblocked. They can log in again.',
      data: { blocked: false, blocked_at: null, blocked_reason: null },
    });
    expect((await login(person)).statusCode).toBe(200);
    // The refused reset changed nothing: its link still works once the account is unblocked.
    expect((await app.inject({ method: 'POST', url: '/api/reset-password', payload: resetPayload })).statusCode).toBe(200);

    const actions = (await auditOf(person.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['user_blocked', 'user_unblocked']));
    expect((await auditOf(person.id)).find((entry) => entry.action === 'user_blocked')).toMatchObject({
      actorId: admin.user.id,
      data: { before: { blocked_at: null }, after: { blocked_reason: 'Huijausepäily' } },
    });
  });

  it('a token made after the block (a log-in racing with it) works neither for the API nor for the chat socket', async () => {
    const person = await createUser(app);
    await toggleBlock(admin.headers, { user: person.id, action: 'block' });
    const token = await app.services.auth.createSession(person.id, false, { ip: '127.0.0.1', userAgent: undefined, locale: 'en' });
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
    expect((await app.services.auth.liveSessionIds([hashToken(token)])).size).toBe(0);
  });

  it('refuses the second step of a two-factor log-in that began before the block', async () => {
    const person = await createUser(app);
    const db = app.services.database.db;
    await db.update(users).set({ twoFactorSecret: 'sealed', twoFactorConfirmedAt: new Date() }).where(eq(users.id, person.id));
    const challenge = randomToken();
    await app.services.auth.repo.insertChallenge({
      id: hashToken(challenge),
      userId: person.id,
      remember: false,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await toggleBlock(admin.headers, { user: person.id, action: 'block' });
    const reply = await app.inject({
      method: 'POST',
      url: '/api/check2faCode',
      headers: en,
      cookies: { two_factor_challenge: challenge },
      payload: { code: '123456' },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(BLOCKED);
  });

  it('ends the impersonation a blocked admin is in, and nobody may act as a blocked account', async () => {
    const other = await staff('admin');
    const person = await createUser(app);
    const take = await app.inject({ url: `/api/impersonate/take/${person.id}`, headers: other.headers });
    expect(take.statusCode).toBe(200);
    const acting = { authorization: `Bearer ${take.json().token}` };
    expect((await me(acting)).json().data.id).toBe(person.id);
    expect((await toggleBlock(root.headers, { user: other.user.id, action: 'block' })).statusCode).toBe(200);
    expect((await me(acting)).statusCode).toBe(401);

    const blockedPerson = await createUser(app);
    await toggleBlock(admin.headers, { user: blockedPerson.id, action: 'block' });
    const refused = await app.inject({ url: `/api/impersonate/take/${blockedPerson.id}`, headers: admin.headers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.user).toEqual(['You cannot act as a blocked user. Unblock the account first.']);
  });

  it('shows the state in the list and filters by it', async () => {
    const name = `Estotesti${Date.now()}`;
    const kept = await createUser(app, { name: `${name} A` });
    const gone = await createUser(app, { name: `${name} B` });
    await toggleBlock(admin.headers, { user: gone.id, action: 'block', reason: 'Roskapostia' });
    const list = (filters: object) =>
      app
        .inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload: { search_by: name, filters } })
        .then((r) => r.json());
    const all = await list({});
    expect(all.data.map((u: { id: number; blocked: boolean }) => [u.id, u.blocked]).sort()).toEqual(
      [
        [kept.id, false],
        [gone.id, true],
      ].sort(),
    );
    expect((await list({ blocked: true })).data.map((u: { id: number }) => u.id)).toEqual([gone.id]);
    expect((await list({ blocked: false })).data.map((u: { id: number }) => u.id)).toEqual([kept.id]);
    expect((await list({ blocked: true })).data[0].blocked_reason).toBe('Roskapostia');
    expect(
      (await app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload: { filters: { blocked: 'kyllä' } } }))
        .statusCode,
    ).toBe(422);
  });

  it('refuses: oneself, a superAdmin for an admin, unknown accounts, odd input; changes nothing', async () => {
    const person = await createUser(app);
    const self = await toggleBlock(admin.headers, { user: admin.user.id, action: 'block' });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.user).toEqual(['You cannot block your own account.']);
    expect((await toggleBlock(admin.headers, { user: root.user.id, action: 'block' })).statusCode).toBe(403);
    expect((await toggleBlock(admin.headers, { user: 2_000_000_000, action: 'block' })).statusCode).toBe(404);
    for (const payload of [
      {},
      { user: person.id },
      { user: person.id, action: 'ban' },
      { user: String(person.id), action: 'block' },
      { user: -1, action: 'block' },
      { user: person.id, action: 'block', reason: 'x'.repeat(501) },
      { user: person.id, action: 'block', reason: 42 },
      { user: person.id, action: 'block', extra: true },
    ]) {
      expect((await toggleBlock(admin.headers, payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
    const control = await toggleBlock(admin.headers, { user: person.id, action: 'block', reason: 'a\u0000b' });
    expect(control.json().errors.reason).toEqual(['The text contains control characters that cannot be saved.']);
    expect((await rowOf(person.email))!.blockedAt).toBeNull();
    const moderator = await staff('moderator');
    expect((await toggleBlock(moderator.headers, { user: person.id, action: 'block' })).statusCode).toBe(403);
  });

  it('blocking twice at once blocks once (one audit entry); unblocking an unblocked account changes nothing', async () => {
    const person = await createUser(app);
    const other = await staff('admin');
    const replies = await Promise.all([
      toggleBlock(admin.headers, { user: person.id, action: 'block', reason: 'Eka' }),
      toggleBlock(other.headers, { user: person.id, action: 'block', reason: 'Toka' }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(replies.every((r) => r.json().data.blocked)).toBe(true);
    expect((await auditOf(person.id)).filter((e) => e.action === 'user_blocked')).toHaveLength(1);
    await toggleBlock(admin.headers, { user: person.id, action: 'unblock' });
    const again = await toggleBlock(admin.headers, { user: person.id, action: 'unblock' });
    expect(again.json().data.blocked).toBe(false);
    expect((await auditOf(person.id)).filter((e) => e.action === 'user_unblocked')).toHaveLength(1);
  });

  it('two superAdmins blocking each other at once: one of them can still sign in', async () => {
    const db = app.services.database.db;
    const existing = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: root.headers,
      payload: { filters: { role: 'superAdmin' }, per_page: 100 },
    });
    const ids = (existing.json().data as { id: number }[]).map((u) => u.id);
    const first = await staff('superAdmin');
    const second = await staff('superAdmin');
    await db.update(users).set({ blockedAt: new Date() }).where(inArray(users.id, ids));
    const replies = await Promise.all([
      toggleBlock(first.headers, { user: second.user.id, action: 'block' }),
      toggleBlock(second.headers, { user: first.user.id, action: 'block' }),
    ]);
    const codes = replies.map((r) => r.statusCode).sort();
    // One goes through; the other is refused as the last superAdmin's (422), or (when it came
    // after) because its sender's session ended with the block (401).
    expect(codes[0]).toBe(200);
    expect([401, 422]).toContain(codes[1]);
    const refused = replies.find((r) => r.statusCode === 422);
    if (refused) expect(refused.json().errors.user).toEqual(['The last super admin who can log in cannot be blocked.']);
    const states = await db
      .select({ blockedAt: users.blockedAt })
      .from(users)
      .where(inArray(users.id, [first.user.id, second.user.id]));
    expect(states.filter((s) => s.blockedAt === null)).toHaveLength(1);
  });
});
