import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleSlug } from '../../../common/access.ts';
import { reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { OVERVIEW_DAYS, lastDays } from './overview.service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function overviewAs(roles: RoleSlug[]) {
  const person = await createUser(app, { roles: ['user', ...roles] });
  const reply = await app.inject({ url: '/api/admin/overview', headers: (await loginAs(app, person)).headers });
  expect(reply.statusCode).toBe(200);
  return reply.json().data;
}

describe('lastDays', () => {
  it('gives the last days in Finnish time, oldest first, across a change of clocks', () => {
    // 22:30 UTC on 24 November is already the 25th in Helsinki.
    const november = lastDays(new Date('2026-11-24T22:30:00Z'), 3);
    expect(november).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    // Summer time began on 29 March 2026: every day once, none twice.
    const spring = lastDays(new Date('2026-03-30T09:00:00Z'), OVERVIEW_DAYS);
    expect(spring).toHaveLength(OVERVIEW_DAYS);
    expect(spring[0]).toBe('2026-03-17');
    expect(spring.at(-1)).toBe('2026-03-30');
    expect(new Set(spring).size).toBe(OVERVIEW_DAYS);
  });
});

describe('GET /api/admin/overview', () => {
  it('gives an admin the queues and 14 zero-filled days of new accounts and ads, counted by Finnish day', async () => {
    const before = await overviewAs(['admin']);
    expect(before.activity.days).toHaveLength(OVERVIEW_DAYS);
    const days: string[] = before.activity.days.map((d: { date: string }) => d.date);
    expect(days).toEqual(lastDays(new Date(), OVERVIEW_DAYS));

    // Half past midnight in Helsinki three days ago: the previous day in UTC, but counted on that Finnish day.
    const day = days[OVERVIEW_DAYS - 4]!;
    const justAfterMidnight = new Date(`${day}T00:30:00+02:00`);
    const seller = await createUser(app);
    await app.services.database.db.update(users).set({ createdAt: justAfterMidnight }).where(eq(users.id, seller.id));
    await createAd(app, { userId: seller.id, name: 'Odottava polkupyörä', status: 'moderate', createdAt: justAfterMidnight });
    // Older than the chart: counted in the totals only.
    await createAd(app, { userId: seller.id, name: 'Vanha sohva', createdAt: new Date(Date.now() - 40 * 86_400_000) });
    await app.services.database.db.insert(reports).values({ subjectType: 'user', subjectId: seller.id, reason: 'spam' });

    const after = await overviewAs(['admin']);
    const at = (data: typeof before, date: string) => data.activity.days.find((d: { date: string }) => d.date === date);
    const previous = days[OVERVIEW_DAYS - 5]!;
    expect(at(after, day).ads - at(before, day).ads).toBe(1);
    expect(at(after, day).users - at(before, day).users).toBe(1);
    expect(at(after, previous).ads).toBe(at(before, previous).ads);
    expect(after.queues.ads_to_review - before.queues.ads_to_review).toBe(1);
    expect(after.queues.open_reports - before.queues.open_reports).toBe(1);
    expect(after.activity.totals.ads - before.activity.totals.ads).toBe(2);
    expect(after.activity.totals.active_ads - before.activity.totals.active_ads).toBe(1);
    expect(after.activity.totals.new_ads - before.activity.totals.new_ads).toBe(1);
    // The admin whose session asked the second time is new today.
    const today = days.at(-1)!;
    expect(at(after, today).users).toBeGreaterThanOrEqual(1);
    expect(after.activity.totals.new_users).toBe(after.activity.days.reduce((sum: number, d: { users: number }) => sum + d.users, 0));
  });

  it('answers each staff member only what their permissions reach', async () => {
    const moderator = await overviewAs(['moderator']);
    expect(Object.keys(moderator.queues).sort()).toEqual(['ads_to_review', 'open_reports']);
    expect(moderator.activity).toBeUndefined();
    const editor = await overviewAs(['editor']);
    expect(editor).toEqual({ queues: {} });
  });

  it('is refused to those without any staff permission', async () => {
    const person = await createUser(app);
    expect((await app.inject({ url: '/api/admin/overview', headers: (await loginAs(app, person)).headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/overview' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/queues', () => {
  const queuesAs = async (roles: RoleSlug[]) => {
    const person = await createUser(app, { roles: ['user', ...roles] });
    return app.inject({ url: '/api/admin/queues', headers: (await loginAs(app, person)).headers });
  };

  it('gives a moderator the length of the review queue, and it grows with an ad sent for review', async () => {
    const before = (await queuesAs(['moderator'])).json().data;
    expect(Object.keys(before).sort()).toEqual(['ads_to_review', 'open_reports']);
    const seller = await createUser(app);
    await createAd(app, { userId: seller.id, name: 'Tarkastettava sohva', status: 'moderate' });
    const after = (await queuesAs(['moderator'])).json().data;
    expect(after.ads_to_review - before.ads_to_review).toBe(1);
    expect(after.open_reports).toBe(before.open_reports);
  });

  it('answers an editor with no counts, and refuses everyone without a staff permission', async () => {
    expect((await queuesAs(['editor'])).json()).toEqual({ data: {} });
    expect((await queuesAs([])).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/queues' })).statusCode).toBe(401);
  });
});
