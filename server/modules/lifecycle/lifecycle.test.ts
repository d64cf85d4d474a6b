import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../common/ad-validity.ts';
import { jobs, notifications } from '../../db/schema/notifications.ts';
import { productImages, products } from '../../db/schema/products.ts';
import { createUser, loginAs, readMails } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { adPictureKeys } from '../images/image-processing.ts';
import { LIFECYCLE_JOBS } from './lifecycle.service.ts';

// Ad validity (issue 27, part 1). The renewals and the jobs run on the test's clock: nothing waits.
let app: FastifyInstance;
let clock = new Date('2026-12-01T10:00:00.000Z');
let moderator: Record<string, string>;
let admin: Record<string, string>;
let seller: Awaited<ReturnType<typeof createUser>>;
let sellerHeaders: Record<string, string>;
let stranger: Record<string, string>;

const db = () => app.services.database.db;
const days = (n: number) => n * DAY_MS;
const rowOf = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0]!;
/** Moves the ad's end (and forgets any reminder), as if it had been approved at another time. */
const endAt = (id: number, at: Date) => db().update(products).set({ expiresAt: at, expiryRemindedAt: null }).where(eq(products.id, id));
const renew = (uuid: string, headers: Record<string, string>, locale = 'en') =>
  app.inject({ method: 'POST', url: `/api/product/${uuid}/renew`, headers: { ...headers, 'accept-language': locale } });
const search = async (text: string) =>
  (await app.inject({ method: 'POST', url: '/api/products', payload: { name: text } }))
    .json()
    .data.map((ad: { uuid: string }) => ad.uuid) as string[];
/** The hourly sweep and every job it queues, at `now`. */
async function runSweep(now: Date) {
  await app.services.lifecycle.sweep(now);
  await app.services.jobs.runDue(now);
}

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://kauppis.test' }, { now: () => clock });
  moderator = (await loginAs(app, await createUser(app, { roles: ['moderator'] }))).headers;
  admin = (await loginAs(app, await createUser(app, { roles: ['admin'] }))).headers;
  seller = await createUser(app, { name: 'Vilma Myyjä' });
  sellerHeaders = (await loginAs(app, seller)).headers;
  stranger = (await loginAs(app, await createUser(app))).headers;
});
afterAll(() => app.close());

describe('validity from approval', () => {
  it('gives an approved ad the setting’s 60 days and a job ad 30, shown in my ads', async () => {
    const bike = await createAd(app, { userId: seller.id, name: 'Pyörä tarkastukseen', status: 'moderate' });
    const job = await createAd(app, { userId: seller.id, name: 'Kesätyö kahvilassa', status: 'moderate', catalog: 'summer-jobs' });
    for (const ad of [bike, job]) {
      expect((await app.inject({ method: 'POST', url: `/api/admin/products/${ad.uuid}/approve`, headers: moderator })).statusCode).toBe(
        200,
      );
    }
    const [savedBike, savedJob] = [await rowOf(bike.id), await rowOf(job.id)];
    expect(savedBike.expiresAt!.getTime() - savedBike.approvedAt!.getTime()).toBe(days(60));
    expect(savedJob.expiresAt!.getTime() - savedJob.approvedAt!.getTime()).toBe(days(30));
    const mine = await app.inject({ url: '/api/user-products', headers: sellerHeaders });
    const listed = mine.json().data.find((ad: { uuid: string }) => ad.uuid === bike.uuid);
    expect(listed.expires_at).toBe(savedBike.expiresAt!.toISOString());
    expect(listed.archived_at).toBeNull();
  });

  it('takes the period from the app settings, and a re-approval after an edit starts it again', async () => {
    const saved = await app.inject({ method: 'PATCH', url: '/api/admin/app-settings', headers: admin, payload: { ad_validity_days: 45 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ ad_validity_days: 45, job_ad_validity_days: 30 });
    const wrong = await app.inject({
      method: 'PATCH',
      url: '/api/admin/app-settings',
      headers: admin,
      payload: { job_ad_validity_days: 0 },
    });
    expect(wrong.statusCode).toBe(422);
    const ad = await createAd(app, { userId: seller.id, name: 'Sohva uudelleen tarkastukseen', status: 'moderate' });
    await app.inject({ method: 'POST', url: `/api/admin/products/${ad.uuid}/approve`, headers: moderator });
    const first = await rowOf(ad.id);
    expect(first.expiresAt!.getTime() - first.approvedAt!.getTime()).toBe(days(45));
    // The owner's edit sent it back to review; the moderator's new approval starts a new period.
    await db()
      .update(products)
      .set({ status: 'moderate', approvedAt: null, expiresAt: new Date(Date.now() + days(2)) })
      .where(eq(products.id, ad.id));
    await app.inject({ method: 'POST', url: `/api/admin/products/${ad.uuid}/approve`, headers: moderator });
    const again = await rowOf(ad.id);
    expect(again.expiresAt!.getTime() - again.approvedAt!.getTime()).toBe(days(45));
    await app.inject({ method: 'PATCH', url: '/api/admin/app-settings', headers: admin, payload: { ad_validity_days: 60 } });
  });
});

describe('the reminder three days before the end', () => {
  it('mails the owner and tells the notification centre once, with the way to renew', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Muistutettava kitara' });
    await endAt(ad.id, new Date(clock.getTime() + days(2)));
    const before = readMails(app).length;
    await runSweep(clock);
    const mails = readMails(app)
      .slice(before)
      .filter((mail) => mail.to.includes(seller.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain('Muistutettava kitara');
    expect(mails[0]!.raw).toContain(`https://kauppis.test/${ad.uuid}#renew`);
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.kind, 'ad_ending')));
    expect(notices.filter((n) => (n.data as { ad: { uuid: string } }).ad.uuid === ad.uuid)).toHaveLength(1);
    // An hour later, and in another process's sweep: nothing again.
    await runSweep(new Date(clock.getTime() + days(1) / 24));
    await runSweep(new Date(clock.getTime() + days(1) / 24));
    expect(
      readMails(app)
        .slice(before)
        .filter((mail) => mail.to.includes(seller.email)),
    ).toHaveLength(1);
    expect((await rowOf(ad.id)).expiryRemindedAt).not.toBeNull();
  });

  it('does not remind of an ad that ends later than three days from now', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Myöhemmin päättyvä' });
    await endAt(ad.id, new Date(clock.getTime() + days(5)));
    await runSweep(clock);
    expect((await rowOf(ad.id)).expiryRemindedAt).toBeNull();
  });

  it('queues the next sweep itself, once per hour across processes', async () => {
    await app.services.lifecycle.scheduleSweep(clock);
    await app.services.lifecycle.scheduleSweep(clock);
    const queued = await db().select().from(jobs).where(eq(jobs.kind, LIFECYCLE_JOBS.sweep));
    expect(queued.filter((job) => job.key === '2026-12-01T11:00:00.000Z')).toHaveLength(1);
  });
});

describe('POST /api/product/{uuid}/renew', () => {
  it('extends an ending ad by the full period from now, with no new review and no new alert', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Uusittava polkupyörä' });
    await endAt(ad.id, new Date(clock.getTime() + days(2)));
    await db().update(products).set({ expiryRemindedAt: clock }).where(eq(products.id, ad.id));
    const before = await rowOf(ad.id);
    const reply = await renew(ad.uuid, sellerHeaders);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual({ uuid: ad.uuid, status: 'active', expires_at: new Date(clock.getTime() + days(60)).toISOString() });
    const after = await rowOf(ad.id);
    expect(after).toMatchObject({ status: 'active', expiryRemindedAt: null, updatedAt: before.updatedAt });
    // No new version: the saved searches are not matched again, so nobody hears of it as a new ad.
    const matching = await db().select().from(jobs).where(eq(jobs.kind, 'match-ad'));
    expect(matching.filter((job) => (job.payload as { productId?: number }).productId === ad.id)).toHaveLength(0);
    // The queue's next sweep does not remind of the new end either: it is 60 days away.
    await runSweep(clock);
    expect((await rowOf(ad.id)).expiryRemindedAt).toBeNull();
  });

  it('renews an ad that ended up to 90 days ago: it is back in search', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Palaava nojatuoli' });
    await endAt(ad.id, new Date(Date.now() - days(10)));
    expect(await search('Palaava nojatuoli')).not.toContain(ad.uuid);
    const real = new Date();
    clock = real;
    expect((await renew(ad.uuid, sellerHeaders)).statusCode).toBe(200);
    expect(await search('Palaava nojatuoli')).toContain(ad.uuid);
    clock = new Date('2026-12-01T10:00:00.000Z');
  });

  it('refuses someone else’s ad, one ended long ago, one not yet in its last week and an unknown one, changing nothing', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Tiukka sääntö' });
    const end = new Date(clock.getTime() + days(20));
    await endAt(ad.id, end);
    expect((await renew(ad.uuid, stranger)).statusCode).toBe(403);
    expect((await renew(ad.uuid, moderator)).statusCode).toBe(403);
    const early = await renew(ad.uuid, sellerHeaders);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('last 7 days');
    expect((await renew(ad.uuid, sellerHeaders, 'fi')).json().message).toContain('viimeisen 7 päivän');
    expect((await rowOf(ad.id)).expiresAt).toEqual(end);

    const old = new Date(clock.getTime() - days(91));
    await endAt(ad.id, old);
    const gone = await renew(ad.uuid, sellerHeaders);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toMatch(/ended/);
    expect((await rowOf(ad.id)).expiresAt).toEqual(old);

    expect((await renew('00000000-0000-4000-8000-000000000000', sellerHeaders)).statusCode).toBe(404);
    expect((await renew('not-a-uuid', sellerHeaders)).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/product/${ad.uuid}/renew` })).statusCode).toBe(401);
  });
});

describe('an ended ad', () => {
  it('leaves search, the seller’s count and the sitemap; a reserved one stays findable', async () => {
    const ended = await createAd(app, { userId: seller.id, name: 'Päättynyt laituri' });
    const reserved = await createAd(app, { userId: seller.id, name: 'Varattu laituri', status: 'reserved' });
    await endAt(ended.id, new Date(Date.now() - 60_000));
    await endAt(reserved.id, new Date(Date.now() - 60_000));
    app.services.products.invalidateListing();
    const found = await search('laituri');
    expect(found).toContain(reserved.uuid);
    expect(found).not.toContain(ended.uuid);
    const sitemap = await app.inject({ url: '/sitemaps/ads-1.xml' });
    expect(sitemap.body).not.toContain(ended.uuid);
  });

  it('is not alerted to saved searches', async () => {
    const buyer = await loginAs(app, await createUser(app));
    const saved = await app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: buyer.headers,
      payload: { query: { name: 'harmonikka' }, alerts: 'instant', channels: ['email'] },
    });
    expect(saved.statusCode).toBe(201);
    const ended = await createAd(app, { userId: seller.id, name: 'Harmonikka päättynyt' });
    await endAt(ended.id, new Date(Date.now() - 60_000));
    expect((await app.services.alerts.matchAd(ended.id, new Date())).inserted).toBe(0);
    const shown = await createAd(app, { userId: seller.id, name: 'Harmonikka voimassa' });
    await endAt(shown.id, new Date(Date.now() + days(30)));
    expect((await app.services.alerts.matchAd(shown.id, new Date())).inserted).toBe(1);
  });

  it('answers visitors 410 and shows its owner the whole ad', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Loppunut lamppu' });
    await endAt(ad.id, new Date(Date.now() - 60_000));
    const visitor = await app.inject({ url: `/api/product/${ad.uuid}`, headers: { 'accept-language': 'en' } });
    expect(visitor.statusCode).toBe(410);
    expect(visitor.json().message).toMatch(/ended/);
    expect((await app.inject({ url: `/api/product/${ad.uuid}`, headers: stranger })).statusCode).toBe(410);
    const owner = await app.inject({ url: `/api/product/${ad.uuid}`, headers: sellerHeaders });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data).toMatchObject({ uuid: ad.uuid, is_owner: true, name: 'Loppunut lamppu' });
  });
});

describe('archiving 90 days after the end or the sale', () => {
  it('deletes the pictures from storage and keeps the record for its owner', async () => {
    const storage = app.services.platform.storage;
    const ended = await createAd(app, { userId: seller.id, name: 'Arkistoitava vene', imageCount: 1 });
    const sold = await createAd(app, { userId: seller.id, name: 'Myyty mönkijä', status: 'sold', imageCount: 1 });
    const recent = await createAd(app, { userId: seller.id, name: 'Tuore myynti', status: 'sold', imageCount: 1 });
    const prefixes: Record<number, string> = {};
    for (const ad of [ended, sold, recent]) {
      const prefix = `ads/${ad.uuid}/${crypto.randomUUID()}`;
      prefixes[ad.id] = prefix;
      for (const key of adPictureKeys([prefix])) await storage.put(key, Buffer.from('webp'), 'image/webp');
      await db().insert(productImages).values({ productId: ad.id, position: 0, width: 10, height: 10, storagePrefix: prefix });
    }
    await endAt(ended.id, new Date(clock.getTime() - days(91)));
    await db()
      .update(products)
      .set({ updatedAt: new Date(clock.getTime() - days(95)) })
      .where(eq(products.id, sold.id));
    await db()
      .update(products)
      .set({ updatedAt: new Date(clock.getTime() - days(10)) })
      .where(eq(products.id, recent.id));
    await runSweep(clock);

    for (const ad of [ended, sold]) {
      const row = await rowOf(ad.id);
      expect(row).toMatchObject({ name: ad.name, archivedAt: clock, imageCount: 0 });
      for (const key of adPictureKeys([prefixes[ad.id]!])) expect(await storage.read(key)).toBeUndefined();
      expect(await db().select().from(productImages).where(eq(productImages.productId, ad.id))).toHaveLength(0);
    }
    expect((await rowOf(recent.id)).archivedAt).toBeNull();
    expect(await storage.read(adPictureKeys([prefixes[recent.id]!])[0]!)).toBeDefined();

    const mine = (await app.inject({ url: '/api/user-products', headers: sellerHeaders })).json().data as {
      uuid: string;
      archived_at: string | null;
    }[];
    expect(mine.find((ad) => ad.uuid === sold.uuid)?.archived_at).toBe(clock.toISOString());
    expect((await app.inject({ url: `/api/product/${sold.uuid}` })).statusCode).toBe(410);
    expect((await app.inject({ url: `/api/product/${sold.uuid}`, headers: sellerHeaders })).statusCode).toBe(200);
    expect((await renew(ended.uuid, sellerHeaders)).statusCode).toBe(410);
  });
});
