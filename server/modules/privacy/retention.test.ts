import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/schema/auth.ts';
import { chatMessages, chatRooms } from '../../db/schema/chat.ts';
import { infoPages } from '../../db/schema/info-pages.ts';
import { jobs } from '../../db/schema/notifications.ts';
import { privacyExports } from '../../db/schema/privacy.ts';
import { users } from '../../db/schema/users.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { presentMessage } from '../chat/chat.service.ts';
import { ANONYMISED_BODY } from './privacy.repo.ts';
import { RETENTION_JOBS } from './retention.service.ts';

const DAY_MS = 86_400_000;
let app: FastifyInstance;
let clock = new Date();
const db = () => app.services.database.db;
const daysAgo = (days: number) => new Date(clock.getTime() - days * DAY_MS);

beforeAll(async () => {
  app = await buildTestApp({}, { now: () => clock });
});
beforeEach(() => {
  clock = new Date();
});
afterAll(() => app.close());

const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

function writeFileAged(folder: string, name: string, days: number) {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  fs.writeFileSync(file, 'x');
  const at = daysAgo(days);
  fs.utimesSync(file, at, at);
  return file;
}

describe('retention jobs', () => {
  it('run daily through the queue: queued once for the next day, each task audited', async () => {
    await app.services.retention.scheduleRetention(clock);
    await app.services.retention.scheduleRetention(clock);
    const queued = await db().select().from(jobs).where(eq(jobs.kind, RETENTION_JOBS.daily));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.runAt.getTime()).toBeGreaterThan(clock.getTime());
    expect(queued[0]!.runAt.getTime()).toBeLessThanOrEqual(clock.getTime() + DAY_MS);
    await app.services.jobs.runDue(new Date(queued[0]!.runAt.getTime() + 1000));
    // The run queued the next day's.
    const next = await db().select().from(jobs).where(eq(jobs.kind, RETENTION_JOBS.daily));
    expect(next.map((job) => job.runAt.getTime())).toEqual([queued[0]!.runAt.getTime() + DAY_MS]);
    for (const task of ['mailAndLogs', 'sessions', 'messages', 'exports']) {
      expect(await auditOf(`retention_${task}`)).toContainEqual(expect.objectContaining({ entity: 'retention', actorId: null }));
    }
  });

  it('deletes mail files and logs older than 30 days and keeps newer ones', async () => {
    const mail = path.join(app.config.dataDir, 'mail');
    const logs = path.join(app.config.dataDir, 'logs');
    const oldMail = writeFileAged(mail, 'old.eml', 31);
    const newMail = writeFileAged(mail, 'new.eml', 29);
    const oldLog = writeFileAged(logs, 'app-old.log', 40);
    const result = await app.services.retention.run('mailAndLogs', clock);
    expect(result).toEqual({ mail_files: 1, log_files: 1 });
    expect(fs.existsSync(oldMail)).toBe(false);
    expect(fs.existsSync(oldLog)).toBe(false);
    expect(fs.existsSync(newMail)).toBe(true);
    const [entry] = (await auditOf('retention_mailAndLogs')).slice(-1);
    expect(entry!.data).toEqual({ mail_files: 1, log_files: 1 });
  });

  it('removes sessions that ended more than 90 days ago, keeps the rest', async () => {
    const user = await createUser(app);
    const live = await loginAs(app, user);
    const id = () => randomBytes(16).toString('hex');
    const [ended91, ended10] = [id(), id()];
    await db()
      .insert(sessions)
      .values([
        { id: ended91, userId: user.id, expiresAt: daysAgo(91) },
        { id: ended10, userId: user.id, expiresAt: daysAgo(10) },
      ]);
    const result = await app.services.retention.run('sessions', clock);
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    const left = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).not.toContain(ended91);
    expect(left.map((s) => s.id)).toContain(ended10);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: live.headers })).statusCode).toBe(200);
  });

  it("anonymises the messages of deleted accounts (text and picture), and leaves everyone else's", async () => {
    const stays = await createUser(app);
    const goes = await createUser(app);
    const [room] = await db().insert(chatRooms).values({ subject: 'Polkupyörä' }).returning();
    const pictureKey = `chat/test/${randomUUID()}.webp`;
    await app.services.platform.storage.put(pictureKey, Buffer.from('picture'), 'image/webp');
    const rows = await db()
      .insert(chatMessages)
      .values([
        { roomId: room!.id, senderId: goes.id, clientId: randomUUID(), body: 'Soita numeroon 040 123 4567' },
        { roomId: room!.id, senderId: goes.id, clientId: randomUUID(), body: 'Kuva', pictureKey, pictureWidth: 4, pictureHeight: 3 },
        { roomId: room!.id, senderId: stays.id, clientId: randomUUID(), body: 'Kiitos!' },
      ])
      .returning();
    await db().delete(users).where(eq(users.id, goes.id));

    const result = await app.services.retention.run('messages', clock);
    expect(result).toMatchObject({ messages: 2, pictures: 1 });
    const after = await db()
      .select()
      .from(chatMessages)
      .where(
        inArray(
          chatMessages.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(chatMessages.id);
    expect(after.map((m) => [m.body, m.pictureKey])).toEqual([
      [ANONYMISED_BODY, null],
      [ANONYMISED_BODY, null],
      ['Kiitos!', null],
    ]);
    expect(await app.services.platform.storage.read(pictureKey)).toBeUndefined();
    // Readers are told the message was removed, in their language, rather than shown the marker.
    expect(after.map((m) => presentMessage(m)).map((m) => [m.text, m.removed ?? false])).toEqual([
      ['', true],
      ['', true],
      ['Kiitos!', false],
    ]);
    // A second run finds nothing left to do.
    expect(await app.services.retention.run('messages', clock)).toMatchObject({ messages: 0 });
  });

  it('deletes exports whose link has ended, file and all', async () => {
    const user = await createUser(app);
    const session = await loginAs(app, user);
    const { uuid } = (await app.inject({ method: 'POST', url: '/api/account/export', headers: session.headers })).json().data as {
      uuid: string;
    };
    await app.services.jobs.runDue(clock);
    const [row] = await db().select().from(privacyExports).where(eq(privacyExports.uuid, uuid));
    expect(await app.services.platform.storage.read(row!.storageKey!)).toBeDefined();

    expect(await app.services.retention.run('exports', new Date(clock.getTime() + 6 * DAY_MS))).toMatchObject({ exports: 0 });
    const later = new Date(clock.getTime() + 7 * DAY_MS + 1000);
    expect(await app.services.retention.run('exports', later)).toMatchObject({ exports: 1 });
    const [gone] = await db().select().from(privacyExports).where(eq(privacyExports.uuid, uuid));
    expect(gone).toMatchObject({ status: 'deleted', storageKey: null });
    expect(await app.services.platform.storage.read(row!.storageKey!)).toBeUndefined();
    clock = later;
    expect((await app.inject({ method: 'GET', url: `/api/account/export/${uuid}`, headers: session.headers })).statusCode).toBe(410);
  });

  it("deletes a deleted account's export at the next run, before its link would have ended", async () => {
    const user = await createUser(app);
    const session = await loginAs(app, user);
    const { uuid } = (await app.inject({ method: 'POST', url: '/api/account/export', headers: session.headers })).json().data as {
      uuid: string;
    };
    await app.services.jobs.runDue(clock);
    const [row] = await db().select().from(privacyExports).where(eq(privacyExports.uuid, uuid));
    await db().delete(users).where(eq(users.id, user.id));
    expect(await app.services.retention.run('exports', clock)).toMatchObject({ exports: 1 });
    expect(await app.services.platform.storage.read(row!.storageKey!)).toBeUndefined();
    const [gone] = await db().select().from(privacyExports).where(eq(privacyExports.uuid, uuid));
    expect(gone).toMatchObject({ userId: null, status: 'deleted', storageKey: null });
  });
});

describe('cookie consent records', () => {
  it('records a signed-in choice with the policy version, lists it, and asks again once the policy changes', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    expect((await app.inject({ method: 'GET', url: '/api/account/consents', headers })).json()).toMatchObject({
      data: [],
      ask_again: false,
    });

    const recorded = await app.inject({ method: 'POST', url: '/api/account/consent', headers, payload: { choice: 'denied' } });
    expect(recorded.statusCode).toBe(201);
    const version = (await app.inject({ method: 'GET', url: '/api/privacy/policy-version' })).json().policy_version as string;
    expect(recorded.json().data).toEqual({ choice: 'denied', policy_version: version, created_at: expect.any(String) });
    expect((await app.inject({ method: 'GET', url: '/api/account/consents', headers })).json()).toMatchObject({
      data: [{ choice: 'denied', policy_version: version }],
      policy_version: version,
      ask_again: false,
    });

    // The Finnish privacy policy is saved again: a new version, and the answer is asked for again.
    const changed = await db()
      .update(infoPages)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(and(eq(infoPages.slug, 'privacy-policy'), eq(infoPages.locale, 'fi')))
      .returning();
    if (!changed.length) {
      await db().insert(infoPages).values({ slug: 'privacy-policy', locale: 'fi', title: 'Tietosuojaseloste', bodyHtml: '<p>Uusi</p>' });
    }
    const listed = (await app.inject({ method: 'GET', url: '/api/account/consents', headers })).json();
    expect(listed.policy_version).not.toBe(version);
    expect(listed.ask_again).toBe(true);

    await app.inject({ method: 'POST', url: '/api/account/consent', headers, payload: { choice: 'granted' } });
    expect((await app.inject({ method: 'GET', url: '/api/account/consents', headers })).json()).toMatchObject({
      data: [
        { choice: 'granted', policy_version: listed.policy_version },
        { choice: 'denied', policy_version: version },
      ],
      ask_again: false,
    });
  });

  it('refuses a visitor and a choice that is not one of the two, saving nothing', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/account/consent', payload: { choice: 'granted' } })).statusCode).toBe(401);
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/account/consent',
      headers: { ...headers, 'accept-language': 'en' },
      payload: { choice: 'some' },
    });
    expect(bad.statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/account/consents', headers })).json().data).toEqual([]);
  });
});
