import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatMembers, chatMessages, chatRooms } from '../../db/schema/chat.ts';
import { privacyExports } from '../../db/schema/privacy.ts';
import { productImages, wishes } from '../../db/schema/products.ts';
import { createAd } from '../../test/ads.ts';
import { createUser, linkIn, loginAs, readMails } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { adPictureKey } from '../images/image-processing.ts';
import { EXPORT_SECTIONS } from './export-archive.ts';

const DAY_MS = 86_400_000;
let app: FastifyInstance;
/** The services' and the queue's clock: each test starts at the real time and moves it forward. */
let clock = new Date();
const db = () => app.services.database.db;

beforeAll(async () => {
  app = await buildTestApp({}, { now: () => clock });
});
beforeEach(() => {
  clock = new Date();
});
afterAll(() => app.close());

type Headers = Record<string, string>;
const ask = (headers: Headers, locale = 'fi') =>
  app.inject({ method: 'POST', url: '/api/account/export', headers: { ...headers, 'accept-language': locale } });
const fetchExport = (headers: Headers, uuid: string, locale = 'en') =>
  app.inject({ method: 'GET', url: `/api/account/export/${uuid}`, headers: { ...headers, 'accept-language': locale } });

/** A person with an ad (one stored picture), a wish, a conversation with a message each way. */
async function personWithData() {
  const user = await createUser(app, { name: 'Maija' });
  const other = await createUser(app, { name: 'Olli' });
  const ad = await createAd(app, { userId: user.id, name: 'Helkama Jopo', imageCount: 1 });
  const prefix = `ads/test/${randomUUID()}`;
  await db().insert(productImages).values({ productId: ad.id, position: 0, width: 4, height: 3, storagePrefix: prefix });
  await app.services.platform.storage.put(adPictureKey(prefix, 'full'), Buffer.from('RIFF-fake-webp-bytes'), 'image/webp');
  const theirs = await createAd(app, { userId: other.id, name: 'Tunturi kuntopyörä' });
  await db().insert(wishes).values({ userId: user.id, productId: theirs.id });
  const [room] = await db().insert(chatRooms).values({ productId: theirs.id, buyerId: user.id, subject: theirs.name }).returning();
  await db()
    .insert(chatMembers)
    .values([
      { roomId: room!.id, userId: user.id, role: 'buyer' },
      { roomId: room!.id, userId: other.id, role: 'seller' },
    ]);
  await db()
    .insert(chatMessages)
    .values([
      { roomId: room!.id, senderId: user.id, clientId: randomUUID(), body: 'Onko vielä myynnissä?' },
      { roomId: room!.id, senderId: other.id, clientId: randomUUID(), body: 'On, tervetuloa katsomaan.' },
    ]);
  return { user, other, ad };
}

describe('download my data', () => {
  it('builds a ZIP with every section, the pictures and a translated index.html, mailed as a link that works in the asking session', async () => {
    const { user, ad } = await personWithData();
    const session = await loginAs(app, user);
    await app.inject({ method: 'POST', url: '/api/account/consent', headers: session.headers, payload: { choice: 'granted' } });

    const asked = await ask(session.headers);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({
      data: { status: 'pending', this_session: true, download_url: null },
      message: expect.stringContaining('Pyyntö vastaanotettu'),
    });
    const { uuid } = asked.json().data as { uuid: string };
    // Not built yet: the queue has not run.
    expect((await fetchExport(session.headers, uuid)).statusCode).toBe(409);

    await app.services.jobs.runDue(clock);
    const status = await app.inject({ method: 'GET', url: '/api/account/export', headers: session.headers });
    expect(status.json().data).toMatchObject({ uuid, status: 'ready', download_url: `/api/account/export/${uuid}` });

    const mail = readMails(app).find((m) => m.to === user.email && m.subject === 'Tietosi ovat ladattavissa');
    expect(mail).toBeDefined();
    const link = linkIn(mail!, '/settings/account');
    expect(link.pathname).toBe('/settings/account');
    expect(link.hash).toBe('#my-data');
    // That page offers the file in this session (download_url above; privacy-section.test.tsx shows it).

    const download = await fetchExport(session.headers, uuid);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"$/);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    for (const section of EXPORT_SECTIONS) expect(Object.keys(files)).toContain(`data/${section}.json`);
    const json = (section: string) => JSON.parse(strFromU8(files[`data/${section}.json`]!)) as unknown;

    expect(json('account')).toMatchObject({ email: user.email, roles: ['user'] });
    expect(JSON.stringify(json('account'))).not.toContain('password_hash');
    expect(json('profile')).toMatchObject({ name: 'Maija' });
    expect(json('sessions')).toMatchObject({
      sessions: [expect.objectContaining({ ip: expect.anything() })],
      account_events: expect.arrayContaining([expect.objectContaining({ action: 'login' })]),
    });
    expect(json('ads')).toEqual([
      expect.objectContaining({ uuid: ad.uuid, name: 'Helkama Jopo', pictures: [expect.objectContaining({ position: 0 })] }),
    ]);
    expect(json('wishes')).toEqual([expect.objectContaining({ ad_name: 'Tunturi kuntopyörä' })]);
    expect(json('saved_searches')).toEqual([]);
    expect(json('messages')).toEqual([
      expect.objectContaining({ direction: 'sent', text: 'Onko vielä myynnissä?' }),
      expect.objectContaining({ direction: 'received', text: 'On, tervetuloa katsomaan.' }),
    ]);
    expect(json('ratings')).toEqual([]);
    expect(json('reports')).toEqual({ reports: [], decisions: [] });
    expect(json('consents')).toMatchObject({
      cookie_consents: [expect.objectContaining({ choice: 'granted' })],
      data_exports: [expect.objectContaining({ status: 'pending' })],
    });

    // The picture file itself, and a page that shows it, in the language the person asked in.
    const picture = `pictures/${ad.uuid}/1.webp`;
    expect(Buffer.from(files[picture]!).toString()).toBe('RIFF-fake-webp-bytes');
    const index = strFromU8(files['index.html']!);
    expect(index).toContain('<html lang="fi">');
    expect(index).toContain('Tietosi palvelussa');
    expect(index).toContain(`<img src="${picture}"`);
    expect(index).toContain('Istunnot ja kirjautumiset');
  });

  it('answers another session of the owner 403, another person 404 and an ended link 410, showing nothing', async () => {
    const { user, other } = await personWithData();
    const session = await loginAs(app, user);
    const { uuid } = (await ask(session.headers)).json().data as { uuid: string };
    await app.services.jobs.runDue(clock);

    const secondSession = await loginAs(app, user);
    const elsewhere = await fetchExport(secondSession.headers, uuid);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ code: 'export_other_session', message: expect.stringContaining('only in the signed-in session') });
    expect((await app.inject({ method: 'GET', url: '/api/account/export', headers: secondSession.headers })).json().data).toMatchObject({
      status: 'ready',
      this_session: false,
      download_url: null,
    });

    const stranger = await fetchExport((await loginAs(app, other)).headers, uuid);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(uuid);
    expect((await fetchExport({}, uuid)).statusCode).toBe(401);
    expect((await fetchExport(session.headers, randomUUID())).statusCode).toBe(404);
    expect((await fetchExport(session.headers, 'not-a-uuid')).statusCode).toBe(404);
    // The stored file is never served as media, not even to its owner.
    for (const url of [`/media/private/exports/${uuid}.zip`, `/media/%70rivate/exports/${uuid}.zip`]) {
      let media = await app.inject({ method: 'GET', url, headers: session.headers });
      // An encoded path is first redirected to its plain form.
      if (media.statusCode === 301)
        media = await app.inject({ method: 'GET', url: String(media.headers.location), headers: session.headers });
      expect(media.statusCode).toBe(404);
    }

    // Six days later it still works; after seven it has ended.
    clock = new Date(Date.now() + 6 * DAY_MS);
    expect((await fetchExport(session.headers, uuid)).statusCode).toBe(200);
    clock = new Date(Date.now() + 7 * DAY_MS + 60_000);
    const ended = await fetchExport(session.headers, uuid, 'fi');
    expect(ended.statusCode).toBe(410);
    expect(ended.json()).toEqual({ code: 'export_expired', message: expect.stringContaining('vanhentunut') });
  });

  it('allows one export a day: a second is 429 with Retry-After and asks for nothing; a day later it is allowed', async () => {
    const { user } = await personWithData();
    const session = await loginAs(app, user);
    expect((await ask(session.headers)).statusCode).toBe(202);

    clock = new Date(clock.getTime() + 3 * 3_600_000);
    const again = await ask(session.headers, 'ru');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(21 * 3600);
    expect(again.json()).toMatchObject({ code: 'export_once_a_day', message: expect.stringContaining('21') });
    // Another session of the same person is refused too.
    expect((await ask((await loginAs(app, user)).headers)).statusCode).toBe(429);
    expect(await db().select().from(privacyExports).where(eq(privacyExports.userId, user.id))).toHaveLength(1);

    clock = new Date(clock.getTime() + 21 * 3_600_000 + 1000);
    expect((await ask(session.headers)).statusCode).toBe(202);
  });

  it('needs an account', async () => {
    const refused = await ask({});
    expect(refused.statusCode).toBe(401);
    expect(await db().select().from(privacyExports)).not.toContainEqual(expect.objectContaining({ userId: null }));
  });
});
