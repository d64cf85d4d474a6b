import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../common/locales.ts';
import { INT32_MAX } from '../../../common/text.ts';
import { auditLog } from '../../db/schema/auth.ts';
import { infoPageVersions, infoPages } from '../../db/schema/info-pages.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
let editor: Record<string, string>;
let editorId: number;
let admin: Record<string, string>;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://kauppis.fi' });
  const e = await createUser(app, { roles: ['user', 'editor'], name: 'Eeva Editori' });
  editorId = e.id;
  editor = { ...(await loginAs(app, e)).headers, ...en };
  admin = { ...(await loginAs(app, await createUser(app, { roles: ['user', 'admin'], name: 'Aino Admin' }))).headers, ...en };
});
afterAll(() => app.close());
// Each test starts from pages nobody has written (the template database may hold the seeded texts).
beforeEach(async () => {
  await app.services.database.db.delete(infoPages);
});

const put = (slug: string, locale: string, payload: object, headers = editor) =>
  app.inject({ method: 'PUT', url: `/api/admin/info-pages/${slug}/${locale}`, headers, payload });
const edit = async (slug: string, locale: string) =>
  (await app.inject({ url: `/api/admin/info-pages/${slug}/${locale}`, headers: editor })).json().data;
const versions = async (slug: string, locale: string, page = 1) =>
  (await app.inject({ url: `/api/admin/info-pages/${slug}/${locale}/versions?page=${page}`, headers: editor })).json();
const auditOf = (entityId: string) =>
  app.services.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'info_page'), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));

describe('GET /api/info/{slug}', () => {
  it('answers the page in the request’s language, else in Finnish, with the languages it is written in', async () => {
    await put('privacy-policy', 'fi', { title: 'Tietosuojaseloste', body: '<p>Käsittelemme tietojasi huolella.</p>' });
    const fallback = await app.inject({ url: '/api/info/privacy-policy', headers: en });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().data).toMatchObject({
      slug: 'privacy-policy',
      locale: 'fi',
      title: 'Tietosuojaseloste',
      body: '<p>Käsittelemme tietojasi huolella.</p>',
      description: 'Käsittelemme tietojasi huolella.',
      locales: ['fi'],
    });
    await put('privacy-policy', 'en', { title: 'Privacy policy', body: '<p>We handle your data with care.</p>' });
    const english = (await app.inject({ url: '/api/info/privacy-policy', headers: en })).json().data;
    expect(english).toMatchObject({ locale: 'en', title: 'Privacy policy', locales: ['fi', 'en'] });
    expect(Date.parse(english.updated_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('cuts a long description at a word', async () => {
    await put('contacts', 'fi', { title: 'Yhteystiedot', body: `<p>${'sana '.repeat(100)}</p>` });
    const { description } = (await app.inject({ url: '/api/info/contacts' })).json().data;
    expect(description.length).toBeLessThanOrEqual(161);
    expect(description).toMatch(/sana…$/);
  });

  it('is a 404 for a slug outside the seven and for a page with no text yet', async () => {
    for (const slug of ['whatever', 'terms', '..%2Fetc', 'x'.repeat(61)]) {
      const reply = await app.inject({ url: `/api/info/${slug}`, headers: en });
      expect(reply.statusCode, slug).toBe(404);
      expect(reply.json().message).toBeTruthy();
    }
    expect((await app.inject({ url: '/api/info/donations' })).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/info-pages/{slug}/{locale}', () => {
  it('stores the text sanitized with a first version, and shows who changed it when', async () => {
    const reply = await put('terms-of-use', 'fi', {
      title: '  Käyttöehdot  ',
      body: '<h1>Ehdot</h1><p onclick="x()">Ole <b>kiltti</b>.</p>',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      message: 'Page saved.',
      changed: true,
      data: { slug: 'terms-of-use', locale: 'fi', title: 'Käyttöehdot', body: '<h2>Ehdot</h2><p>Ole <strong>kiltti</strong>.</p>' },
    });
    expect(reply.json().data.updated_by).toEqual({ id: editorId, name: 'Eeva Editori' });
    const list = await versions('terms-of-use', 'fi');
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ title: 'Käyttöehdot', current: true, restored_from: null, created_by: { id: editorId } });
    const [entry] = await auditOf('terms-of-use/fi');
    expect(entry).toMatchObject({ action: 'info_page_updated', actorId: editorId });
    expect(entry!.data).toMatchObject({ before: null, after: { title: 'Käyttöehdot', bytes: list.data[0].bytes } });
  });

  it('makes no version and no audit entry when nothing changed (after sanitizing)', async () => {
    await put('partnership', 'en', { title: 'Partnership', body: '<p>Work with us.</p>' });
    const again = await put('partnership', 'en', { title: 'Partnership ', body: '<p>Work with us.</p><script>alert(1)</script>' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ changed: false, message: 'Nothing had changed, so no new version was made.' });
    expect((await versions('partnership', 'en')).data).toHaveLength(1);
    expect(await auditOf('partnership/en')).toHaveLength(1);
  });

  it('records the title and size before and after a change', async () => {
    await put('advertisement', 'ru', { title: 'Реклама', body: '<p>Коротко.</p>' });
    await put('advertisement', 'ru', { title: 'Реклама на сайте', body: '<p>Немного длиннее.</p>' });
    const [entry] = await auditOf('advertisement/ru');
    expect(entry!.data).toMatchObject({
      before: { title: 'Реклама', bytes: Buffer.byteLength('<p>Коротко.</p>') },
      after: { title: 'Реклама на сайте', bytes: Buffer.byteLength('<p>Немного длиннее.</p>') },
    });
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p>ok<img src="/media/a.webp" onerror="alert(1)"></p>', '<p>ok<img src="/media/a.webp" /></p>'],
    ['<p><a href="javascript:alert(1)">link</a></p>', '<p><a>link</a></p>'],
    ['<p>ok</p><iframe src="https://evil.example"></iframe>', '<p>ok</p>'],
    ['<p style="position:fixed;inset:0">ok</p>', '<p>ok</p>'],
    ['<p>ok</p><svg onload="alert(1)"><script>alert(1)</script></svg>', '<p>ok</p>'],
    ['<p>ok<img src="https://evil.example/x.png"></p>', '<p>ok</p>'],
  ])('stores %s as %s', async (body, stored) => {
    const reply = await put('safe-shops', 'en', { title: 'Safe trading', body });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.body).toBe(stored);
    expect((await edit('safe-shops', 'en')).body).toBe(stored);
  });

  it.each([
    ['an empty title', { title: '', body: '<p>x</p>' }, 'title', 'Field is required'],
    ['a blank title', { title: '   ', body: '<p>x</p>' }, 'title', 'Field is required'],
    ['a 121-character title', { title: 'x'.repeat(121), body: '<p>x</p>' }, 'title', 'at most 120'],
    ['a control character', { title: 'Ehdot\u0007', body: '<p>x</p>' }, 'title', 'control characters'],
    ['an empty body', { title: 'Ehdot', body: '' }, 'body', 'Field is required'],
    ['a body of only a script', { title: 'Ehdot', body: '<p>  </p><script>alert(1)</script>' }, 'body', 'Field is required'],
    ['a body over 200 kB', { title: 'Ehdot', body: `<p>${'a'.repeat(200_001)}</p>` }, 'body', 'at most 200 kB'],
    ['a 2 MB body', { title: 'Ehdot', body: `<p>${'a'.repeat(2 * 1024 * 1024)}</p>` }, 'body', 'at most 200 kB'],
    ['no body', { title: 'Ehdot' }, 'body', 'required'],
    ['a body that is not text', { title: 'Ehdot', body: 5 }, 'body', 'Must be text'],
    ['an unknown field', { title: 'Ehdot', body: '<p>x</p>', status: 'published' }, 'status', 'not allowed'],
  ])('refuses %s with a message on the field and changes nothing', async (_name, payload, field, words) => {
    await put('donations', 'fi', { title: 'Lahjoitukset', body: '<p>Kiitos.</p>' });
    const before = await edit('donations', 'fi');
    const reply = await put('donations', 'fi', payload);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors[field].join(' ')).toContain(words);
    expect(await edit('donations', 'fi')).toEqual(before);
    expect((await versions('donations', 'fi')).data).toHaveLength(1);
  });

  it('answers a body too large to read with a translated refusal', async () => {
    const reply = await put('donations', 'fi', { title: 'Lahjoitukset', body: 'a'.repeat(5 * 1024 * 1024) });
    expect(reply.statusCode).toBe(413);
    expect(reply.json().message).toBe('The request is too large.');
  });

  it('tells the writer in their language', async () => {
    const reply = await put(
      'donations',
      'fi',
      { title: 'Lahjoitukset', body: `<p>${'a'.repeat(200_001)}</p>` },
      { ...editor, 'accept-language': 'ru' },
    );
    expect(reply.json().errors.body[0]).toBe('Текст слишком длинный: не более 200 КБ.');
  });

  it('is a 404 for a slug or language that does not exist', async () => {
    for (const [slug, locale] of [
      ['whatever', 'fi'],
      ['terms-of-use', 'de'],
      ['terms-of-use', 'FI'],
      ['TERMS-OF-USE', 'fi'],
    ]) {
      const reply = await put(slug!, locale!, { title: 'X', body: '<p>x</p>' });
      expect(reply.statusCode, `${slug}/${locale}`).toBe(404);
      expect(reply.json().message).toBe('Not found.');
    }
    expect(await app.services.database.db.select().from(infoPages)).toHaveLength(0);
  });
});

describe('GET /api/admin/info-pages', () => {
  it('lists every slug in every language, written or not', async () => {
    await put('contacts', 'ru', { title: 'Контакты', body: '<p>Пишите нам.</p>' });
    const reply = await app.inject({ url: '/api/admin/info-pages', headers: admin });
    expect(reply.statusCode).toBe(200);
    const rows = reply.json().data;
    // Seven pages in every language.
    expect(rows).toHaveLength(7 * LOCALES.length);
    expect(rows.find((r: { slug: string; locale: string }) => r.slug === 'contacts' && r.locale === 'ru')).toMatchObject({
      title: 'Контакты',
      updated_by: { id: editorId, name: 'Eeva Editori' },
    });
    expect(rows.find((r: { slug: string; locale: string }) => r.slug === 'contacts' && r.locale === 'fi')).toMatchObject({
      title: null,
      bytes: 0,
      updated_at: null,
      updated_by: null,
    });
  });

  it('answers a page not written yet with an empty text to start from', async () => {
    expect(await edit('donations', 'en')).toEqual({
      slug: 'donations',
      locale: 'en',
      title: '',
      body: '',
      updated_at: null,
      updated_by: null,
    });
    expect((await app.inject({ url: '/api/admin/info-pages/donations/xx', headers: editor })).statusCode).toBe(404);
  });
});

describe('versions and restoring', () => {
  it('lists versions newest first, twenty to a page', async () => {
    for (let n = 1; n <= 22; n++) await put('contacts', 'en', { title: `Contacts ${n}`, body: `<p>Version ${n}</p>` });
    const first = await versions('contacts', 'en');
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 22 });
    expect(first.data[0]).toMatchObject({ title: 'Contacts 22', current: true });
    expect(first.data[1]).toMatchObject({ title: 'Contacts 21', current: false });
    const second = await versions('contacts', 'en', 2);
    expect(second.data.map((v: { title: string }) => v.title)).toEqual(['Contacts 2', 'Contacts 1']);
    expect((await versions('contacts', 'fi')).data).toEqual([]);
  });

  it('restores an earlier version as a new one that names its source, audited', async () => {
    await put('terms-of-use', 'en', { title: 'Terms', body: '<p>First terms.</p>' });
    await put('terms-of-use', 'en', { title: 'Terms of use', body: '<p>Second terms.</p>' });
    const oldest = (await versions('terms-of-use', 'en')).data[1];
    const detail = await app.inject({ url: `/api/admin/info-pages/terms-of-use/en/versions/${oldest.id}`, headers: editor });
    expect(detail.json().data).toMatchObject({ id: oldest.id, title: 'Terms', body: '<p>First terms.</p>', current: false });

    const reply = await app.inject({
      method: 'POST',
      url: `/api/admin/info-pages/terms-of-use/en/versions/${oldest.id}/restore`,
      headers: editor,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      changed: true,
      message: 'The earlier version is the page’s text again.',
      data: { title: 'Terms', body: '<p>First terms.</p>' },
    });
    const list = (await versions('terms-of-use', 'en')).data;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ title: 'Terms', restored_from: oldest.id, current: true });
    expect((await app.inject({ url: '/api/info/terms-of-use', headers: en })).json().data.body).toBe('<p>First terms.</p>');
    const [entry] = await auditOf('terms-of-use/en');
    expect(entry).toMatchObject({ action: 'info_page_restored' });
    expect(entry!.data).toMatchObject({ before: { title: 'Terms of use' }, after: { title: 'Terms' }, restored_from: oldest.id });

    // Restoring what the page already shows changes nothing.
    const same = await app.inject({
      method: 'POST',
      url: `/api/admin/info-pages/terms-of-use/en/versions/${list[0].id}/restore`,
      headers: editor,
    });
    expect(same.json().changed).toBe(false);
    expect((await versions('terms-of-use', 'en')).data).toHaveLength(3);
  });

  it('will not restore a version of another page, or one that does not exist', async () => {
    await put('terms-of-use', 'fi', { title: 'Ehdot', body: '<p>Suomeksi.</p>' });
    await put('terms-of-use', 'en', { title: 'Terms', body: '<p>In English.</p>' });
    const finnish = (await versions('terms-of-use', 'fi')).data[0];
    const restore = (path: string) => app.inject({ method: 'POST', url: `/api/admin/info-pages/${path}/restore`, headers: editor });
    expect((await restore(`terms-of-use/en/versions/${finnish.id}`)).statusCode).toBe(404);
    expect((await restore(`privacy-policy/fi/versions/${finnish.id}`)).statusCode).toBe(404);
    expect((await restore(`terms-of-use/en/versions/${INT32_MAX}`)).statusCode).toBe(404);
    expect((await restore(`terms-of-use/en/versions/${INT32_MAX + 1}`)).statusCode).toBe(422);
    expect((await restore('terms-of-use/en/versions/0')).statusCode).toBe(422);
    expect((await restore('terms-of-use/en/versions/abc')).statusCode).toBe(422);
    expect((await restore(`terms-of-use/xx/versions/${finnish.id}`)).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/admin/info-pages/terms-of-use/en/versions/${finnish.id}`, headers: editor })).statusCode).toBe(
      404,
    );
    expect((await edit('terms-of-use', 'en')).body).toBe('<p>In English.</p>');
  });

  it('keeps the versions when the writer’s account is deleted', async () => {
    const temp = await createUser(app, { roles: ['user', 'editor'] });
    const headers = (await loginAs(app, temp)).headers;
    await put('safe-shops', 'fi', { title: 'Turvallisesti', body: '<p>Tapaa julkisella paikalla.</p>' }, headers);
    const { users } = await import('../../db/schema/users.ts');
    await app.services.database.db.delete(users).where(eq(users.id, temp.id));
    const list = await versions('safe-shops', 'fi');
    expect(list.data[0].created_by).toBeNull();
    expect((await edit('safe-shops', 'fi')).updated_by).toBeNull();
    const rows = await app.services.database.db.select().from(infoPageVersions);
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('POST /api/admin/info-pages/preview', () => {
  it('answers the text as a save would store it, and stores nothing', async () => {
    const preview = (body: unknown, headers = editor) =>
      app.inject({ method: 'POST', url: '/api/admin/info-pages/preview', headers, payload: { body } });
    const reply = await preview('<h1>Otsikko</h1><p onclick="x()">Teksti<script>alert(1)</script></p>');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.body).toBe('<h2>Otsikko</h2><p>Teksti</p>');
    expect((await preview('')).json().data.body).toBe('');
    const tooLong = await preview(`<p>${'a'.repeat(200_001)}</p>`);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.body[0]).toBe('The text is too long: at most 200 kB.');
    expect((await preview(5)).statusCode).toBe(422);
    const user = (await loginAs(app, await createUser(app))).headers;
    expect((await preview('<p>x</p>', user)).statusCode).toBe(403);
    expect(await app.services.database.db.select().from(infoPages)).toHaveLength(0);
  });
});

describe('who may', () => {
  it('lets only holders of pages.manage read and write the pages’ texts', async () => {
    const user = (await loginAs(app, await createUser(app))).headers;
    const moderator = (await loginAs(app, await createUser(app, { roles: ['user', 'moderator'] }))).headers;
    for (const headers of [user, moderator]) {
      expect((await app.inject({ url: '/api/admin/info-pages', headers })).statusCode).toBe(403);
      expect((await put('terms-of-use', 'fi', { title: 'Kaapattu', body: '<p>x</p>' }, headers)).statusCode).toBe(403);
    }
    expect((await app.inject({ url: '/api/admin/info-pages' })).statusCode).toBe(401);
    expect(await app.services.database.db.select().from(infoPages)).toHaveLength(0);
  });
});
