import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBlocks } from '../../db/schema/chat.ts';
import { products } from '../../db/schema/products.ts';
import { deals } from '../../db/schema/trust.ts';
import { users } from '../../db/schema/users.ts';
import { buildTestApp } from '../../test/app.ts';
import { ratingsFixtures } from './ratings-fixtures.ts';

let app: FastifyInstance;
const { person, ad, write, makeDeal, dealsOf, notificationsOf } = ratingsFixtures(() => app);
const db = () => app.services.database.db;
const dealRows = (productId: number) => db().select().from(deals).where(eq(deals.productId, productId));
const statusOf = async (productId: number) => (await db().select().from(products).where(eq(products.id, productId)))[0]!.status;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('marking an ad sold to a buyer', () => {
  it('sells the ad to someone who wrote about it: the ad is sold, the deal remembers the room, the buyer is invited to rate', async () => {
    const seller = await person('Maija Myyjä');
    const buyer = await person('Olli Ostaja');
    const other = await person('Kalle Kyselijä');
    const bike = await ad(seller, { name: 'Helkama Jopo' });
    const { data: room } = await write(buyer, bike.uuid);
    await write(other, bike.uuid, 'Paljonko viimeinen hinta?');

    const candidates = await app.inject({ url: `/api/product/${bike.uuid}/deal-candidates`, headers: seller.headers });
    expect(candidates.statusCode).toBe(200);
    expect(
      candidates
        .json()
        .data.map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([buyer.id, other.id].sort());
    expect(candidates.json()).toMatchObject({ deal: null, may_mark_sold: true });

    const made = await makeDeal(seller, bike.uuid, buyer.id);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ data: { id: expect.any(Number) }, message: 'The ad was marked sold. Remember to rate the deal.' });
    const [deal] = await dealRows(bike.id);
    expect(deal).toMatchObject({
      id: made.json().data.id,
      sellerId: seller.id,
      buyerId: buyer.id,
      roomId: room.room_id,
      kind: 'sold',
      subject: 'Helkama Jopo',
    });
    expect(await statusOf(bike.id)).toBe('sold');

    const [invite] = await notificationsOf(buyer.id, 'deal_made');
    expect(invite!.data).toEqual({
      deal_id: deal!.id,
      kind: 'sold',
      role: 'buyer',
      ad: { uuid: bike.uuid, name: 'Helkama Jopo' },
      other_name: 'Maija Myyjä',
    });
    const listed = await app.inject({ url: '/api/notifications', headers: buyer.headers });
    expect(listed.json().data[0]).toMatchObject({ kind: 'deal_made', url: '/deals' });

    const after = await app.inject({ url: `/api/product/${bike.uuid}/deal-candidates`, headers: seller.headers });
    expect(after.json()).toMatchObject({ deal: { id: deal!.id, buyer: { id: buyer.id, name: 'Olli Ostaja' } }, may_mark_sold: false });

    // Both sides find it among their deals, each with their own role, free to rate.
    const mine = (await dealsOf(seller)).json().data;
    expect(mine).toEqual([
      expect.objectContaining({ id: deal!.id, role: 'seller', other: expect.objectContaining({ id: buyer.id }), may_rate: true }),
    ]);
    const theirs = (await dealsOf(buyer, `?room_id=${room.room_id}`)).json().data;
    expect(theirs).toEqual([expect.objectContaining({ id: deal!.id, role: 'buyer', ad: { uuid: bike.uuid, name: 'Helkama Jopo' } })]);
    expect((await dealsOf(other)).json().data).toEqual([]);
  });

  it('gives away an ad for giving: a deal of kind given, the ad sold', async () => {
    const seller = await person();
    const taker = await person();
    const sofa = await ad(seller, { name: 'Annetaan sohva', kind: 'give' });
    await write(taker, sofa.uuid, 'Haen huomenna!');
    const made = await makeDeal(seller, sofa.uuid, taker.id);
    expect(made.statusCode).toBe(201);
    expect(made.json().message).toBe('The ad was marked given away. Remember to rate the deal.');
    expect((await dealRows(sofa.id))[0]!.kind).toBe('given');
    expect(await statusOf(sofa.id)).toBe('sold');
  });

  it('lets only the ad’s seller do it: a visitor 401, someone else 403, an unknown ad 404', async () => {
    const seller = await person();
    const buyer = await person();
    const bike = await ad(seller);
    await write(buyer, bike.uuid);
    expect((await makeDeal(null, bike.uuid, buyer.id)).statusCode).toBe(401);
    const stranger = await makeDeal(buyer, bike.uuid, buyer.id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().errors.buyer_id).toEqual(['Only the seller of the ad can mark it sold to a buyer.']);
    expect((await app.inject({ url: `/api/product/${bike.uuid}/deal-candidates`, headers: buyer.headers })).statusCode).toBe(403);
    expect((await makeDeal(seller, '00000000-0000-4000-8000-000000000000', buyer.id)).statusCode).toBe(404);
    expect(await dealRows(bike.id)).toEqual([]);
    expect(await statusOf(bike.id)).toBe('active');
  });

  it('refuses someone who never wrote about this ad, the seller’s own id and bad ids, with 422 and nothing stored', async () => {
    const seller = await person();
    const buyer = await person();
    const bike = await ad(seller);
    const otherAd = await ad(seller, { name: 'Toinen pyörä' });
    // They wrote about another ad of the same seller, not this one.
    await write(buyer, otherAd.uuid);
    const never = await makeDeal(seller, bike.uuid, buyer.id);
    expect(never.statusCode).toBe(422);
    expect(never.json().errors.buyer_id).toEqual(['You can only choose someone who has sent you a message about this ad.']);
    const self = await makeDeal(seller, bike.uuid, seller.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.buyer_id).toEqual(['You cannot mark the ad sold to yourself.']);
    for (const bad of [0, -1, 'abc', 2_147_483_648, null]) expect((await makeDeal(seller, bike.uuid, bad)).statusCode).toBe(422);
    expect(
      (await app.inject({ method: 'POST', url: `/api/product/${bike.uuid}/deal`, headers: seller.headers, payload: {} })).statusCode,
    ).toBe(422);
    expect(await dealRows(bike.id)).toEqual([]);
    expect(await statusOf(bike.id)).toBe('active');
  });

  it('refuses a buyer whose account staff blocked, and a buyer either side blocks', async () => {
    const seller = await person();
    const blocked = await person();
    const bike = await ad(seller);
    await write(blocked, bike.uuid);
    await db().update(users).set({ blockedAt: new Date(), blockedReason: 'huijari' }).where(eq(users.id, blocked.id));
    const refused = await makeDeal(seller, bike.uuid, blocked.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.buyer_id).toEqual(['This account is blocked, so it cannot be chosen as the buyer.']);

    const rude = await person();
    await write(rude, bike.uuid);
    await db().insert(userBlocks).values({ blockerId: seller.id, blockedId: rude.id });
    const between = await makeDeal(seller, bike.uuid, rude.id);
    expect(between.statusCode).toBe(422);
    expect(between.json().errors.buyer_id).toEqual(['One of you has blocked the other, so the deal cannot be recorded.']);
    expect(await dealRows(bike.id)).toEqual([]);
  });

  it('makes one deal per ad: a second one is a translated 409, also when two are made at once', async () => {
    const seller = await person();
    const first = await person();
    const second = await person();
    const bike = await ad(seller);
    await write(first, bike.uuid);
    await write(second, bike.uuid);
    expect((await makeDeal(seller, bike.uuid, first.id)).statusCode).toBe(201);
    const again = await makeDeal(seller, bike.uuid, second.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'duplicate', errors: { buyer_id: ['This ad has already been marked sold to a buyer.'] } });
    const fi = await app.inject({
      method: 'POST',
      url: `/api/product/${bike.uuid}/deal`,
      headers: { ...seller.headers, 'accept-language': 'fi' },
      payload: { buyer_id: second.id },
    });
    expect(fi.json()).toMatchObject({
      message: 'Tämä on jo tehty.',
      errors: { buyer_id: ['Tämä ilmoitus on jo merkitty myydyksi ostajalle.'] },
    });

    const racing = await ad(seller, { name: 'Kilpailtu pyörä' });
    await write(first, racing.uuid);
    await write(second, racing.uuid);
    const replies = await Promise.all([makeDeal(seller, racing.uuid, first.id), makeDeal(seller, racing.uuid, second.id)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await dealRows(racing.id)).toHaveLength(1);
  });

  it('needs a status the owner may mark sold from: not waiting for review nor rejected; reserved, disabled and sold are fine', async () => {
    const seller = await person();
    const buyer = await person();
    for (const status of ['moderate', 'canceled', 'new'] as const) {
      const product = await ad(seller, { name: `Ilmoitus ${status}` });
      await write(buyer, product.uuid);
      await db().update(products).set({ status }).where(eq(products.id, product.id));
      const refused = await makeDeal(seller, product.uuid, buyer.id);
      expect(refused.statusCode, status).toBe(422);
      expect(refused.json().errors.buyer_id).toEqual(['The ad cannot be marked sold in its current status.']);
      expect(await statusOf(product.id)).toBe(status);
    }
    for (const status of ['reserved', 'disabled', 'sold'] as const) {
      const product = await ad(seller, { name: `Ilmoitus ${status}` });
      await write(buyer, product.uuid);
      await db().update(products).set({ status }).where(eq(products.id, product.id));
      expect((await makeDeal(seller, product.uuid, buyer.id)).statusCode, status).toBe(201);
      expect(await statusOf(product.id)).toBe('sold');
    }
  });
});
