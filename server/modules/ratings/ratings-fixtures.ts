import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdKind, AdStatus } from '../../../common/ad-rules.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';

/** Test helpers of the deals and ratings tests: people, ads, a first message, a deal, a rating. */
export interface Person {
  id: number;
  email: string;
  headers: Record<string, string>;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function ratingsFixtures(getApp: () => FastifyInstance) {
  const app = () => getApp();

  async function person(name = 'Testi Henkilö', language = 'en'): Promise<Person> {
    const user = await createUser(app(), { name });
    return { id: user.id, email: user.email, headers: { ...(await loginAs(app(), user)).headers, 'accept-language': language } };
  }

  const ad = (seller: Person, options: { name?: string; status?: AdStatus; kind?: AdKind } = {}) =>
    createAd(app(), { userId: seller.id, name: options.name ?? 'Helkama Jopo', status: options.status ?? 'active', kind: options.kind });

  /** The buyer writes to the seller about the ad (opens the room). */
  async function write(buyer: Person, productUuid: string, text = 'Onko vielä myynnissä?') {
    const reply = await app().inject({
      method: 'POST',
      url: `/api/channel/product/${productUuid}/messages`,
      headers: buyer.headers,
      payload: { text, client_id: crypto.randomUUID() },
    });
    if (reply.statusCode >= 300) throw new Error(`message failed: ${reply.statusCode} ${reply.body}`);
    return reply.json() as { data: { room_id: number } };
  }

  const makeDeal = (seller: Person | null, productUuid: string, buyerId: unknown) =>
    app().inject({
      method: 'POST',
      url: `/api/product/${productUuid}/deal`,
      headers: seller?.headers ?? {},
      payload: { buyer_id: buyerId },
    });

  const rate = (who: Person | null, dealId: number, payload: Record<string, unknown>) =>
    app().inject({ method: 'POST', url: `/api/deals/${dealId}/rating`, headers: who?.headers ?? {}, payload });

  const ratingsOf = (userId: number, who: Person | null = null, page?: number) =>
    app().inject({ url: `/api/users/${userId}/ratings${page ? `?page=${page}` : ''}`, headers: who?.headers ?? {} });

  const dealsOf = (who: Person, query = '') => app().inject({ url: `/api/deals${query}`, headers: who.headers });

  const userInfo = async (userId: number) => (await app().inject({ url: `/api/user-info/${userId}` })).json().data;

  /** A seller, a buyer who wrote about the seller's ad, and the deal between them. */
  async function dealBetween(options: { kind?: AdKind; seller?: Person; buyer?: Person } = {}) {
    const seller = options.seller ?? (await person('Maija Myyjä'));
    const buyer = options.buyer ?? (await person('Olli Ostaja'));
    const product = await ad(seller, { kind: options.kind });
    await write(buyer, product.uuid);
    const made = await makeDeal(seller, product.uuid, buyer.id);
    if (made.statusCode !== 201) throw new Error(`deal failed: ${made.statusCode} ${made.body}`);
    return { seller, buyer, product, dealId: made.json().data.id as number };
  }

  /** A person's notifications of a kind, newest first. */
  const notificationsOf = (userId: number, kind: string) =>
    app()
      .services.database.db.select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
      .orderBy(desc(notifications.id));

  return { person, ad, write, makeDeal, rate, ratingsOf, dealsOf, userInfo, dealBetween, notificationsOf };
}
