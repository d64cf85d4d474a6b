import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../../common/cookies.ts';
import type { RoleSlug } from '../../../common/access.ts';
import { auditLog } from '../../db/schema/auth.ts';
import { cookieFrom, createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** A browser signed in as a new account with these roles: its cookies, as a page would send them. */
async function browser(...roles: RoleSlug[]) {
  const user = await createUser(app, { roles: ['user', ...roles], name: `Henkilö ${roles.join('') || 'user'}` });
  const { token, xsrf } = await loginAs(app, user);
  return { user, cookies: { [SESSION_COOKIE]: token, [XSRF_COOKIE]: xsrf } as Record<string, string> };
}

/** A call as the app's API client makes it: the XSRF cookie echoed in the header (the impersonation GETs need it). */
const get = (cookies: Record<string, string>, url: string) =>
  app.inject({
    url,
    cookies,
    headers: { 'accept-language': 'en', ...(cookies[XSRF_COOKIE] ? { 'x-xsrf-token': cookies[XSRF_COOKIE] } : {}) },
  });
const whoAmI = async (cookies: Record<string, string>) => (await get(cookies, '/api/user')).json().data as { id: number } | undefined;
const lastAudit = async () => (await app.services.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

describe('impersonation', () => {
  it('an admin acts as a user and returns to themselves without the browser keeping any token of theirs', async () => {
    const admin = await browser('admin');
    const person = await createUser(app, { name: 'Ulla' });
    const taken = await get(admin.cookies, `/api/impersonate/take/${person.id}`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ message: 'You are now acting as Ulla.' });
    const acting = { [SESSION_COOKIE]: cookieFrom(taken, SESSION_COOKIE)!, [XSRF_COOKIE]: cookieFrom(taken, XSRF_COOKIE)! };
    expect((await whoAmI(acting))!.id).toBe(person.id);
    expect(await lastAudit()).toMatchObject({ action: 'impersonation_start', actorId: admin.user.id, entityId: String(person.id) });

    // While acting: no password, two-factor, linked accounts, account deletion or signing out everywhere for them.
    const headers = { 'x-xsrf-token': acting[XSRF_COOKIE]!, 'accept-language': 'en' };
    for (const [method, url, payload] of [
      ['PATCH', '/api/password', { current_password: 'x', password: 'Kelpo#Salasana43', password_confirmation: 'Kelpo#Salasana43' }],
      ['GET', '/api/enable2fa', undefined],
      ['DELETE', `/api/account/${person.id}/delete`, { password: 'x' }],
      ['DELETE', '/api/sessions', undefined],
      ['POST', '/api/recovery-codes', { password: 'x' }],
      ['POST', '/api/disable2fa', { password: 'x' }],
      ['POST', '/api/oauth-revoke/1', {}],
    ] as const) {
      const reply = await app.inject({ method, url, cookies: acting, headers, ...(payload ? { payload } : {}) });
      expect(reply.statusCode, url).toBe(403);
      expect(reply.json().code, url).toBe('impersonating');
    }
    // No nesting.
    expect((await get(acting, `/api/impersonate/take/${admin.user.id}`)).statusCode).toBe(422);

    const left = await get(acting, '/api/impersonate/leave');
    expect(left.json()).toEqual({ message: 'You are yourself again.' });
    const back = { [SESSION_COOKIE]: cookieFrom(left, SESSION_COOKIE)!, [XSRF_COOKIE]: cookieFrom(left, XSRF_COOKIE)! };
    expect((await whoAmI(back))!.id).toBe(admin.user.id);
    expect(await lastAudit()).toMatchObject({ action: 'impersonation_end', actorId: admin.user.id, entityId: String(person.id) });
    // The impersonation session and the admin's old one have both ended.
    expect((await get(acting, '/api/user')).statusCode).toBe(401);
    expect((await get(admin.cookies, '/api/user')).statusCode).toBe(401);
  });

  it('refuses: oneself, a superAdmin, an unknown account, nesting, and anyone without users.impersonate', async () => {
    const admin = await browser('admin');
    const root = await createUser(app, { roles: ['user', 'superAdmin'] });
    expect((await get(admin.cookies, `/api/impersonate/take/${admin.user.id}`)).json().errors.user).toEqual([
      'You cannot act as yourself.',
    ]);
    expect((await get(admin.cookies, `/api/impersonate/take/${root.id}`)).json().errors.user).toEqual(['You cannot act as a super admin.']);
    expect((await get(admin.cookies, '/api/impersonate/take/2000000000')).statusCode).toBe(404);
    expect((await get(admin.cookies, '/api/impersonate/take/abc')).statusCode).toBe(422);
    const person = await createUser(app);
    const moderator = await browser('moderator');
    expect((await get(moderator.cookies, `/api/impersonate/take/${person.id}`)).statusCode).toBe(403);
    expect((await get({}, `/api/impersonate/take/${person.id}`)).statusCode).toBe(401);
    // Not another admin: a peer is beyond the authority rule (issue 31).
    const otherAdmin = await createUser(app, { roles: ['user', 'admin'] });
    expect((await get(admin.cookies, `/api/impersonate/take/${otherAdmin.id}`)).json().code).toBe('beyond_authority');
    // Nesting: acting as a moderator, taking someone else is refused.
    const otherModerator = await createUser(app, { roles: ['user', 'moderator'] });
    const taken = await get(admin.cookies, `/api/impersonate/take/${otherModerator.id}`);
    const acting = { [SESSION_COOKIE]: cookieFrom(taken, SESSION_COOKIE)!, [XSRF_COOKIE]: cookieFrom(taken, XSRF_COOKIE)! };
    expect((await get(acting, `/api/impersonate/take/${person.id}`)).json().errors.user).toEqual([
      'You are already acting as someone. Return to yourself first.',
    ]);
    // Leaving when not acting as anyone.
    expect((await get(moderator.cookies, '/api/impersonate/leave')).json().errors.session).toEqual(['You are not acting as anyone.']);
  });

  it('when the admin’s own session ended meanwhile, leaving ends the impersonation and says so', async () => {
    const admin = await browser('admin');
    const person = await createUser(app);
    const taken = await get(admin.cookies, `/api/impersonate/take/${person.id}`);
    const acting = { [SESSION_COOKIE]: cookieFrom(taken, SESSION_COOKIE)!, [XSRF_COOKIE]: cookieFrom(taken, XSRF_COOKIE)! };
    await app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${admin.cookies[SESSION_COOKIE]}` } });
    const left = await get(acting, '/api/impersonate/leave');
    expect(left.statusCode).toBe(422);
    expect(left.json().errors.session).toEqual(['Unable to return to yourself. Please log in again.']);
    expect((await get(acting, '/api/user')).statusCode).toBe(401);
  });

  it('a bearer client gets the new token in the answer instead of a cookie', async () => {
    const admin = await createUser(app, { roles: ['user', 'admin'] });
    const person = await createUser(app);
    const { headers } = await loginAs(app, admin);
    const taken = await app.inject({ url: `/api/impersonate/take/${person.id}`, headers });
    const token = taken.json().token as string;
    expect(cookieFrom(taken, SESSION_COOKIE)).toBeUndefined();
    const me = await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().data.id).toBe(person.id);
    const left = await app.inject({ url: '/api/impersonate/leave', headers: { authorization: `Bearer ${token}` } });
    const mine = await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${left.json().token}` } });
    expect(mine.json().data.id).toBe(admin.id);
  });
});
