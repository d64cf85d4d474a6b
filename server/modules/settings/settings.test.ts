import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema/auth.ts';
import { products } from '../../db/schema/products.ts';
import { appSettings } from '../../db/schema/settings.ts';
import { createLoadContext } from '../../load-context.ts';
import { createMemoryRealtime } from '../../platform/realtime.ts';
import { createServices } from '../../services.ts';
import { createUser, loginAs, readMails } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { pageMeta } from '../../../web/lib/page.server.ts';

let app: FastifyInstance;
let admin: Record<string, string>;
const URL_ = '/api/admin/app-settings';
const en = { 'accept-language': 'en' };

// Google has credentials here (never contacted: no sign-in is started); every other provider has none.
const GOOGLE = { clientId: 'client-id', clientSecret: 'client-secret', issuer: 'https://accounts.google.com' };

beforeAll(async () => {
  app = await buildTestApp({ siteName: 'Kauppis', google: GOOGLE });
  admin = { ...(await loginAs(app, await createUser(app, { roles: ['user', 'admin'] }))).headers, ...en };
});
afterAll(() => app.close());

const patch = (payload: object, headers = admin) => app.inject({ method: 'PATCH', url: URL_, headers, payload });
const current = async () => (await app.inject({ url: URL_, headers: admin })).json().data;

describe('GET /api/admin/app-settings', () => {
  it('answers the defaults while nothing is stored: the name from SITE_NAME, configured sign-ins on, moderation on', async () => {
    const reply = await app.inject({ url: URL_, headers: admin });
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data).toMatchObject({
      site_name: 'Kauppis',
      site_name_default: 'Kauppis',
      configured_logins: ['google'],
      ads_moderation: true,
      support_email: null,
      staff_inbox_email: null,
      updated_at: null,
      updated_by: null,
    });
    expect(data.logins.google).toBe(true);
    expect(data.logins.github).toBe(false);
  });

  it('is for holders of settings.manage only', async () => {
    const moderator = (await loginAs(app, await createUser(app, { roles: ['user', 'moderator'] }))).headers;
    expect((await app.inject({ url: URL_, headers: moderator })).statusCode).toBe(403);
    expect((await patch({ site_name: 'Hijacked' }, moderator)).statusCode).toBe(403);
    expect((await app.inject({ url: URL_ })).statusCode).toBe(401);
    expect(app.services.settings.siteName()).not.toBe('Hijacked');
  });
});

describe('PATCH /api/admin/app-settings: bad input', () => {
  it.each([
    [{ site_name: '' }, 'site_name', 'at least 1'],
    [{ site_name: '    ' }, 'site_name', 'Field is required'],
    [{ site_name: 'x'.repeat(61) }, 'site_name', 'at most 60'],
    [{ site_name: 'Kauppis\u0007' }, 'site_name', 'control characters'],
    [{ support_email: 'not-an-address' }, 'support_email', 'valid email'],
    [{ staff_inbox_email: 'staff@' }, 'staff_inbox_email', 'valid email'],
    [{ logins: { myspace: true } }, 'logins.myspace', 'not allowed'],
    [{ logins: { github: true } }, 'logins.github', 'no credentials'],
    [{ logins: { google: 'yes' } }, 'logins.google', 'true or false'],
    [{ ads_moderation: 'off' }, 'ads_moderation', 'true or false'],
    [{ theme: 'dark' }, 'theme', 'not allowed'],
  ])('refuses %j with a message on %s and changes nothing', async (payload, field, words) => {
    const before = await current();
    const reply = await patch(payload);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors[field].join(' ')).toContain(words);
    expect(await current()).toEqual(before);
  });

  it('saves nothing when one of several settings is wrong', async () => {
    const reply = await patch({ site_name: 'Uusi nimi', support_email: 'bad' });
    expect(reply.statusCode).toBe(422);
    expect(Object.keys(reply.json().errors)).toEqual(['support_email']);
    expect(await app.services.database.db.select().from(appSettings)).toEqual([]);
    expect(app.services.settings.siteName()).toBe('Kauppis');
  });
});

describe('PATCH /api/admin/app-settings: changes', () => {
  it('saves, audits before and after, and tells who changed it last', async () => {
    const staff = await createUser(app, { roles: ['user', 'admin'], name: 'Asetusten Aino' });
    const headers = { ...(await loginAs(app, staff)).headers, ...en };
    const reply = await patch({ site_name: '  Torikauppa   Suomi ', support_email: 'tuki@example.com', ads_moderation: true }, headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toBe('Settings saved.');
    expect(reply.json().data).toMatchObject({
      site_name: 'Torikauppa Suomi',
      support_email: 'tuki@example.com',
      updated_by: { id: staff.id, name: 'Asetusten Aino' },
    });
    const [entry] = await app.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings_updated'), eq(auditLog.actorId, staff.id)));
    // Only what changed is recorded (moderation was on already).
    expect(entry?.data).toEqual({
      before: { site_name: 'Kauppis', support_email: null },
      after: { site_name: 'Torikauppa Suomi', support_email: 'tuki@example.com' },
    });
    expect(entry?.entity).toBe('app_settings');

    // Saving the same again changes nothing and writes no second entry.
    await patch({ site_name: 'Torikauppa Suomi' }, headers);
    const entries = await app.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings_updated'), eq(auditLog.actorId, staff.id)));
    expect(entries).toHaveLength(1);

    // An empty address removes it.
    const cleared = await patch({ support_email: '' });
    expect(cleared.json()).toMatchObject({ data: { support_email: null } });
    await patch({ site_name: 'Kauppis' });
  });
});

describe('the settings take effect', () => {
  it('page titles carry the site name from the settings', async () => {
    await patch({ site_name: 'Torikauppa' });
    const request = {
      server: app,
      cookies: {},
      locale: 'en',
      currentUser: null,
      ip: '127.0.0.1',
      protocol: 'http',
      headers: {},
    } as unknown as FastifyRequest;
    const context = createLoadContext(app, request);
    expect(context.site.siteName).toBe('Torikauppa');
    expect(pageMeta(context as never, 'about', '/about').description).toContain('Torikauppa');
    await patch({ site_name: 'Kauppis' });
  });

  it('mails are signed with the site name and answered to the support address', async () => {
    await patch({ site_name: 'Torikauppa', support_email: 'tuki@example.com' });
    const user = await createUser(app);
    await app.inject({ method: 'POST', url: '/api/forgot-password', headers: en, payload: { email: user.email } });
    await app.services.platform.background.settled();
    const mail = readMails(app).find((m) => m.to.includes(user.email))!;
    expect(mail.text).toContain('Torikauppa');
    expect(mail.raw).toMatch(/^Reply-To: tuki@example\.com/m);
    // Without MAIL_FROM the sender is the site's name as it is now, not as it was at start.
    expect(mail.raw).toMatch(/^From: Torikauppa <no-reply@/m);
    await patch({ site_name: 'Kauppis', support_email: '' });
  });

  it('the authenticator app shows the site name as the issuer', async () => {
    await patch({ site_name: 'Torikauppa' });
    const headers = (await loginAs(app, await createUser(app))).headers;
    const reply = await app.inject({ url: '/api/enable2fa', headers });
    expect(reply.json().otpauth_url).toContain('issuer=Torikauppa');
    await patch({ site_name: 'Kauppis' });
  });

  it('a configured provider switched off disappears from GET /logins and cannot be started', async () => {
    expect((await app.inject({ url: '/api/logins' })).json().logins.google).toBe(true);
    expect((await patch({ logins: { google: false } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/logins' })).json().logins.google).toBe(false);
    const start = await app.inject({ method: 'POST', url: '/api/oauth/google', headers: en, payload: {} });
    expect(start.statusCode).toBe(422);
    expect((await patch({ logins: { google: true } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/logins' })).json().logins.google).toBe(true);
  });

  it('with moderation off a new ad is active at once, audited, and says so; with it on it waits', async () => {
    const seller = await createUser(app);
    const headers = { ...(await loginAs(app, seller)).headers, ...en };
    const db = app.services.database.db;
    const { catalogs } = await import('../../db/schema/catalog.ts');
    const { municipalities } = await import('../../db/schema/geo.ts');
    const [catalog] = await db.select().from(catalogs).where(eq(catalogs.slug, 'passenger-cars'));
    const [city] = await db.select().from(municipalities).where(eq(municipalities.code, '091'));
    const create = async (name: string) => {
      const body = await multipart([], {
        name,
        description: 'Hyvässä kunnossa oleva auto, katsastettu.',
        price: '1500',
        city_id: String(city!.id),
        catalog_id: String(catalog!.id),
      });
      return app.inject({ method: 'POST', url: '/api/product', payload: body.payload, headers: { ...headers, ...body.headers } });
    };

    await patch({ ads_moderation: false });
    const published = await create('Toyota Corolla 2012');
    expect(published.statusCode).toBe(201);
    expect(published.json().data.status).toBe('active');
    expect(published.json().message).toContain('is now shown');
    const [row] = await db.select().from(products).where(eq(products.uuid, published.json().data.uuid));
    expect(row?.approvedAt).not.toBeNull();
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ad_published_unreviewed'), eq(auditLog.entityId, String(row!.id))));
    expect(audited).toHaveLength(1);
    // The public sees it at once.
    expect((await app.inject({ url: `/api/product/${row!.uuid}` })).statusCode).toBe(200);

    await patch({ ads_moderation: true });
    const waiting = await create('Volvo V70 2008');
    expect(waiting.json().data.status).toBe('moderate');
  });
});

describe('every instance follows a change without a restart', () => {
  it('a second set of services on the same database and realtime bus reads the change from the notice', async () => {
    const other = createServices(app.services.database, app.config, app.services.platform);
    // No periodic refresh: only the notice can bring the change.
    await other.settings.start(0);
    try {
      expect(other.settings.siteName()).toBe('Kauppis');
      await patch({ site_name: 'Toinen instanssi', ads_moderation: false });
      await vi.waitFor(() => expect(other.settings.siteName()).toBe('Toinen instanssi'), { timeout: 2000 });
      expect(other.settings.adsNeedReview()).toBe(false);
    } finally {
      other.settings.stop();
      await patch({ site_name: 'Kauppis', ads_moderation: true });
    }
  });

  it('an instance that missed the notice reads the change at its next periodic refresh', async () => {
    const deaf = createServices(app.services.database, app.config, { ...app.services.platform, realtime: createMemoryRealtime() });
    await deaf.settings.start(50);
    try {
      await patch({ site_name: 'Ilman viestiä' });
      await vi.waitFor(() => expect(deaf.settings.siteName()).toBe('Ilman viestiä'), { timeout: 2000 });
    } finally {
      deaf.settings.stop();
      await patch({ site_name: 'Kauppis' });
    }
  });

  it('ignores a stored value of the wrong shape and keeps the default', async () => {
    const db = app.services.database.db;
    await db
      .insert(appSettings)
      .values({ key: 'ads_moderation', value: 'sometimes' })
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value: 'sometimes' },
      });
    await app.services.settings.reload();
    expect(app.services.settings.adsNeedReview()).toBe(true);
    await db.delete(appSettings).where(eq(appSettings.key, 'ads_moderation'));
    await app.services.settings.reload();
  });
});
