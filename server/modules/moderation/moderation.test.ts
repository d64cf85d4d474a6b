import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/auth.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { createUser, linkIn, loginAs, readMails } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
let moderator: Record<string, string>;
let sellerHeaders: Record<string, string>;
let sellerId: number;
let sellerEmail: string;

beforeAll(async () => {
  app = await buildTestApp();
  moderator = (await loginAs(app, await createUser(app, { roles: ['moderator'] }))).headers;
  const seller = await createUser(app, { name: 'Maija Myyjä' });
  sellerId = seller.id;
  sellerEmail = seller.email;
  sellerHeaders = (await loginAs(app, seller)).headers;
});
afterAll(() => app.close());

const mailsTo = (email: string) => readMails(app).filter((m) => m.to.includes(email));

describe('POST /api/admin/products (the queue)', () => {
  it('lists ads waiting for review, oldest first, with pictures and seller, paged', async () => {
    const older = await createAd(app, { userId: sellerId, name: 'Vanhempi odottaja', status: 'moderate' });
    await app.services.database.db
      .update(products)
      .set({ updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(products.id, older.id));
    const newer = await createAd(app, { userId: sellerId, name: 'Uudempi odottaja', status: 'moderate' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: moderator,
      payload: { status: 'moderate', page: 1 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const order = body.data.map((a: { uuid: string }) => a.uuid);
    expect(order.indexOf(older.uuid)).toBeLessThan(order.indexOf(newer.uuid));
    expect(body).toMatchObject({ current_page: 1, last_page: 1 });
    expect(body.data[0]).toMatchObject({ status: 'moderate', seller: { id: sellerId, name: 'Maija Myyjä' }, images: [] });
    expect(body.data[0].catalog.path.length).toBeGreaterThan(0);
  });

  it('is for staff only: a user gets 403, a visitor 401', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/admin/products', headers: sellerHeaders, payload: {} })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/admin/products', payload: {} })).statusCode).toBe(401);
    const editor = (await loginAs(app, await createUser(app, { roles: ['editor'] }))).headers;
    expect((await app.inject({ method: 'POST', url: '/api/admin/products', headers: editor, payload: {} })).statusCode).toBe(403);
  });

  it('refuses an unknown status', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/products', headers: moderator, payload: { status: 'deleted' } });
    expect(res.statusCode).toBe(422);
  });
});

describe('approve and reject', () => {
  it('approves: the ad becomes active, shows in the search, and the seller gets a mail with its link', async () => {
    const ad = await createAd(app, { userId: sellerId, name: 'Sähköpotkulauta Xiaomi', status: 'moderate' });
    const res = await app.inject({ method: 'POST', url: `/api/admin/products/${ad.uuid}/approve`, headers: moderator });
    expect(res.statusCode).toBe(200);
    const [row] = await app.services.database.db.select().from(products).where(eq(products.id, ad.id));
    expect(row!.status).toBe('active');
    expect(row!.approvedAt).not.toBeNull();

    const listing = await app.inject({ method: 'POST', url: '/api/products', payload: { name: 'potkulauta' } });
    expect(listing.json().data.map((a: { uuid: string }) => a.uuid)).toContain(ad.uuid);

    const mail = mailsTo(sellerEmail).find((m) => m.subject.includes('Sähköpotkulauta Xiaomi'));
    expect(mail?.subject).toContain('julkaistu');
    expect(linkIn(mail!, `/${ad.uuid}`).pathname).toBe(`/${ad.uuid}`);

    const audit = await app.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(ad.id)));
    expect(audit.map((a) => a.action)).toContain('ad_status_active');
  });

  it('rejects with a reason the seller sees in my showcase and receives by mail, in their own language', async () => {
    await app.services.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, sellerId));
    const ad = await createAd(app, { userId: sellerId, name: 'Epäselvä ilmoitus', status: 'moderate' });
    const reason = 'Kuvassa ei näy myytävä tuote.\nLisää oikea kuva.';
    const res = await app.inject({ method: 'POST', url: `/api/admin/products/${ad.uuid}/reject`, headers: moderator, payload: { reason } });
    expect(res.statusCode).toBe(200);

    const mine = await app.inject({ url: '/api/user-products?status=canceled', headers: sellerHeaders });
    expect(mine.json().data.find((a: { uuid: string }) => a.uuid === ad.uuid)).toMatchObject({
      status: 'canceled',
      rejection_reason: reason,
    });

    const mail = mailsTo(sellerEmail).find((m) => m.subject.includes('Epäselvä ilmoitus'));
    expect(mail?.subject).toContain('was not approved');
    expect(mail?.text).toContain('Kuvassa ei näy myytävä tuote.');
    expect(linkIn(mail!, '/my-showcase/edit/').pathname).toBe(`/my-showcase/edit/${ad.uuid}`);
    await app.services.database.db.update(users).set({ locale: 'fi' }).where(eq(users.id, sellerId));
  });

  it('wants a reason to reject, and changes nothing without one', async () => {
    const ad = await createAd(app, { userId: sellerId, name: 'Ilman syytä', status: 'moderate' });
    for (const reason of ['', '  ', 'ei']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/products/${ad.uuid}/reject`,
        headers: moderator,
        payload: { reason },
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['reason']);
    }
    const [row] = await app.services.database.db.select().from(products).where(eq(products.id, ad.id));
    expect(row!.status).toBe('moderate');
  });

  it('lets only staff approve or reject', async () => {
    const ad = await createAd(app, { userId: sellerId, name: 'Oma hyväksyntä', status: 'moderate' });
    expect((await app.inject({ method: 'POST', url: `/api/admin/products/${ad.uuid}/approve`, headers: sellerHeaders })).statusCode).toBe(
      403,
    );
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/admin/products/${ad.uuid}/reject`,
          headers: sellerHeaders,
          payload: { reason: 'Ei käy.' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/admin/products/not-a-uuid/approve', headers: moderator })).statusCode).toBe(404);
  });

  it('lets staff set any status through change-status, recording an approval when it makes an ad active', async () => {
    const ad = await createAd(app, { userId: sellerId, name: 'Henkilökunnan muutos', status: 'moderate' });
    for (const status of ['reserved', 'new', 'active', 'disabled'] as const) {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/product/change-status',
        headers: moderator,
        payload: { id: ad.uuid, status },
      });
      expect(res.statusCode, status).toBe(200);
    }
    const [row] = await app.services.database.db.select().from(products).where(eq(products.id, ad.id));
    expect(row).toMatchObject({ status: 'disabled' });
    expect(row!.approvedAt).not.toBeNull();
    // Approved once, the owner may now switch it back on.
    const owner = await app.inject({
      method: 'PATCH',
      url: '/api/product/change-status',
      headers: sellerHeaders,
      payload: { id: ad.id, status: 'active' },
    });
    expect(owner.statusCode).toBe(200);
  });
});

describe('with the listing cache on', () => {
  it('shows an approved ad in the search at once, even though the same search was just cached', async () => {
    const cached = await buildTestApp({ listingCacheSeconds: 60 });
    try {
      const staff = (await loginAs(cached, await createUser(cached, { roles: ['moderator'] }))).headers;
      const owner = await createUser(cached);
      const ad = await createAd(cached, { userId: owner.id, name: 'Kanootti Linder', status: 'moderate' });
      const search = async () =>
        (await cached.inject({ method: 'POST', url: '/api/products', payload: { name: 'kanootti' } }))
          .json()
          .data.map((a: { uuid: string }) => a.uuid);
      expect(await search()).toEqual([]);
      // A second ad appearing behind the cache's back stays hidden until something clears it.
      await createAd(cached, { userId: owner.id, name: 'Kanootti toinen' });
      expect(await search()).toEqual([]);
      expect((await cached.inject({ method: 'POST', url: `/api/admin/products/${ad.uuid}/approve`, headers: staff })).statusCode).toBe(200);
      expect(await search()).toContain(ad.uuid);
    } finally {
      await cached.close();
    }
  });
});
