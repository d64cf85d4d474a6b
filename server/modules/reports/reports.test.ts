import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/auth.ts';
import { products } from '../../db/schema/products.ts';
import { decisions, reports } from '../../db/schema/reports.ts';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema/roles.ts';
import { users } from '../../db/schema/users.ts';
import type { Permission } from '../../../common/access.ts';
import { type TestUser, createUser, loginAs, readMails } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
let moderator: { headers: Record<string, string>; user: TestUser };
let secondModerator: Record<string, string>;
let seller: TestUser;
let sellerHeaders: Record<string, string>;
let buyerHeaders: Record<string, string>;
let buyer: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  const mod = await createUser(app, { roles: ['moderator'] });
  moderator = { headers: (await loginAs(app, mod)).headers, user: mod };
  secondModerator = (await loginAs(app, await createUser(app, { roles: ['moderator'] }))).headers;
  seller = await createUser(app, { name: 'Maija Myyjä' });
  await app.services.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, seller.id));
  sellerHeaders = (await loginAs(app, seller)).headers;
  buyer = await createUser(app, { name: 'Olli Ostaja' });
  buyerHeaders = (await loginAs(app, buyer)).headers;
});
afterAll(() => app.close());

const settled = () => app.services.platform.background.settled();
const mailsTo = (email: string) => readMails(app).filter((m) => m.to.includes(email));
const db = () => app.services.database.db;

async function reportAd(uuid: string, payload: Record<string, unknown>, headers: Record<string, string> = {}, ip = '10.0.0.1') {
  return app.inject({
    method: 'POST',
    url: `/api/product/${uuid}/report`,
    headers: { ...headers, 'accept-language': 'fi' },
    payload,
    remoteAddress: ip,
  });
}
async function queue(payload: Record<string, unknown> = {}, headers = moderator.headers) {
  return app.inject({ method: 'POST', url: '/api/admin/reports', headers, payload });
}
const resolve = (id: number, payload: Record<string, unknown>, headers = moderator.headers) =>
  app.inject({ method: 'POST', url: `/api/admin/reports/${id}/resolve`, headers, payload });

describe('reporting an ad', () => {
  it('takes a visitor report with an address and sends a receipt in the visitor’s language', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Epäilyttävä puhelin' });
    const res = await reportAd(ad.uuid, {
      reason: 'scam',
      details: 'Pyytää maksua etukäteen.',
      email: 'vierailija@example.com',
      name: 'Ville',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toContain('Kiitos');
    await settled();
    const [mail] = mailsTo('vierailija@example.com');
    expect(mail!.subject).toBe('Saimme ilmoituksesi');
    expect(mail!.text).toContain('Epäilyttävä puhelin');
    expect(mail!.text).toContain('Huijaus tai petos');
  });

  it('asks a visitor for an address, refuses unknown reasons, overlong text and a bad address, and stores nothing', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Toinen ilmoitus' });
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: 'scam' }, 'email'],
      [{ reason: 'nonsense', email: 'a@example.com' }, 'reason'],
      [{ reason: 'scam', email: 'not-an-address' }, 'email'],
      [{ reason: 'scam', email: 'a@example.com', details: 'x'.repeat(1001) }, 'details'],
      [{ reason: 'scam', email: 'a@example.com', details: 'ohjaus\u0007merkki' }, 'details'],
    ];
    for (const [payload, field] of cases) {
      const res = await reportAd(ad.uuid, payload, {}, '10.0.0.2');
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(await db().select().from(reports).where(eq(reports.subjectId, ad.id))).toHaveLength(0);
  });

  it('is a 404 for an ad that does not exist or that the reporter cannot see', async () => {
    expect((await reportAd('00000000-0000-4000-8000-000000000000', { reason: 'spam', email: 'a@example.com' })).statusCode).toBe(404);
    expect((await reportAd('not-a-uuid', { reason: 'spam', email: 'a@example.com' })).statusCode).toBe(404);
    const hidden = await createAd(app, { userId: seller.id, name: 'Tarkastuksessa', status: 'moderate' });
    expect((await reportAd(hidden.uuid, { reason: 'spam', email: 'a@example.com' })).statusCode).toBe(404);
  });

  it('refuses the seller’s own ad, and keeps one open report per person in a parallel burst', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Polkupyörä' });
    expect((await reportAd(ad.uuid, { reason: 'spam' }, sellerHeaders)).statusCode).toBe(422);
    const answers = await Promise.all(Array.from({ length: 5 }, () => reportAd(ad.uuid, { reason: 'spam' }, buyerHeaders, '10.0.0.3')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await db().select().from(reports).where(eq(reports.subjectId, ad.id))).toHaveLength(1);
  });

  it('throttles a flood from one address with a translated 429', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Tulvailmoitus' });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await reportAd(ad.uuid, { reason: 'spam', email: `t${i}@example.com` }, {}, '10.9.9.9'));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect(answers.at(-1)!.json().message).toBeTruthy();
  });
});

describe('the contact form', () => {
  it('lands in the reports inbox; the person gets a fixed receipt on the screen and no mail, so the form relays nothing to anyone', async () => {
    await settled();
    const before = readMails(app).length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'accept-language': 'en' },
      payload: {
        topic: 'problem',
        name: 'Anna',
        email: 'anna@example.com',
        message: 'The search page shows nothing on my phone.',
        page: '/catalogs/transport',
      },
      remoteAddress: '10.1.0.1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Thank you. We received your message and will answer by e-mail, usually within two working days.');
    await settled();
    expect(mailsTo('anna@example.com')).toEqual([]);
    // No staff inbox is set yet: nobody is mailed at all.
    expect(readMails(app).length).toBe(before);
    const list = (await queue({ subject: 'contact' })).json();
    expect(
      list.data.some(
        (r: { reason: string; reporter: { email: string } }) => r.reason === 'problem' && r.reporter.email === 'anna@example.com',
      ),
    ).toBe(true);
  });

  it('refuses a short message, no name, a bad topic, unknown fields', async () => {
    for (const payload of [
      { topic: 'problem', name: 'Anna', email: 'anna@example.com', message: 'short' },
      { topic: 'problem', name: '', email: 'anna@example.com', message: 'A long enough message here.' },
      { topic: 'sales', name: 'Anna', email: 'anna@example.com', message: 'A long enough message here.' },
      { topic: 'problem', name: 'Anna', email: 'anna@example.com', message: 'A long enough message here.', admin: true },
    ]) {
      expect((await app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: '10.1.0.2' })).statusCode).toBe(422);
    }
  });
});

describe('the queue and resolving', () => {
  it('is for reports.handle only', async () => {
    expect((await queue({}, buyerHeaders)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/admin/reports', payload: {} })).statusCode).toBe(401);
    const editor = (await loginAs(app, await createUser(app, { roles: ['editor'] }))).headers;
    expect((await queue({}, editor)).statusCode).toBe(403);
  });

  it('hides the ad, closes every open report about it, mails the seller a statement of reasons and each reporter the outcome, and audits', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Väärennetty laukku' });
    await reportAd(ad.uuid, { reason: 'counterfeit', email: 'eka@example.com' }, {}, '10.2.0.1');
    await reportAd(ad.uuid, { reason: 'counterfeit', details: 'Logo on väärin.' }, buyerHeaders, '10.2.0.2');
    const open = (await queue()).json().data.filter((r: { subject_id: number }) => r.subject_id === ad.id);
    expect(open).toHaveLength(2);
    expect(open[0].same_subject_open).toBe(2);

    const missingFacts = await resolve(open[0].id, { action: 'hide_ad', rule: 'counterfeit' });
    expect(missingFacts.statusCode).toBe(422);
    expect(Object.keys(missingFacts.json().errors)).toEqual(['note']);
    expect((await resolve(open[0].id, { action: 'hide_ad', note: 'Tuote on väärennös.' })).statusCode).toBe(422);

    const res = await resolve(open[0].id, { action: 'hide_ad', rule: 'counterfeit', note: 'Laukun logo ja saumat ovat väärennöksen.' });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(products).where(eq(products.id, ad.id));
    expect(row!.status).toBe('canceled');
    expect(
      (await db().select().from(reports).where(eq(reports.subjectId, ad.id))).every(
        (r) => r.status === 'resolved' && r.resolution === 'hide_ad',
      ),
    ).toBe(true);

    await settled();
    const statement = mailsTo(seller.email).find((m) => m.subject.startsWith('Decision about'));
    expect(statement!.text).toContain('"Väärennetty laukku" has been removed');
    expect(statement!.text).toContain('Laukun logo ja saumat ovat väärennöksen.');
    expect(statement!.text).toContain('Terms of use: counterfeit goods');
    expect(statement!.text).toContain('appeal it once');
    expect(statement!.text).toContain(ad.uuid);
    expect(
      mailsTo('eka@example.com').some((m) => m.subject === 'Ilmoituksesi on käsitelty' && m.text.includes('poistimme ilmoituksen')),
    ).toBe(true);
    expect(mailsTo(buyer.email).some((m) => m.subject === 'Ilmoituksesi on käsitelty')).toBe(true);

    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'report_resolved')).orderBy(auditLog.id);
    expect(audit).toMatchObject({ actorId: moderator.user.id, entity: 'report' });
    expect(audit!.data).toMatchObject({ action: 'hide_ad', before: { status: 'active' }, after: { status: 'canceled' } });

    // A second resolve of the same report, or of another about the same ad, changes nothing.
    const again = await resolve(open[1].id, { action: 'no_action' });
    expect(again.statusCode).toBe(422);
  });

  it('two moderators resolving at once: one wins, nothing is doubled', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Kilpajuoksu' });
    await reportAd(ad.uuid, { reason: 'spam', email: 'kilpa@example.com' }, {}, '10.3.0.1');
    const [report] = await db().select().from(reports).where(eq(reports.subjectId, ad.id));
    const answers = await Promise.all([
      resolve(report!.id, { action: 'hide_ad', rule: 'spam', note: 'Sama ilmoitus kymmenen kertaa.' }),
      resolve(report!.id, { action: 'hide_ad', rule: 'spam', note: 'Sama ilmoitus kymmenen kertaa.' }, secondModerator),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await db().select().from(decisions).where(eq(decisions.productId, ad.id))).toHaveLength(1);
  });

  it('refuses actions a report kind has not, unknown ids and ids beyond int32', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { topic: 'support', name: 'Pekka', email: 'pekka@example.com', message: 'How do I change my city?' },
      remoteAddress: '10.4.0.1',
    });
    const [contact] = await db().select().from(reports).where(eq(reports.reporterEmail, 'pekka@example.com'));
    expect((await resolve(contact!.id, { action: 'hide_ad', rule: 'spam', note: 'Ei sovellu tähän.' })).statusCode).toBe(422);
    expect((await resolve(999_999, { action: 'no_action' })).statusCode).toBe(404);
    expect((await resolve(2_147_483_648, { action: 'no_action' })).statusCode).toBe(422);
    expect((await resolve(contact!.id, { action: 'explode' })).statusCode).toBe(422);
    // Answering a contact message mails the answer.
    expect((await resolve(contact!.id, { action: 'no_action', note: 'Asetukset > Profiili > Kaupunki.' })).statusCode).toBe(200);
    await settled();
    expect(mailsTo('pekka@example.com').some((m) => m.text.includes('Asetukset > Profiili > Kaupunki.'))).toBe(true);
  });
});

describe('the appeal', () => {
  async function hiddenAd(name: string) {
    const ad = await createAd(app, { userId: seller.id, name, status: 'reserved' });
    await reportAd(
      ad.uuid,
      { reason: 'prohibited', email: `${crypto.randomUUID()}@example.com` },
      {},
      `10.5.${Math.floor(Math.random() * 250)}.1`,
    );
    const [report] = await db().select().from(reports).where(eq(reports.subjectId, ad.id));
    expect((await resolve(report!.id, { action: 'hide_ad', rule: 'illegal_item', note: 'Myynti on kielletty Suomessa.' })).statusCode).toBe(
      200,
    );
    return ad;
  }

  it('the seller sees the statement and appeals once; another moderator reverses it and the ad returns to its status', async () => {
    const ad = await hiddenAd('Ilmakivääri');
    const seen = await app.inject({ method: 'GET', url: `/api/product/${ad.uuid}/decision`, headers: sellerHeaders });
    expect(seen.json().data).toMatchObject({ rule: 'illegal_item', facts: 'Myynti on kielletty Suomessa.', may_appeal: true });
    expect((await app.inject({ method: 'GET', url: `/api/product/${ad.uuid}/decision`, headers: buyerHeaders })).statusCode).toBe(403);

    const appeal = (text: string, headers = sellerHeaders) =>
      app.inject({ method: 'POST', url: `/api/product/${ad.uuid}/appeal`, headers, payload: { text } });
    expect((await appeal('Liian lyhyt')).statusCode).toBe(201);
    expect((await appeal('Toinen valitus samasta asiasta.')).statusCode).toBe(422);
    expect((await appeal('Vieras ei voi valittaa tästä.', buyerHeaders)).statusCode).toBe(403);

    const appeals = (await queue({ status: 'appeals' })).json();
    const open = appeals.data.find((d: { product: { uuid: string } }) => d.product?.uuid === ad.uuid);
    expect(open).toMatchObject({ appeal_text: 'Liian lyhyt', may_appeal: false });

    // The moderator who decided cannot decide the appeal.
    const own = await app.inject({
      method: 'POST',
      url: `/api/admin/appeals/${open.id}/decide`,
      headers: moderator.headers,
      payload: { outcome: 'reversed', note: 'Oma päätös.' },
    });
    expect(own.statusCode).toBe(422);
    const other = await app.inject({
      method: 'POST',
      url: `/api/admin/appeals/${open.id}/decide`,
      headers: secondModerator,
      payload: { outcome: 'reversed', note: 'Kyseessä on ilmapistooli, jonka myynti on sallittu.' },
    });
    expect(other.statusCode).toBe(200);
    const [row] = await db().select().from(products).where(eq(products.id, ad.id));
    expect(row!.status).toBe('reserved');
    await settled();
    expect(mailsTo(seller.email).some((m) => m.subject === 'Your appeal was decided' && m.text.includes('reversed'))).toBe(true);
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/appeals/${open.id}/decide`,
      headers: secondModerator,
      payload: { outcome: 'upheld', note: 'Uudestaan.' },
    });
    expect(again.statusCode).toBe(422);
  });

  it('a parallel burst of appeals stores one', async () => {
    const ad = await hiddenAd('Rinnakkaisvalitus');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        app.inject({
          method: 'POST',
          url: `/api/product/${ad.uuid}/appeal`,
          headers: sellerHeaders,
          payload: { text: 'Päätös on väärä, tuote on laillinen.' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422]);
  });
});

describe('a reported conversation', () => {
  it('shows staff its last messages up to the report, marked by who wrote them', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Keskusteltava ilmoitus' });
    const send = (text: string) =>
      app.inject({
        method: 'POST',
        url: `/api/channel/product/${ad.uuid}/messages`,
        headers: buyerHeaders,
        payload: { text, client_id: crypto.randomUUID() },
      });
    const first = await send('Onko vielä myynnissä?');
    const roomId = first.json().room_id as number;
    await app.inject({
      method: 'POST',
      url: `/api/chat-room/${roomId}/messages`,
      headers: sellerHeaders,
      payload: { text: 'Maksa ensin lahjakortilla.', client_id: crypto.randomUUID() },
    });
    expect(
      (await app.inject({ method: 'POST', url: `/api/chat-room/${roomId}/report`, headers: buyerHeaders, payload: { reason: 'scam' } }))
        .statusCode,
    ).toBe(200);
    const list = (await queue({ subject: 'chat_room' })).json();
    const item = list.data.find((r: { subject_id: number }) => r.subject_id === roomId);
    expect(item.conversation.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ['reporter', 'Onko vielä myynnissä?'],
      ['other', 'Maksa ensin lahjakortilla.'],
    ]);
  });
});

describe('the staff inbox of the app settings', () => {
  it('forwards a contact message there, answerable straight to the sender, and mails nobody else', async () => {
    const admin = (await loginAs(app, await createUser(app, { roles: ['admin'] }))).headers;
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/admin/app-settings',
      headers: admin,
      payload: { staff_inbox_email: 'tuki@example.com' },
    });
    expect(saved.statusCode).toBe(200);
    await settled();
    const before = readMails(app).length;
    const spam = 'Halpoja lääkkeitä osoitteessa https://spam.example';
    const sent = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'accept-language': 'fi' },
      payload: { topic: 'support', name: spam, email: 'uhri@example.com', message: `${spam} — osta nyt!` },
      remoteAddress: '10.6.0.2',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe('Kiitos! Saimme viestisi ja vastaamme sähköpostilla yleensä kahden arkipäivän kuluessa.');
    expect(sent.body).not.toContain('spam.example');
    await settled();
    expect(mailsTo('uhri@example.com')).toEqual([]);
    expect(
      readMails(app)
        .slice(before)
        .map((m) => m.to),
    ).toEqual([expect.stringContaining('tuki@example.com')]);

    await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { topic: 'support', name: 'Liisa', email: 'liisa@example.com', message: 'En pääse kirjautumaan sisään.' },
      remoteAddress: '10.6.0.1',
    });
    await settled();
    expect(mailsTo('liisa@example.com')).toEqual([]);
    const [forwarded] = mailsTo('tuki@example.com').filter((m) => m.text.includes('Liisa'));
    expect(forwarded!.subject).toContain('Liisa');
    expect(forwarded!.text).toContain('En pääse kirjautumaan sisään.');
    expect(forwarded!.raw).toMatch(/^Reply-To: liisa@example.com/im);
  });
});

describe('banning from a report', () => {
  it('blocks the seller (signed out, cannot sign in), hides their listed ads and mails the statement; staff cannot be banned this way', async () => {
    const scammer = await createUser(app, { name: 'Huijari' });
    const scammerSession = await loginAs(app, scammer);
    const ad = await createAd(app, { userId: scammer.id, name: 'Liian halpa iPhone' });
    const other = await createAd(app, { userId: scammer.id, name: 'Toinen halpa puhelin' });
    await reportAd(ad.uuid, { reason: 'scam' }, buyerHeaders, '10.7.0.1');
    const [report] = await db().select().from(reports).where(eq(reports.subjectId, ad.id));

    const res = await resolve(report!.id, { action: 'ban_user', rule: 'fraud', note: 'Pyysi maksua lahjakorteilla usealta ostajalta.' });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, scammer.id));
    expect(row!.blockedAt).not.toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: scammerSession.headers })).statusCode).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: scammer.email, password: scammer.password } });
    expect(login.statusCode).toBe(403);
    const statuses = await db().select({ status: products.status }).from(products).where(eq(products.userId, scammer.id));
    expect(statuses.every((s) => s.status === 'canceled')).toBe(true);
    expect(other.id).toBeGreaterThan(0);
    await settled();
    expect(mailsTo(scammer.email).some((m) => m.text.includes('Pyysi maksua lahjakorteilla'))).toBe(true);

    const staffSeller = await createUser(app, { roles: ['editor'] });
    const staffAd = await createAd(app, { userId: staffSeller.id, name: 'Toimittajan ilmoitus' });
    await reportAd(staffAd.uuid, { reason: 'spam' }, buyerHeaders, '10.7.0.2');
    const [staffReport] = await db().select().from(reports).where(eq(reports.subjectId, staffAd.id));
    const refused = await resolve(staffReport!.id, { action: 'ban_user', rule: 'spam', note: 'Roskapostia monta kertaa.' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['action']);
  });

  it('unblocking the account brings back the ads the ban hid, each as it was, and only those still hidden', async () => {
    const person = await createUser(app, { name: 'Erehdys' });
    const active = await createAd(app, { userId: person.id, name: 'Polkupyörä 26"' });
    const reserved = await createAd(app, { userId: person.id, name: 'Varattu sohva', status: 'reserved' });
    const waiting = await createAd(app, { userId: person.id, name: 'Tarkastettava lamppu', status: 'moderate' });
    const ownCanceled = await createAd(app, { userId: person.id, name: 'Itse poistettu', status: 'canceled' });
    await reportAd(active.uuid, { reason: 'scam' }, buyerHeaders, '10.7.1.1');
    const [report] = await db().select().from(reports).where(eq(reports.subjectId, active.id));
    const ban = await resolve(report!.id, { action: 'ban_user', rule: 'fraud', note: 'Epäilty huijaus, tarkistetaan.' });
    expect(ban.statusCode).toBe(200);
    const statusOf = async (id: number) => (await db().select({ s: products.status }).from(products).where(eq(products.id, id)))[0]!.s;
    for (const ad of [active, reserved, waiting]) expect(await statusOf(ad.id)).toBe('canceled');

    // Staff disabled one of the hidden ads meanwhile: that later decision stays.
    await db().update(products).set({ status: 'disabled' }).where(eq(products.id, waiting.id));

    const admin = (await loginAs(app, await createUser(app, { roles: ['admin'] }))).headers;
    const unblock = () =>
      app.inject({
        method: 'POST',
        url: '/api/users/toggle-block',
        headers: { ...admin, 'accept-language': 'en' },
        payload: { user: person.id, action: 'unblock' },
      });
    const first = await unblock();
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('User unblocked. They can log in again. Ads hidden by the ban are back as they were: 2.');
    expect(await statusOf(active.id)).toBe('active');
    expect(await statusOf(reserved.id)).toBe('reserved');
    expect(await statusOf(waiting.id)).toBe('disabled');
    expect(await statusOf(ownCanceled.id)).toBe('canceled');
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'user_unblocked')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.data).toMatchObject({ restored_ads: 2 });

    // A second unblock, or a later ban and unblock, restores nothing twice.
    const again = await unblock();
    expect(again.json().message).toBe('User unblocked. They can log in again.');
    expect(await statusOf(active.id)).toBe('active');
  });
});

describe('nobody decides in their own cause', () => {
  /** A person holding only these staff permissions, through a role of their own. */
  async function staffWith(...granted: Permission[]) {
    const person = await createUser(app, { name: 'Oma Rooli' });
    const [role] = await db()
      .insert(roles)
      .values({ slug: `custom-${crypto.randomUUID().slice(0, 8)}`, name: `Oma ${crypto.randomUUID().slice(0, 8)}` })
      .returning({ id: roles.id });
    const rows = await db().select({ id: permissions.id, name: permissions.name }).from(permissions);
    await db()
      .insert(rolePermissions)
      .values(rows.filter((p) => granted.includes(p.name as Permission)).map((p) => ({ roleId: role!.id, permissionId: p.id })));
    await db().insert(userRoles).values({ userId: person.id, roleId: role!.id });
    return { user: person, headers: { ...(await loginAs(app, person)).headers, 'accept-language': 'en' } };
  }
  type Staff = Awaited<ReturnType<typeof staffWith>>;
  const decide = (id: number, headers: Record<string, string>, outcome = 'reversed') =>
    app.inject({ method: 'POST', url: `/api/admin/appeals/${id}/decide`, headers, payload: { outcome, note: 'Ratkaistu.' } });
  const changeStatus = (id: number, status: string, headers: Record<string, string>) =>
    app.inject({ method: 'PATCH', url: '/api/product/change-status', headers, payload: { id, status } });
  const statusOf = async (id: number) => (await db().select({ s: products.status }).from(products).where(eq(products.id, id)))[0]!.s;
  const reportOf = async (subjectType: 'product' | 'user' | 'chat_room', subjectId: number) =>
    (
      await db()
        .select()
        .from(reports)
        .where(and(eq(reports.subjectType, subjectType), eq(reports.subjectId, subjectId)))
    )[0]!;

  /** The staff member's own ad, reported and hidden by another moderator. */
  async function ownHiddenAd(owner: Staff, name: string) {
    const ad = await createAd(app, { userId: owner.user.id, name });
    await reportAd(ad.uuid, { reason: 'spam' }, buyerHeaders, `10.8.${Math.floor(Math.random() * 250)}.1`);
    const hidden = await resolve((await reportOf('product', ad.id)).id, {
      action: 'hide_ad',
      rule: 'spam',
      note: 'Sama ilmoitus monta kertaa.',
    });
    expect(hidden.statusCode).toBe(200);
    expect(await statusOf(ad.id)).toBe('canceled');
    return ad;
  }

  for (const kind of ['moderator', 'custom role with ads.moderate and reports.handle only'] as const) {
    const makeStaff = async () =>
      kind === 'moderator'
        ? await (async () => {
            const user = await createUser(app, { roles: ['moderator'] });
            return { user, headers: { ...(await loginAs(app, user)).headers, 'accept-language': 'en' } };
          })()
        : await staffWith('ads.moderate', 'reports.handle');

    it(`a ${kind} cannot resolve a report about their own ad, own account or own conversation; another moderator can`, async () => {
      const staff = await makeStaff();
      const ad = await createAd(app, { userId: staff.user.id, name: 'Moderaattorin polkupyörä' });
      await reportAd(ad.uuid, { reason: 'scam' }, buyerHeaders, '10.8.0.1');
      const aboutAd = await reportOf('product', ad.id);
      for (const payload of [{ action: 'no_action' }, { action: 'hide_ad', rule: 'spam', note: 'Piilotan itse, ettei kukaan muu.' }]) {
        const refused = await resolve(aboutAd.id, payload, staff.headers);
        expect(refused.statusCode).toBe(422);
        expect(refused.json().errors.action).toEqual([
          'This case concerns your own ad or account, so another staff member must decide it.',
        ]);
      }
      expect((await reportOf('product', ad.id)).status).toBe('open');
      expect(await statusOf(ad.id)).toBe('active');

      const [aboutMe] = await db()
        .insert(reports)
        .values({ subjectType: 'user', subjectId: staff.user.id, reporterId: buyer.id, reason: 'scam' })
        .returning();
      expect((await resolve(aboutMe!.id, { action: 'no_action' }, staff.headers)).statusCode).toBe(422);

      const talk = await app.inject({
        method: 'POST',
        url: `/api/channel/product/${ad.uuid}/messages`,
        headers: buyerHeaders,
        payload: { text: 'Hei', client_id: crypto.randomUUID() },
      });
      const roomId = talk.json().room_id as number;
      await app.inject({ method: 'POST', url: `/api/chat-room/${roomId}/report`, headers: buyerHeaders, payload: { reason: 'scam' } });
      expect((await resolve((await reportOf('chat_room', roomId)).id, { action: 'no_action' }, staff.headers)).statusCode).toBe(422);

      expect((await resolve(aboutAd.id, { action: 'no_action' }, secondModerator)).statusCode).toBe(200);
      expect((await resolve(aboutMe!.id, { action: 'no_action' }, secondModerator)).statusCode).toBe(200);
    });

    it(`a ${kind} cannot bring back their own hidden ad: not by status, approval or edit, nor by deciding its appeal`, async () => {
      const staff = await makeStaff();
      const ad = await ownHiddenAd(staff, 'Piilotettu oma ilmoitus');

      const reactivate = await changeStatus(ad.id, 'active', staff.headers);
      expect(reactivate.statusCode).toBe(422);
      expect(reactivate.json().errors.status).toEqual([
        'This is your own ad, hidden by a decision after a report: it comes back only through an appeal decided by another staff member.',
      ]);
      expect((await changeStatus(ad.id, 'moderate', staff.headers)).statusCode).toBe(422);
      expect((await app.inject({ method: 'POST', url: `/api/admin/products/${ad.uuid}/approve`, headers: staff.headers })).statusCode).toBe(
        422,
      );
      const edited = await app.inject({
        method: 'PATCH',
        url: '/api/product',
        headers: staff.headers,
        payload: { productUuid: ad.uuid, name: 'Sama ilmoitus uudella nimellä' },
      });
      expect(edited.statusCode).toBe(200);
      expect(await statusOf(ad.id)).toBe('canceled');
      // A burst changes nothing either.
      const burst = await Promise.all(Array.from({ length: 4 }, () => changeStatus(ad.id, 'active', staff.headers)));
      expect(burst.map((r) => r.statusCode)).toEqual([422, 422, 422, 422]);
      expect(await statusOf(ad.id)).toBe('canceled');

      // The normal way: the appeal, decided by someone who neither owns the ad nor made the decision.
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/product/${ad.uuid}/appeal`,
            headers: staff.headers,
            payload: { text: 'Ilmoitus ei ollut roskapostia.' },
          })
        ).statusCode,
      ).toBe(201);
      const [decision] = await db().select().from(decisions).where(eq(decisions.productId, ad.id));
      const own = await decide(decision!.id, staff.headers);
      expect(own.statusCode).toBe(422);
      expect(own.json().errors.outcome).toEqual(['This case concerns your own ad or account, so another staff member must decide it.']);
      expect((await decide(decision!.id, moderator.headers)).statusCode).toBe(422);
      expect(await statusOf(ad.id)).toBe('canceled');
      expect((await decide(decision!.id, secondModerator)).statusCode).toBe(200);
      expect(await statusOf(ad.id)).toBe('active');
    });
  }

  it('another moderator may re-status a staff member’s hidden ad; once the decision is reversed the owner re-statuses it again', async () => {
    const staff = await staffWith('ads.moderate', 'reports.handle');
    const ad = await ownHiddenAd(staff, 'Toisen palauttama');
    expect((await changeStatus(ad.id, 'active', secondModerator)).statusCode).toBe(200);
    expect(await statusOf(ad.id)).toBe('active');
    // Not hidden any more: its owner may set its status as staff again.
    expect((await changeStatus(ad.id, 'disabled', staff.headers)).statusCode).toBe(200);
  });

  it('a seller’s edit leaves an ad a decision hides hidden; an ad a moderator only rejected goes back to review', async () => {
    const hidden = await createAd(app, { userId: seller.id, name: 'Piilotettu myyjän ilmoitus' });
    await reportAd(hidden.uuid, { reason: 'spam' }, buyerHeaders, '10.8.9.1');
    expect(
      (await resolve((await reportOf('product', hidden.id)).id, { action: 'hide_ad', rule: 'spam', note: 'Roskapostia monta kertaa.' }))
        .statusCode,
    ).toBe(200);
    const rejected = await createAd(app, { userId: seller.id, name: 'Hylätty myyjän ilmoitus', status: 'canceled' });
    // My showcase says the same as the ad page: the decision-hidden one comes back only by an appeal.
    const mine = (await app.inject({ url: '/api/user-products?status=canceled', headers: sellerHeaders })).json().data as {
      uuid: string;
      hidden_by_decision: boolean;
    }[];
    expect(mine.find((ad) => ad.uuid === hidden.uuid)?.hidden_by_decision).toBe(true);
    expect(mine.find((ad) => ad.uuid === rejected.uuid)?.hidden_by_decision).toBe(false);
    for (const ad of [hidden, rejected]) {
      const edit = await app.inject({
        method: 'PATCH',
        url: '/api/product',
        headers: sellerHeaders,
        payload: { productUuid: ad.uuid, name: `${ad.name} korjattu` },
      });
      expect(edit.statusCode).toBe(200);
    }
    expect(await statusOf(hidden.id)).toBe('canceled');
    expect(await statusOf(rejected.id)).toBe('moderate');
  });
});
