import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../common/chat.ts';
import { NOTIFICATIONS_READ_IDS_MAX, NOTIFICATIONS_UNREAD_CAP } from '../../../common/notifications.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { Delivery } from '../../platform/realtime.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { openSocket } from '../../test/sockets.ts';

let app: FastifyInstance;

interface Person {
  id: number;
  headers: Record<string, string>;
}

async function person(roles?: NonNullable<Parameters<typeof createUser>[1]>['roles']): Promise<Person> {
  const user = await createUser(app, roles ? { roles } : {});
  return { id: user.id, headers: (await loginAs(app, user)).headers };
}

const list = (who: Person | null, query = '') =>
  app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: { ...(who?.headers ?? {}), 'accept-language': 'en' } });
const markRead = (who: Person | null, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: { ...(who?.headers ?? {}), 'accept-language': 'en' },
    payload: payload as object,
  });
const approved = (name: string) => ({ ad: { uuid: crypto.randomUUID(), name } });

/** What the realtime channel carried for these people while `work` ran. */
async function heardDuring(work: () => Promise<unknown>): Promise<Delivery[]> {
  const heard: Delivery[] = [];
  const stop = app.services.platform.realtime.subscribe((delivery) => heard.push(delivery));
  try {
    await work();
    return heard;
  } finally {
    stop();
  }
}
const countsIn = (heard: Delivery[], userId: number) =>
  heard
    .filter((d) => d.userIds.includes(userId) && d.event.type === 'notifications')
    .map((d) => (d.event as Extract<ServerEvent, { type: 'notifications' }>).unread);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('GET /api/notifications', () => {
  it('lists my notifications newest first with my unread count, paged by page or by a cursor', async () => {
    const me = await person();
    const other = await person();
    for (const name of ['Eka', 'Toka', 'Kolmas']) await app.services.notifications.notify(me.id, 'ad_approved', approved(name));
    await app.services.notifications.notify(other.id, 'ad_approved', approved('Toisen'));

    const res = await list(me);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((n: { data: { ad: { name: string } } }) => n.data.ad.name)).toEqual(['Kolmas', 'Toka', 'Eka']);
    expect(body.meta).toEqual({ unread: 3, total: 3, page: 1, per_page: 20, next_before: null });
    expect(body.data[0]).toMatchObject({ kind: 'ad_approved', read_at: null, url: `/${body.data[0].data.ad.uuid}` });
    expect(Date.parse(body.data[0].created_at)).not.toBeNaN();

    const first = (await list(me, '?per_page=2')).json();
    expect(first.data).toHaveLength(2);
    expect(first.meta.next_before).toBe(first.data[1].id);
    const next = (await list(me, `?per_page=2&before=${first.meta.next_before}`)).json();
    expect(next.data.map((n: { data: { ad: { name: string } } }) => n.data.ad.name)).toEqual(['Eka']);
    expect(next.meta.next_before).toBeNull();
    expect((await list(me, '?per_page=2&page=2')).json().data.map((n: { id: number }) => n.id)).toEqual(
      next.data.map((n: { id: number }) => n.id),
    );
  });

  it('links each kind to its target: the ad, its edit form after a rejection, the saved search results', async () => {
    const me = await person();
    const saved = await app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: me.headers,
      payload: { query: { name: 'sohva' } },
    });
    const search = saved.json().data;
    const ad = { uuid: crypto.randomUUID(), name: 'Sohva' };
    const notify = app.services.notifications.notify;
    await notify(me.id, 'saved_search', { search_id: search.id, search_name: search.name, count: 2, ad: { ...ad, picture: null } });
    await notify(me.id, 'saved_search', { search_id: 999_999, search_name: 'Poistettu', count: 1, ad: { ...ad, picture: null } });
    await notify(me.id, 'ad_rejected', { ad, reason: 'Kuva puuttuu' });
    await notify(me.id, 'report_decided', { role: 'reporter', action: 'no_action', subject: 'user', ad: null });
    const urls = (await list(me)).json().data.map((n: { url: string | null }) => n.url);
    expect(urls).toEqual([null, `/my-showcase/edit/${ad.uuid}`, '/saved-searches', search.url]);
  });

  it('needs an account, and refuses bad paging with 422 per field', async () => {
    expect((await list(null)).statusCode).toBe(401);
    const me = await person();
    const bad = await list(me, '?per_page=500&before=abc');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['before', 'per_page']);
  });

  it('counts unread up to the cap the badge shows as 99+', async () => {
    const me = await person();
    await app.services.database.db
      .insert(notifications)
      .values(Array.from({ length: NOTIFICATIONS_UNREAD_CAP + 5 }, () => ({ userId: me.id, kind: 'ad_approved', data: approved('x') })));
    expect((await list(me)).json().meta.unread).toBe(NOTIFICATIONS_UNREAD_CAP + 1);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the given ones of mine read, ignores ids of others, and publishes my new count', async () => {
    const me = await person();
    const other = await person();
    const notify = app.services.notifications.notify;
    for (const name of ['A', 'B', 'C']) await notify(me.id, 'ad_approved', approved(name));
    await notify(other.id, 'ad_approved', approved('Toisen'));
    const mine = (await list(me)).json().data.map((n: { id: number }) => n.id);
    const theirs = (await list(other)).json().data[0].id;

    let res!: Awaited<ReturnType<typeof markRead>>;
    const heard = await heardDuring(async () => {
      res = await markRead(me, { ids: [mine[0], mine[0], theirs] });
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { marked: 1, unread: 2 } });
    expect(countsIn(heard, me.id)).toEqual([2]);
    expect(countsIn(heard, other.id)).toEqual([]);
    const after = (await list(me)).json();
    expect(after.meta.unread).toBe(2);
    expect(after.data[0].read_at).not.toBeNull();
    expect(after.data[1].read_at).toBeNull();
    // The other person's stays unread.
    expect((await list(other)).json().meta.unread).toBe(1);

    // Marking again changes nothing and says nothing on the channel.
    const again = await heardDuring(async () => expect((await markRead(me, { ids: [mine[0]] })).json().data.marked).toBe(0));
    expect(countsIn(again, me.id)).toEqual([]);
  });

  it('marks all of mine read with { all: true }', async () => {
    const me = await person();
    const other = await person();
    await app.services.notifications.notify(me.id, 'ad_approved', approved('A'));
    await app.services.notifications.notify(me.id, 'ad_approved', approved('B'));
    await app.services.notifications.notify(other.id, 'ad_approved', approved('C'));
    const heard = await heardDuring(async () =>
      expect((await markRead(me, { all: true })).json()).toEqual({ data: { marked: 2, unread: 0 } }),
    );
    expect(countsIn(heard, me.id)).toEqual([0]);
    expect((await list(other)).json().meta.unread).toBe(1);
  });

  it('stamps the read time from the service clock', async () => {
    const me = await person();
    const { createNotificationsService } = await import('./notifications.service.ts');
    const { createNotificationsRepo } = await import('./notifications.repo.ts');
    const at = new Date('2026-11-27T12:00:00Z');
    const service = createNotificationsService({
      repo: createNotificationsRepo(app.services.database.db),
      realtime: app.services.platform.realtime,
      log: () => undefined,
      now: () => at,
    });
    await service.notify(me.id, 'ad_approved', approved('A'));
    await service.markRead({ id: me.id } as Parameters<typeof service.markRead>[0], { all: true });
    expect((await list(me)).json().data[0].read_at).toBe(at.toISOString());
  });

  it('answers 422 per field for a bad body: both, neither, too many ids, not integers; 401 without an account', async () => {
    const me = await person();
    const field = async (payload: unknown) => {
      const res = await markRead(me, payload);
      expect(res.statusCode).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect(Object.keys(await field({ ids: [1], all: true }))).toEqual(['ids']);
    const neither = await field({});
    expect(Object.keys(neither)).toEqual(['ids']);
    expect(neither.ids![0]).toBe('Give either the ids or all: true, not both.');
    expect(Object.keys(await field({ ids: Array.from({ length: NOTIFICATIONS_READ_IDS_MAX + 1 }, (_, i) => i + 1) }))).toEqual(['ids']);
    expect(Object.keys(await field({ ids: [1.5, 'x'] })).sort()).toEqual(['ids.0', 'ids.1']);
    expect(Object.keys(await field({ ids: [] }))).toEqual(['ids']);
    expect(Object.keys(await field({ all: false }))).toEqual(['all']);
    expect(Object.keys(await field({ ids: [1], extra: 1 }))).toEqual(['extra']);
    expect((await markRead(null, { all: true })).statusCode).toBe(401);
  });
});

describe('notify', () => {
  it('stores the notification and publishes the person’s new unread count', async () => {
    const me = await person();
    const heard = await heardDuring(async () => {
      await app.services.notifications.notify(me.id, 'ad_approved', approved('A'));
      await app.services.notifications.notify(me.id, 'ad_approved', approved('B'));
    });
    expect(countsIn(heard, me.id)).toEqual([1, 2]);
  });

  it('in a transaction stores with it and publishes only when announced after the commit; a rollback leaves nothing', async () => {
    const me = await person();
    const db = app.services.database.db;
    const heard: Delivery[] = [];
    const stop = app.services.platform.realtime.subscribe((delivery) => heard.push(delivery));
    try {
      const announce = await db.transaction((tx) => app.services.notifications.notify(me.id, 'ad_approved', approved('A'), tx));
      expect(countsIn(heard, me.id)).toEqual([]);
      announce();
      await expect.poll(() => countsIn(heard, me.id)).toEqual([1]);
      await expect(
        db.transaction(async (tx) => {
          await app.services.notifications.notify(me.id, 'ad_approved', approved('B'), tx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
    } finally {
      stop();
    }
    expect(await db.select().from(notifications).where(eq(notifications.userId, me.id))).toHaveLength(1);
    expect(countsIn(heard, me.id)).toEqual([1]);
  });
});

describe('the bell over the socket', () => {
  it('greets with my unread count and sends each new count to my socket only', async () => {
    const user = await createUser(app);
    const { token } = await loginAs(app, user);
    const stranger = await createUser(app);
    await app.services.notifications.notify(user.id, 'ad_approved', approved('Ennen'));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const socket = await openSocket(`ws://127.0.0.1:${port}/ws`, { authorization: `Bearer ${token}` });
    try {
      expect(await socket.next('ready')).toMatchObject({ user_id: user.id, notifications_unread: 1 });
      await app.services.notifications.notify(stranger.id, 'ad_approved', approved('Toisen'));
      await app.services.notifications.notify(user.id, 'ad_approved', approved('Jälkeen'));
      expect(await socket.next('notifications')).toEqual({ type: 'notifications', unread: 2 });
      expect(socket.events.filter((event) => event.type === 'notifications')).toHaveLength(1);
    } finally {
      socket.close();
      await socket.closed;
    }
  });
});

describe('events that notify', () => {
  it('a moderator’s approval and rejection reach the seller’s notifications, with the ad and the reason', async () => {
    const moderator = await person(['moderator']);
    const seller = await person();
    const first = await createAd(app, { userId: seller.id, name: 'Odottava pyörä', status: 'moderate' });
    const second = await createAd(app, { userId: seller.id, name: 'Odottava sohva', status: 'moderate' });
    const heard = await heardDuring(async () => {
      expect(
        (await app.inject({ method: 'POST', url: `/api/admin/products/${first.uuid}/approve`, headers: moderator.headers })).statusCode,
      ).toBe(200);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/admin/products/${second.uuid}/reject`,
            headers: moderator.headers,
            payload: { reason: 'Kuvat puuttuvat kokonaan.' },
          })
        ).statusCode,
      ).toBe(200);
    });
    const items = (await list(seller)).json().data;
    expect(items.map((n: { kind: string; data: unknown }) => [n.kind, n.data])).toEqual([
      ['ad_rejected', { ad: { uuid: second.uuid, name: 'Odottava sohva' }, reason: 'Kuvat puuttuvat kokonaan.' }],
      ['ad_approved', { ad: { uuid: first.uuid, name: 'Odottava pyörä' } }],
    ]);
    expect(countsIn(heard, seller.id)).toEqual([1, 2]);
    expect((await list(moderator)).json().data).toEqual([]);
  });

  it('a report decision tells the signed-in reporter the outcome and the seller of the hidden ad the decision', async () => {
    const moderator = await person(['moderator']);
    const seller = await person();
    const reporter = await person();
    const ad = await createAd(app, { userId: seller.id, name: 'Väärennetty kello' });
    const reported = await app.inject({
      method: 'POST',
      url: `/api/product/${ad.uuid}/report`,
      headers: reporter.headers,
      payload: { reason: 'counterfeit', details: 'Logo on väärin.' },
      remoteAddress: '10.29.4.1',
    });
    expect(reported.statusCode).toBeLessThan(300);
    const open = (await app.inject({ method: 'POST', url: '/api/admin/reports', headers: moderator.headers, payload: {} }))
      .json()
      .data.find((r: { subject_id: number }) => r.subject_id === ad.id);
    // The counts are announced after the decision's commit, a moment after the reply: listen until they come.
    const heard: Delivery[] = [];
    const stop = app.services.platform.realtime.subscribe((delivery) => heard.push(delivery));
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/reports/${open.id}/resolve`,
      headers: moderator.headers,
      payload: { action: 'hide_ad', rule: 'counterfeit', note: 'Kellon logo ja kotelo ovat väärennöksen.' },
    });
    expect(res.statusCode).toBe(200);
    const named = { uuid: ad.uuid, name: 'Väärennetty kello' };
    expect((await list(reporter)).json().data.map((n: { kind: string; data: unknown }) => [n.kind, n.data])).toEqual([
      ['report_decided', { role: 'reporter', action: 'hide_ad', subject: 'product', ad: named }],
    ]);
    expect((await list(seller)).json().data.map((n: { kind: string; data: unknown; url: string }) => [n.kind, n.data, n.url])).toEqual([
      ['report_decided', { role: 'seller', action: 'hide_ad', subject: 'product', ad: named }, `/${ad.uuid}`],
    ]);
    try {
      await expect.poll(() => [countsIn(heard, reporter.id), countsIn(heard, seller.id)]).toEqual([[1], [1]]);
    } finally {
      stop();
    }
  });

  it('a report closed with no action tells the reporter and not the seller', async () => {
    const moderator = await person(['moderator']);
    const seller = await person();
    const reporter = await person();
    const ad = await createAd(app, { userId: seller.id, name: 'Tavallinen tuoli' });
    await app.inject({
      method: 'POST',
      url: `/api/product/${ad.uuid}/report`,
      headers: reporter.headers,
      payload: { reason: 'other', details: 'Epäilen.' },
      remoteAddress: '10.29.4.2',
    });
    const open = (await app.inject({ method: 'POST', url: '/api/admin/reports', headers: moderator.headers, payload: {} }))
      .json()
      .data.find((r: { subject_id: number }) => r.subject_id === ad.id);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/reports/${open.id}/resolve`,
      headers: moderator.headers,
      payload: { action: 'no_action' },
    });
    expect(res.statusCode).toBe(200);
    expect((await list(reporter)).json().data[0].data).toMatchObject({ role: 'reporter', action: 'no_action' });
    expect((await list(seller)).json().data).toEqual([]);
  });
});
