import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisions, reports } from '../../db/schema/reports.ts';
import { ratings } from '../../db/schema/trust.ts';
import { users } from '../../db/schema/users.ts';
import { loginAs, readMails } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { createCustomStaff } from '../../test/roles.ts';
import { type Person, ratingsFixtures } from './ratings-fixtures.ts';

let app: FastifyInstance;
const { person, rate, ratingsOf, dealsOf, userInfo, dealBetween, notificationsOf } = ratingsFixtures(() => app);
const db = () => app.services.database.db;
/** Staff holding only `reports.handle` (a role of the site's own), and a second one for appeals. */
let handler: Record<string, string>;
let secondHandler: Record<string, string>;

async function staffWithReportsOnly(): Promise<Record<string, string>> {
  const staff = await createCustomStaff(app, ['reports.handle']);
  return { ...(await loginAs(app, staff)).headers, 'accept-language': 'en' };
}

beforeAll(async () => {
  app = await buildTestApp();
  handler = await staffWithReportsOnly();
  secondHandler = await staffWithReportsOnly();
});
afterAll(() => app.close());

const report = (who: Person | null, ratingId: number, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/ratings/${ratingId}/report`, headers: who?.headers ?? {}, payload });
const queue = (headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: '/api/admin/reports', headers, payload });
const resolve = (id: number, payload: Record<string, unknown>, headers = handler) =>
  app.inject({ method: 'POST', url: `/api/admin/reports/${id}/resolve`, headers, payload });
const reportsAbout = (ratingId: number) =>
  db()
    .select()
    .from(reports)
    .where(and(eq(reports.subjectType, 'rating'), eq(reports.subjectId, ratingId)));

/** A deal both sides rated: the buyer's rating of the seller is public. */
async function publicRating(text = 'Myyjä oli täysi huijari ja idiootti!') {
  const deal = await dealBetween();
  await db().update(users).set({ locale: 'en' }).where(eq(users.id, deal.buyer.id));
  const ratingId = (await rate(deal.buyer, deal.dealId, { stars: 1, text })).json().data.id as number;
  await rate(deal.seller, deal.dealId, { stars: 5, text: 'Mukava ostaja.' });
  return { ...deal, ratingId };
}

describe('reporting a rating', () => {
  it('takes a report of a public rating from anyone signed in but its rater, once while it is open', async () => {
    const { seller, buyer, ratingId } = await publicRating();
    const reader = await person();
    expect((await report(null, ratingId, { reason: 'offensive' })).statusCode).toBe(401);
    const own = await report(buyer, ratingId, { reason: 'offensive' });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.reason).toEqual(['You cannot report your own rating.']);
    expect((await report(reader, ratingId, { reason: 'nonsense' })).statusCode).toBe(422);
    expect((await report(reader, ratingId, { reason: 'spam', details: 'x'.repeat(1001) })).statusCode).toBe(422);

    const made = await report(seller, ratingId, { reason: 'offensive', details: ' Nimittelee. ' });
    expect(made.statusCode).toBe(201);
    expect(made.json().message).toBe('Thank you. Our staff will review the rating.');
    expect((await report(seller, ratingId, { reason: 'offensive' })).statusCode).toBe(200);
    expect((await report(reader, ratingId, { reason: 'spam' })).statusCode).toBe(201);
    expect(await reportsAbout(ratingId)).toEqual([
      expect.objectContaining({ reporterId: seller.id, reason: 'offensive', details: 'Nimittelee.', status: 'open' }),
      expect.objectContaining({ reporterId: reader.id, reason: 'spam' }),
    ]);
  });

  it('does not take a report of a rating that is not public yet (404)', async () => {
    const { seller, buyer, dealId } = await dealBetween();
    const ratingId = (await rate(buyer, dealId, { stars: 1 })).json().data.id;
    expect((await report(seller, ratingId, { reason: 'offensive' })).statusCode).toBe(404);
    expect((await report(seller, 2_000_000_000, { reason: 'offensive' })).statusCode).toBe(404);
    expect(await reportsAbout(ratingId)).toEqual([]);
  });
});

describe('staff hiding a rating', () => {
  it('a role holding only reports.handle sees the rating in the queue and hides it with a statement of reasons', async () => {
    const { seller, buyer, ratingId, dealId } = await publicRating();
    await report(seller, ratingId, { reason: 'offensive' });
    const before = (await userInfo(seller.id)).rating;
    expect(before).toEqual({ average: 1, count: 1 });

    const listed = await queue(handler, { subject: 'rating' });
    expect(listed.statusCode).toBe(200);
    const item = listed.json().data.find((r: { subject_id: number }) => r.subject_id === ratingId);
    expect(item).toMatchObject({
      subject_type: 'rating',
      reason: 'offensive',
      rating: {
        id: ratingId,
        stars: 1,
        text: 'Myyjä oli täysi huijari ja idiootti!',
        subject: 'Helkama Jopo',
        hidden: false,
        rater: { id: buyer.id, name: 'Olli Ostaja' },
        rated: { id: seller.id, name: 'Maija Myyjä' },
      },
    });

    // A restriction needs the rule and the facts; an action for another kind of subject is refused.
    expect((await resolve(item.id, { action: 'hide_rating' })).statusCode).toBe(422);
    expect((await resolve(item.id, { action: 'hide_ad', rule: 'offensive', note: 'Loukkaava arvio.' })).statusCode).toBe(422);
    const hidden = await resolve(item.id, { action: 'hide_rating', rule: 'offensive', note: 'Arvio sisältää nimittelyä.' });
    expect(hidden.statusCode).toBe(200);

    const [decision] = await db().select().from(decisions).where(eq(decisions.ratingId, ratingId));
    expect(decision).toMatchObject({ action: 'hide_rating', ratingId, userId: buyer.id, rule: 'offensive', productId: null });
    const [row] = await db().select().from(ratings).where(eq(ratings.id, ratingId));
    expect(row!.hiddenAt).not.toBeNull();

    // Shown to nobody, counted nowhere; its rater still sees it as hidden among their deals.
    expect((await ratingsOf(seller.id, seller)).json()).toMatchObject({ data: [], summary: { average: null, count: 0 } });
    expect((await userInfo(seller.id)).rating).toEqual({ average: null, count: 0 });
    expect((await dealsOf(buyer)).json().data.find((d: { id: number }) => d.id === dealId)).toMatchObject({
      my_rating: { id: ratingId, hidden: true },
    });
    expect((await dealsOf(seller)).json().data.find((d: { id: number }) => d.id === dealId)).toMatchObject({ their_rating: null });

    // The rater is told, under the bell and by mail, with the reasons and the way to appeal.
    const [told] = await notificationsOf(buyer.id, 'report_decided');
    expect(told!.data).toEqual({ role: 'rater', action: 'hide_rating', subject: 'rating', ad: null, rating_subject: 'Helkama Jopo' });
    const [reporterTold] = await notificationsOf(seller.id, 'report_decided');
    expect(reporterTold!.data).toMatchObject({ role: 'reporter', action: 'hide_rating', subject: 'rating' });
    await app.services.platform.background.settled();
    const statement = readMails(app).find((m) => m.to.includes(buyer.email) && m.subject.startsWith('A decision about your rating'));
    expect(statement!.text).toContain('Your rating of the deal "Helkama Jopo" has been hidden');
    expect(statement!.text).toContain('Arvio sisältää nimittelyä.');
    expect(statement!.text).toContain('My deals');

    // The rater appeals once; another staff member reverses it and the rating is back.
    const seen = await app.inject({ url: `/api/ratings/${ratingId}/decision`, headers: buyer.headers });
    expect(seen.json().data).toMatchObject({ action: 'hide_rating', facts: 'Arvio sisältää nimittelyä.', may_appeal: true });
    expect((await app.inject({ url: `/api/ratings/${ratingId}/decision`, headers: seller.headers })).statusCode).toBe(403);
    const appeal = (text: string) =>
      app.inject({ method: 'POST', url: `/api/ratings/${ratingId}/appeal`, headers: buyer.headers, payload: { text } });
    expect((await appeal('Arvio kuvasi kauppaa rehellisesti.')).statusCode).toBe(201);
    expect((await appeal('Vielä toinen valitus tähän.')).statusCode).toBe(422);
    const own = await app.inject({
      method: 'POST',
      url: `/api/admin/appeals/${decision!.id}/decide`,
      headers: handler,
      payload: { outcome: 'reversed', note: 'Oma päätös' },
    });
    expect(own.statusCode).toBe(422);
    const reversed = await app.inject({
      method: 'POST',
      url: `/api/admin/appeals/${decision!.id}/decide`,
      headers: secondHandler,
      payload: { outcome: 'reversed', note: 'Arvio on jyrkkä mutta sallittu.' },
    });
    expect(reversed.statusCode).toBe(200);
    expect((await userInfo(seller.id)).rating).toEqual({ average: 1, count: 1 });
  });

  it('refuses a member without reports.handle, and staff deciding a rating of themselves', async () => {
    const { seller, ratingId } = await publicRating();
    await report(seller, ratingId, { reason: 'offensive' });
    const [open] = await reportsAbout(ratingId);
    expect((await queue(seller.headers)).statusCode).toBe(403);
    expect(
      (await resolve(open!.id, { action: 'hide_rating', rule: 'offensive', note: 'Oma arvio pois.' }, seller.headers)).statusCode,
    ).toBe(403);

    // A staff member rated in a deal may not judge the rating of them.
    const staffSeller = await createCustomStaff(app, ['reports.handle']);
    const staffHeaders = { ...(await loginAs(app, staffSeller)).headers, 'accept-language': 'en' };
    const staffPerson: Person = { id: staffSeller.id, email: staffSeller.email, headers: staffHeaders };
    const deal = await dealBetween({ seller: staffPerson });
    const theirs = (await rate(deal.buyer, deal.dealId, { stars: 1, text: 'Huono' })).json().data.id;
    await rate(staffPerson, deal.dealId, { stars: 5 });
    await report(await person(), theirs, { reason: 'spam' });
    const [about] = await reportsAbout(theirs);
    const refused = await resolve(about!.id, { action: 'hide_rating', rule: 'spam', note: 'Poistan arvion itsestäni.' }, staffHeaders);
    expect(refused.statusCode).toBe(422);
    expect((await db().select().from(ratings).where(eq(ratings.id, theirs)))[0]!.hiddenAt).toBeNull();
  });

  it('closes a rating report with no action, leaving the rating as it was', async () => {
    const { seller, ratingId } = await publicRating('Ihan ok, mutta myöhästyi.');
    await report(seller, ratingId, { reason: 'other' });
    const [open] = await reportsAbout(ratingId);
    expect((await resolve(open!.id, { action: 'no_action' })).statusCode).toBe(200);
    expect((await ratingsOf(seller.id)).json().summary).toEqual({ average: 1, count: 1 });
  });
});
