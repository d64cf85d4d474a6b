import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleSlug } from '../../../common/access.ts';
import { products, wishes } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function account(roles?: RoleSlug[]) {
  const user = await createUser(app, roles ? { roles } : {});
  const { headers, token } = await loginAs(app, user);
  return { ...user, headers, token };
}

const dashboard = (headers: Record<string, string>, query = '') => app.inject({ url: `/api/dashboard${query}`, headers });
const viewCount = async (id: number) =>
  (await app.services.database.db.select({ n: products.viewCount }).from(products).where(eq(products.id, id)))[0]!.n;

describe('GET /api/dashboard', () => {
  it('counts own ads by status, lists them with views and buyers’ messages, and counts unread messages and wishes', async () => {
    const seller = await account();
    const buyer = await account();
    const other = await account();
    const car = await createAd(app, { userId: seller.id, name: 'Saab 900' });
    await createAd(app, { userId: seller.id, name: 'Kesärenkaat', status: 'moderate' });
    await createAd(app, { userId: seller.id, name: 'Talvirenkaat', status: 'sold' });
    const strangersAd = await createAd(app, { userId: other.id, name: 'Ei minun' });
    await app.services.database.db.insert(wishes).values({ userId: seller.id, productId: strangersAd.id });

    // A buyer writes twice about the car and the seller answers once: two messages from buyers, one unread conversation.
    const send = (headers: Record<string, string>, url: string, text: string) =>
      app.inject({ method: 'POST', url, headers, payload: { text, client_id: crypto.randomUUID() } });
    const first = await send(buyer.headers, `/api/channel/product/${car.uuid}/messages`, 'Onko vielä myynnissä?');
    const roomId = first.json().room_id as number;
    await send(buyer.headers, `/api/chat-room/${roomId}/messages`, 'Pääsisinkö katsomaan huomenna?');
    await send(seller.headers, `/api/chat-room/${roomId}/messages`, 'Tervetuloa!');
    await send(buyer.headers, `/api/chat-room/${roomId}/messages`, 'Kiitos, tulen kuudelta.');

    const reply = await dashboard(seller.headers);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.ads.total).toBe(3);
    expect(body.ads.by_status).toMatchObject({ active: 1, moderate: 1, sold: 1, reserved: 0, disabled: 0 });
    expect(body.my_ads.data.map((ad: { name: string }) => ad.name).sort()).toEqual(['Kesärenkaat', 'Saab 900', 'Talvirenkaat']);
    const carRow = body.my_ads.data.find((ad: { uuid: string }) => ad.uuid === car.uuid);
    expect(carRow).toMatchObject({ views: 0, chats: 1, messages: 3, status: 'active' });
    expect(body.unread_messages).toBe(1);
    expect(body.wishes).toBe(1);
    expect(body.staff).toEqual({});
    // Nobody else's ads.
    expect(JSON.stringify(body)).not.toContain('Ei minun');
  });

  it('pages the own ads, ten at a time', async () => {
    const seller = await account();
    for (let n = 1; n <= 12; n++) await createAd(app, { userId: seller.id, name: `Ilmoitus ${n}` });
    const second = (await dashboard(seller.headers, '?page=2')).json();
    expect(second.my_ads.meta).toEqual({ current_page: 2, last_page: 2, per_page: 10, total: 12 });
    expect(second.my_ads.data).toHaveLength(2);
    expect((await dashboard(seller.headers, '?page=0')).statusCode).toBe(422);
    expect((await dashboard(seller.headers, '?page=abc')).statusCode).toBe(422);
  });

  it('shows staff the queues their permissions reach', async () => {
    const someone = await account();
    await createAd(app, { userId: someone.id, name: 'Odottaa tarkastusta', status: 'moderate' });
    await app.services.database.db.insert(reports).values({ subjectType: 'user', subjectId: someone.id, reason: 'spam' });
    const moderator = await account(['user', 'moderator']);
    const editor = await account(['user', 'editor']);
    const staff = (await dashboard(moderator.headers)).json().staff;
    expect(staff.ads_to_review).toBeGreaterThanOrEqual(1);
    expect(staff.open_reports).toBeGreaterThanOrEqual(1);
    expect((await dashboard(editor.headers)).json().staff).toEqual({});
  });

  it('is for signed-in people only', async () => {
    expect((await app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
  });
});

/** A person's browser, as far as the robot check can tell. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('ad views', () => {
  it('counts a visitor once, never the seller, and many visitors each once', async () => {
    const seller = await account();
    const ad = await createAd(app, { userId: seller.id, name: 'Kirjahylly' });
    const visit = (ip: string, headers: Record<string, string> = {}) =>
      app.inject({ url: `/api/product/${ad.uuid}`, headers: { 'user-agent': BROWSER, ...headers }, remoteAddress: ip });

    await visit('10.0.0.1');
    await visit('10.0.0.1');
    // Written in batches: nothing reaches the row until the next write.
    expect(await viewCount(ad.id)).toBe(0);
    await app.services.products.views.flush();
    expect(await viewCount(ad.id)).toBe(1);
    await visit('10.0.0.2', seller.headers);
    await app.services.products.views.flush();
    expect(await viewCount(ad.id)).toBe(1);
    await Promise.all(Array.from({ length: 8 }, (_, n) => visit(`10.0.1.${n}`)));
    await app.services.products.views.flush();
    expect(await viewCount(ad.id)).toBe(9);
    expect((await dashboard(seller.headers)).json().my_ads.data[0]).toMatchObject({ uuid: ad.uuid, views: 9 });
  });

  it('does not count views of an ad the public cannot see', async () => {
    const seller = await account();
    const moderator = await account(['user', 'moderator']);
    const ad = await createAd(app, { userId: seller.id, name: 'Tarkastuksessa', status: 'moderate' });
    await app.inject({ url: `/api/product/${ad.uuid}`, headers: { ...moderator.headers, 'user-agent': BROWSER } });
    await app.services.products.views.flush();
    expect(await viewCount(ad.id)).toBe(0);
  });

  it('does not count robots (search engines, link previews, scripts without a user agent)', async () => {
    const seller = await account();
    const ad = await createAd(app, { userId: seller.id, name: 'Nojatuoli' });
    const agents = ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'facebookexternalhit/1.1', 'curl/8.5.0'];
    for (const [n, agent] of agents.entries()) {
      await app.inject({ url: `/api/product/${ad.uuid}`, headers: { 'user-agent': agent }, remoteAddress: `10.0.2.${n}` });
    }
    await app.inject({ url: `/api/product/${ad.uuid}`, remoteAddress: '10.0.2.9' });
    await app.services.products.views.flush();
    expect(await viewCount(ad.id)).toBe(0);
  });
});
