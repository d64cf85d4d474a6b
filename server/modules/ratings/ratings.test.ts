import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATINGS_PAGE_SIZE } from '../../../common/ratings.ts';
import { deals, ratings } from '../../db/schema/trust.ts';
import { buildTestApp } from '../../test/app.ts';
import { DAY_MS, type Person, ratingsFixtures } from './ratings-fixtures.ts';

let app: FastifyInstance;
/** The services' clock: each test starts at the real time and moves it forward. */
let clock = new Date();
const { person, ad, write, makeDeal, rate, ratingsOf, dealsOf, userInfo, dealBetween, notificationsOf } = ratingsFixtures(() => app);
const db = () => app.services.database.db;
const ratingRows = (dealId: number) => db().select().from(ratings).where(eq(ratings.dealId, dealId));
const later = (days: number) => new Date(Date.now() + days * DAY_MS);

beforeAll(async () => {
  app = await buildTestApp({}, { now: () => clock });
});
beforeEach(() => {
  clock = new Date();
});
afterAll(() => app.close());

const reply = (who: Person | null, ratingId: number, text: unknown) =>
  app.inject({ method: 'POST', url: `/api/ratings/${ratingId}/reply`, headers: who?.headers ?? {}, payload: { text } });

describe('rating a deal', () => {
  it('lets each side rate once; both rated, both ratings are public at once and each rated person is told', async () => {
    const { seller, buyer, dealId } = await dealBetween();
    const byBuyer = await rate(buyer, dealId, { stars: 5, text: '  Nopea   ja reilu kauppa.\r\n\r\n\r\nSuosittelen! ' });
    expect(byBuyer.statusCode).toBe(201);
    expect(byBuyer.json()).toEqual({ data: { id: expect.any(Number) }, message: expect.stringContaining('Thank you for your rating') });
    // One side only: nobody sees it yet, not even the seller it is about.
    expect((await ratingsOf(seller.id)).json().data).toEqual([]);
    expect((await userInfo(seller.id)).rating).toEqual({ average: null, count: 0 });
    expect((await dealsOf(seller)).json().data[0]).toMatchObject({ their_rating: null, their_rating_waiting: true, may_rate: true });
    expect(await notificationsOf(seller.id, 'rating_received')).toEqual([]);

    const bySeller = await rate(seller, dealId, { stars: 4, text: 'Maksoi heti.' });
    expect(bySeller.statusCode).toBe(201);
    const [first, second] = await ratingRows(dealId);
    expect(first).toMatchObject({
      raterId: buyer.id,
      ratedId: seller.id,
      raterRole: 'buyer',
      stars: 5,
      text: 'Nopea ja reilu kauppa.\n\nSuosittelen!',
    });
    expect(second).toMatchObject({ raterId: seller.id, ratedId: buyer.id, raterRole: 'seller', stars: 4 });

    const list = (await ratingsOf(seller.id)).json();
    expect(list.summary).toEqual({ average: 5, count: 1 });
    expect(list.data).toEqual([
      {
        id: first!.id,
        stars: 5,
        text: 'Nopea ja reilu kauppa.\n\nSuosittelen!',
        rater: { name: 'Olli', avatar: null },
        subject: 'Helkama Jopo',
        role: 'seller',
        created_at: expect.any(String),
        reply: null,
        may_reply: false,
        may_report: false,
      },
    ]);
    expect((await ratingsOf(buyer.id)).json().data).toEqual([
      expect.objectContaining({ stars: 4, role: 'buyer', rater: { name: 'Maija', avatar: null } }),
    ]);
    expect((await userInfo(seller.id)).rating).toEqual({ average: 5, count: 1 });

    const [toSeller] = await notificationsOf(seller.id, 'rating_received');
    expect(toSeller!.data).toEqual({ rating_id: first!.id, deal_id: dealId, stars: 5, subject: 'Helkama Jopo', role: 'seller' });
    const [toBuyer] = await notificationsOf(buyer.id, 'rating_received');
    expect(toBuyer!.data).toMatchObject({ rating_id: second!.id, stars: 4, role: 'buyer' });

    const sellerDeal = (await dealsOf(seller)).json().data[0];
    expect(sellerDeal).toMatchObject({
      may_rate: false,
      my_rating: { stars: 4, text: 'Maksoi heti.', hidden: false },
      their_rating: { stars: 5, may_reply: true },
      their_rating_waiting: false,
    });
  });

  it('refuses stars outside 1–5, a fraction, a text over 1,000 characters and control characters, storing nothing', async () => {
    const { buyer, dealId } = await dealBetween();
    for (const payload of [{ stars: 0 }, { stars: 6 }, { stars: 2.5 }, { stars: '5' }, {}, { stars: 5, text: 'x'.repeat(1001) }]) {
      const refused = await rate(buyer, dealId, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const stars = await rate(buyer, dealId, { stars: 6, text: 'Hyvä' });
    expect(stars.json().errors.stars).toEqual(['Must be at most 5.']);
    const long = await rate(buyer, dealId, { stars: 5, text: `${'a'.repeat(1000)}b` });
    expect(long.json().errors.text).toEqual(['Must be at most 1000 characters.']);
    expect((await rate(buyer, dealId, { stars: 5, text: 'ohjaus\u0007merkki' })).statusCode).toBe(422);
    expect((await rate(buyer, dealId, { stars: 5, text: 'nolla\u0000' })).statusCode).toBe(422);
    expect(await ratingRows(dealId)).toEqual([]);
    // Exactly 1,000 characters, and no text at all, are fine.
    expect((await rate(buyer, dealId, { stars: 1, text: 'a'.repeat(1000) })).statusCode).toBe(201);
  });

  it('lets nobody outside the deal rate it: a visitor 401, a stranger 403, an unknown deal 404', async () => {
    const { dealId } = await dealBetween();
    const stranger = await person();
    expect((await rate(null, dealId, { stars: 5 })).statusCode).toBe(401);
    const refused = await rate(stranger, dealId, { stars: 1, text: 'En ollut mukana' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors.deal).toEqual(['You can only rate deals you took part in.']);
    expect((await rate(stranger, 2_000_000_000, { stars: 1 })).statusCode).toBe(404);
    expect(await ratingRows(dealId)).toEqual([]);
  });

  it('lets each side rate only once: a second try is a translated 409, also when sent twice at once', async () => {
    const { seller, buyer, dealId } = await dealBetween();
    expect((await rate(buyer, dealId, { stars: 5 })).statusCode).toBe(201);
    const again = await rate(buyer, dealId, { stars: 1, text: 'Muutin mieleni' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.deal).toEqual(['You have already rated this deal. A deal can be rated only once.']);
    const both = await Promise.all([rate(seller, dealId, { stars: 4 }), rate(seller, dealId, { stars: 3 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await ratingRows(dealId)).toHaveLength(2);
  });

  it('closes rating 30 days after the deal', async () => {
    const { seller, buyer, dealId } = await dealBetween();
    clock = later(29.9);
    expect((await rate(buyer, dealId, { stars: 5 })).statusCode).toBe(201);
    clock = later(30.01);
    const late = await rate(seller, dealId, { stars: 5 });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.deal).toEqual(['The time to rate has passed: a deal can be rated within 30 days.']);
    expect((await dealsOf(seller)).json().data[0]).toMatchObject({ may_rate: false, my_rating: null });
    expect(await ratingRows(dealId)).toHaveLength(1);
  });
});

describe('when a rating becomes public', () => {
  it('makes a one-sided rating public 14 days after it was given, and tells the rated person then', async () => {
    const { seller, buyer, dealId } = await dealBetween();
    expect((await rate(buyer, dealId, { stars: 3, text: 'Ihan ok.' })).statusCode).toBe(201);
    clock = later(13.9);
    expect((await ratingsOf(seller.id)).json().summary).toEqual({ average: null, count: 0 });
    await app.services.jobs.runDue(clock);
    expect(await notificationsOf(seller.id, 'rating_received')).toEqual([]);

    clock = later(14.01);
    expect((await ratingsOf(seller.id)).json()).toMatchObject({
      summary: { average: 3, count: 1 },
      data: [{ stars: 3, text: 'Ihan ok.' }],
    });
    expect((await userInfo(seller.id)).rating).toEqual({ average: 3, count: 1 });
    expect((await dealsOf(seller)).json().data[0]).toMatchObject({ their_rating: { stars: 3 }, their_rating_waiting: false });
    await app.services.jobs.runDue(clock);
    const told = await notificationsOf(seller.id, 'rating_received');
    expect(told.map((n) => n.data)).toEqual([expect.objectContaining({ deal_id: dealId, stars: 3, role: 'seller' })]);
    const listed = await app.inject({ url: '/api/notifications', headers: seller.headers });
    expect(listed.json().data[0]).toMatchObject({ kind: 'rating_received', url: '/deals' });
  });

  it('tells each rated person once: the age job stays quiet when both had rated before', async () => {
    const { seller, buyer, dealId } = await dealBetween();
    await rate(buyer, dealId, { stars: 5 });
    clock = later(2);
    await rate(seller, dealId, { stars: 5 });
    await app.services.jobs.runDue(later(15));
    expect(await notificationsOf(seller.id, 'rating_received')).toHaveLength(1);
    expect(await notificationsOf(buyer.id, 'rating_received')).toHaveLength(1);
  });

  it('averages public ratings with one decimal, newest first, ten a page', async () => {
    const seller = await person('Paula Paljonmyyjä');
    const stars = [5, 4, 5, 5, 4, 5, 5, 3, 5, 5, 4, 5];
    for (const [index, given] of stars.entries()) {
      const buyer = await person(`Ostaja${index} Sukunimi`);
      const { dealId } = await dealBetween({ seller, buyer });
      clock = new Date(Date.now() + index * 60_000);
      await rate(buyer, dealId, { stars: given, text: `Arvio ${index}` });
      await rate(seller, dealId, { stars: 5 });
    }
    clock = new Date(Date.now() + stars.length * 60_000);
    const first = (await ratingsOf(seller.id)).json();
    // 55 / 12 = 4.583… → 4.6
    expect(first.summary).toEqual({ average: 4.6, count: 12 });
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: RATINGS_PAGE_SIZE, total: 12 });
    expect(first.data).toHaveLength(RATINGS_PAGE_SIZE);
    expect(first.data.map((r: { text: string }) => r.text).slice(0, 3)).toEqual(['Arvio 11', 'Arvio 10', 'Arvio 9']);
    expect(first.data[0].rater).toEqual({ name: 'Ostaja11', avatar: null });
    expect(first.links).toMatchObject({ prev: null, next: `/api/users/${seller.id}/ratings?page=2` });
    const second = (await ratingsOf(seller.id, null, 2)).json();
    expect(second.data.map((r: { text: string }) => r.text)).toEqual(['Arvio 1', 'Arvio 0']);
    expect((await userInfo(seller.id)).rating).toEqual({ average: 4.6, count: 12 });
  });

  it('answers 404 for the ratings of someone with neither a public rating nor a public ad', async () => {
    const buyerOnly = await person();
    expect((await ratingsOf(buyerOnly.id)).statusCode).toBe(404);
    expect((await ratingsOf(buyerOnly.id, buyerOnly)).statusCode).toBe(200);
    expect((await ratingsOf(2_000_000_000)).statusCode).toBe(404);
    const seller = await person();
    await ad(seller);
    expect((await ratingsOf(seller.id)).json()).toMatchObject({ data: [], summary: { average: null, count: 0 } });
  });
});

describe('answering a rating', () => {
  it('lets the rated person answer a public rating once; the answer shows under it', async () => {
    const { seller, buyer, dealId } = await dealBetween();
    const ratingId = (await rate(buyer, dealId, { stars: 2, text: 'Myöhästyi sovitusta.' })).json().data.id;
    const early = await reply(seller, ratingId, 'Pahoittelen!');
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.text).toEqual(['The rating is not public yet. You can answer it once others can see it.']);

    await rate(seller, dealId, { stars: 5 });
    expect((await ratingsOf(seller.id, seller)).json().data[0]).toMatchObject({ may_reply: true, may_report: true });
    expect((await reply(null, ratingId, 'Hei')).statusCode).toBe(401);
    const notMine = await reply(buyer, ratingId, 'Minäkin vastaan');
    expect(notMine.statusCode).toBe(403);
    expect((await reply(seller, ratingId, '   ')).statusCode).toBe(422);
    expect((await reply(seller, ratingId, 'x'.repeat(1001))).statusCode).toBe(422);

    const answered = await reply(seller, ratingId, ' Pahoittelen,   bussi oli myöhässä. ');
    expect(answered.statusCode).toBe(201);
    expect(answered.json().message).toBe('Your answer has been published.');
    const again = await reply(seller, ratingId, 'Vielä kerran');
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.text).toEqual(['You have already answered this rating. You can answer only once.']);
    const shown = (await ratingsOf(seller.id, seller)).json().data[0];
    expect(shown).toMatchObject({ reply: { text: 'Pahoittelen, bussi oli myöhässä.', created_at: expect.any(String) }, may_reply: false });
  });

  it('keeps deals and ratings when the ad is deleted: the deal’s title stays', async () => {
    const { seller, buyer, dealId, product } = await dealBetween();
    await rate(buyer, dealId, { stars: 4 });
    await rate(seller, dealId, { stars: 4 });
    const removed = await app.inject({ method: 'DELETE', url: `/api/product/${product.uuid}`, headers: seller.headers });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await db().select().from(deals).where(eq(deals.id, dealId)))[0]).toMatchObject({ productId: null, subject: 'Helkama Jopo' });
    expect((await ratingsOf(seller.id, seller)).json().data[0]).toMatchObject({ subject: 'Helkama Jopo' });
    expect((await dealsOf(buyer)).json().data[0]).toMatchObject({ ad: null, subject: 'Helkama Jopo' });
  });
});

it('finds the deal made in a chat room by its room_id', async () => {
  const seller = await person();
  const buyer = await person();
  const bike = await ad(seller);
  const { data } = await write(buyer, bike.uuid);
  expect((await makeDeal(seller, bike.uuid, buyer.id)).statusCode).toBe(201);
  expect((await dealsOf(seller, `?room_id=${data.room_id}`)).json().data).toHaveLength(1);
  expect((await dealsOf(seller, `?room_id=${data.room_id + 1000}`)).json().data).toHaveLength(0);
});
