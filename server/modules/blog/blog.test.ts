import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleSlug } from '../../../common/access.ts';
import { slugFromTitle } from '../../../common/blog.ts';
import { auditLog } from '../../db/schema/auth.ts';
import { blogPosts } from '../../db/schema/blog.ts';
import { RICH_TEXT_MAX_BYTES } from '../../platform/rich-text.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';

let app: FastifyInstance;
const headersOf: Partial<Record<RoleSlug, Record<string, string>>> = {};
let tag = 0;

async function as(role: RoleSlug) {
  if (!headersOf[role]) {
    const user = await createUser(app, { roles: role === 'user' ? ['user'] : ['user', role], name: `Eeva ${role}` });
    headersOf[role] = { ...(await loginAs(app, user)).headers, 'accept-language': 'en' };
  }
  return headersOf[role]!;
}

const unique = () => `${Date.now().toString(36)}${(tag += 1)}`;
const newPost = async (payload: object, role: RoleSlug = 'editor') =>
  app.inject({ method: 'POST', url: '/api/admin/blog/new-post', headers: await as(role), payload });
const updatePost = async (payload: object, role: RoleSlug = 'editor') =>
  app.inject({ method: 'PATCH', url: '/api/admin/blog/update-post', headers: await as(role), payload });
const adminList = async (payload: object) =>
  app.inject({ method: 'POST', url: '/api/admin/blog/list', headers: await as('editor'), payload });
const publicPost = (slug: string) => app.inject({ url: `/api/blog/${slug}`, headers: { 'accept-language': 'en' } });
const postCount = async () => (await app.services.database.db.select({ id: blogPosts.id }).from(blogPosts)).length;
const lastAudit = async () => (await app.services.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const audits = async (entityId: number) =>
  (
    await app.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(entityId)))
  ).filter((row) => row.entity === 'blog_post');

/** A published post with a text, in Finnish unless told. */
async function published(fields: Record<string, unknown> = {}) {
  const reply = await newPost({
    title: `Julkaistu ${unique()}`,
    language: 'fi',
    status: 'published',
    body_html: '<p>Teksti.</p>',
    ...fields,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data as { id: number; slug: string; translation_group: string; publish_at: string };
}

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('blog: statuses, languages and slugs', () => {
  it('lists the four statuses with labels and the languages (ids kept as they were given)', async () => {
    const statuses = await app.inject({ url: '/api/admin/blog/statuses', headers: await as('editor') });
    expect(statuses.json().statuses).toEqual([
      { value: 'draft', label: 'Draft' },
      { value: 'scheduled', label: 'Scheduled' },
      { value: 'published', label: 'Published' },
      { value: 'archived', label: 'Archived' },
    ]);
    const languages = await app.inject({ url: '/api/languages', headers: { 'accept-language': 'fi' } });
    expect(languages.json().languages).toEqual([
      { id: 1, code: 'fi', name: 'Suomi' },
      { id: 4, code: 'sv', name: 'Svenska' },
      { id: 2, code: 'en', name: 'English' },
      { id: 3, code: 'ru', name: 'Русский' },
    ]);
  });

  it('makes a slug from the title with Finnish letters folded and Russian transliterated', () => {
    expect(slugFromTitle('Kesän parhaat löydöt – Åland!')).toBe('kesan-parhaat-loydot-aland');
    expect(slugFromTitle('Как продать велосипед')).toBe('kak-prodat-velosiped');
    expect(slugFromTitle('  ---  ')).toBe('');
  });

  it('creates a draft with a slug from the title, the author, and an audit entry; a draft is not public', async () => {
    const reply = await newPost({ title: 'Kesän parhaat löydöt', language: 'fi', status: 'draft', body_html: '<p>Luonnos</p>' });
    expect(reply.statusCode, reply.body).toBe(201);
    const post = reply.json().data;
    expect(reply.json().message).toBe('Post created.');
    expect(post).toMatchObject({
      slug: 'kesan-parhaat-loydot',
      status: 'draft',
      effective_status: 'draft',
      locale: 'fi',
      language: { id: 1, code: 'fi' },
      author: { name: 'Eeva editor' },
      publish_at: null,
      translations: [{ id: post.id, locale: 'fi', slug: 'kesan-parhaat-loydot', status: 'draft' }],
    });
    expect(await lastAudit()).toMatchObject({ action: 'blog_post_created', entity: 'blog_post', entityId: String(post.id) });
    expect((await publicPost(post.slug)).statusCode).toBe(404);
    const single = await app.inject({ url: `/api/admin/blog/single/${post.id}`, headers: await as('editor') });
    expect(single.json().data.body_html).toBe('<p>Luonnos</p>');

    // The same title again gets a free slug of its own.
    const again = await newPost({ title: 'Kesän parhaat löydöt', language: 'fi', status: 'draft' });
    expect(again.json().data.slug).toBe('kesan-parhaat-loydot-2');
  });

  it('refuses a slug taken, a badly formed slug, an unknown language, status or category, and saves nothing', async () => {
    const taken = await published();
    const before = await postCount();
    const cases: [object, string, string][] = [
      [{ slug: taken.slug }, 'slug', 'This address is already in use. Choose another one.'],
      [{ slug: 'Iso Kirjain' }, 'slug', 'The address may only have lower-case letters a–z, digits and dashes (e.g. best-finds-of-summer).'],
      [{ language: 'de' }, 'language', 'Unknown language. Choose Finnish, English or Russian.'],
      [{ status: 'secret' }, 'status', 'Unknown status.'],
      [{ category_id: 999_999 }, 'category_id', 'There is no such category. Choose one from the list.'],
      [{ title: '   ' }, 'title', 'Field is required'],
      [{ cover_url: 'https://evil.example/x.png' }, 'cover_url', 'The cover must be a picture uploaded here.'],
    ];
    for (const [fields, field, message] of cases) {
      const reply = await newPost({ title: `Kokeilu ${unique()}`, language: 'fi', status: 'draft', ...fields });
      expect(reply.statusCode, JSON.stringify(fields)).toBe(422);
      expect(reply.json().errors[field], JSON.stringify(fields)).toEqual([message]);
    }
    expect(await postCount()).toBe(before);
  });

  it('changes the slug by hand, refusing one another post has', async () => {
    const one = await published();
    const other = await published();
    const clash = await updatePost({ id: one.id, slug: other.slug });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.slug).toEqual(['This address is already in use. Choose another one.']);
    const fresh = `oma-osoite-${unique()}`;
    const renamed = await updatePost({ id: one.id, slug: fresh });
    expect(renamed.json()).toMatchObject({ message: 'Post saved.', data: { slug: fresh } });
    expect((await publicPost(fresh)).statusCode).toBe(200);
    expect((await publicPost(one.slug)).statusCode).toBe(404);
  });

  it('answers 404 for a post that does not exist', async () => {
    expect((await app.inject({ url: '/api/admin/blog/single/999999', headers: await as('editor') })).statusCode).toBe(404);
    expect((await updatePost({ id: 999_999, title: 'Ei' })).statusCode).toBe(404);
  });
});

describe('blog: body size and sanitizing', () => {
  it('refuses a body over the limit, 2 MB too, with a translated message, and saves nothing', async () => {
    const before = await postCount();
    for (const size of [RICH_TEXT_MAX_BYTES + 10, 2 * 1024 * 1024]) {
      const reply = await newPost({ title: `Pitkä ${unique()}`, language: 'fi', status: 'draft', body_html: `<p>${'a'.repeat(size)}</p>` });
      expect(reply.statusCode).toBe(422);
      expect(reply.json().errors.body_html).toEqual([`The text is too long: at most ${Math.floor(RICH_TEXT_MAX_BYTES / 1000)} kB.`]);
    }
    expect(await postCount()).toBe(before);
    const post = await published();
    const update = await updatePost({ id: post.id, body_html: 'x'.repeat(RICH_TEXT_MAX_BYTES + 1) });
    expect(update.statusCode).toBe(422);
    expect((await publicPost(post.slug)).json().data.body_html).toBe('<p>Teksti.</p>');
  });

  it('stores only sanitized HTML and plain-text titles and excerpts', async () => {
    const post = await published({
      title: 'Otsikko <script>alert(1)</script><img src=x onerror=alert(2)>',
      excerpt: '<b>Tiivistelmä</b> <iframe src="https://evil.example"></iframe>',
      body_html:
        '<p style="color:red" onclick="alert(3)">Hei</p><script>alert(4)</script><a href="javascript:alert(5)">linkki</a><iframe src="https://evil.example"></iframe><svg onload="alert(6)"><circle/></svg><img src="/media/content/a.webp" onerror="alert(7)">',
    });
    const single = (await app.inject({ url: `/api/admin/blog/single/${post.id}`, headers: await as('editor') })).json().data;
    expect(single.title).toBe('Otsikko');
    expect(single.excerpt).toBe('Tiivistelmä');
    expect(single.body_html).toBe('<p>Hei</p><a>linkki</a><img src="/media/content/a.webp" />');
  });
});

describe('blog: preview', () => {
  it('answers the body as it would be published, without saving anything', async () => {
    const before = await postCount();
    const reply = await app.inject({
      method: 'POST',
      url: '/api/admin/blog/preview',
      headers: await as('editor'),
      payload: { body_html: '<p onclick="alert(1)">Hei</p><script>alert(2)</script>' },
    });
    expect(reply.json()).toEqual({ body_html: '<p>Hei</p>' });
    expect(await postCount()).toBe(before);
  });
});

describe('blog: statuses and scheduling', () => {
  it('publishes at once: the time is set, the post is public, the publishing is audited', async () => {
    const post = await published();
    expect(Date.now() - new Date(post.publish_at).getTime()).toBeLessThan(60_000);
    expect((await audits(post.id)).map((row) => row.action)).toEqual(['blog_post_created', 'blog_post_published']);
    const reply = await publicPost(post.slug);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({
      slug: post.slug,
      locale: 'fi',
      description: 'Teksti.',
      translations: [{ locale: 'fi', slug: post.slug }],
    });
  });

  it('refuses to publish an empty text or with a time in the future', async () => {
    const empty = await newPost({ title: `Tyhjä ${unique()}`, language: 'fi', status: 'published', body_html: '<p> </p>' });
    expect(empty.json().errors.body_html).toEqual(['Write the text before publishing.']);
    const future = await newPost({
      title: `Tuleva ${unique()}`,
      language: 'fi',
      status: 'published',
      body_html: '<p>x</p>',
      publish_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.json().errors.publish_at).toEqual(['A published post cannot have a time in the future. Choose the status scheduled.']);
  });

  it('schedules a post: it needs a future time, stays hidden until then and appears by itself after', async () => {
    const noTime = await newPost({ title: `Ajastus ${unique()}`, language: 'fi', status: 'scheduled', body_html: '<p>x</p>' });
    expect(noTime.json().errors.publish_at).toEqual(['Choose a publishing time for a scheduled post.']);
    const past = await newPost({
      title: `Ajastus ${unique()}`,
      language: 'fi',
      status: 'scheduled',
      body_html: '<p>x</p>',
      publish_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(422);

    const reply = await newPost({
      title: `Ajastettu ${unique()}`,
      language: 'en',
      status: 'scheduled',
      body_html: '<p>Coming soon</p>',
      publish_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const post = reply.json().data;
    expect(post.effective_status).toBe('scheduled');
    expect((await publicPost(post.slug)).statusCode).toBe(404);
    const scheduled = (await adminList({ status: 'scheduled' })).json().data.map((p: { id: number }) => p.id);
    expect(scheduled).toContain(post.id);

    // Its time comes (as if an hour had passed): public, listed, and counted as published for the editors.
    await app.services.database.db
      .update(blogPosts)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(blogPosts.id, post.id));
    expect((await publicPost(post.slug)).statusCode).toBe(200);
    const list = await app.inject({ url: '/api/blog?locale=en', headers: { 'accept-language': 'en' } });
    expect(list.json().data.map((p: { slug: string }) => p.slug)).toContain(post.slug);
    const publishedIds = (await adminList({ status: 'published' })).json().data.map((p: { id: number }) => p.id);
    expect(publishedIds).toContain(post.id);
    expect((await adminList({ status: 'scheduled' })).json().data.map((p: { id: number }) => p.id)).not.toContain(post.id);
    const single = await app.inject({ url: `/api/admin/blog/single/${post.id}`, headers: await as('editor') });
    expect(single.json().data).toMatchObject({ status: 'scheduled', effective_status: 'published' });
  });

  it('archives a post: it leaves the public side', async () => {
    const post = await published();
    await updatePost({ id: post.id, status: 'archived' });
    expect((await publicPost(post.slug)).statusCode).toBe(404);
  });

  it('autosaves a draft without an audit entry each time; other changes are audited with before and after', async () => {
    const draft = (await newPost({ title: `Autosave ${unique()}`, language: 'fi', status: 'draft' })).json().data;
    const saved = await updatePost({ id: draft.id, body_html: '<p>Kirjoitan…</p>', autosave: true });
    expect(saved.statusCode).toBe(200);
    expect((await audits(draft.id)).map((row) => row.action)).toEqual(['blog_post_created']);
    await updatePost({ id: draft.id, title: 'Valmis otsikko' });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'blog_post_updated', entityId: String(draft.id) });
    expect(entry.data).toMatchObject({ before: { title: draft.title }, after: { title: 'Valmis otsikko' } });
  });

  it('lists posts for editors by status, a page at a time; an unknown status is refused', async () => {
    for (let i = 0; i < 3; i += 1) await newPost({ title: `Arkisto ${unique()}`, language: 'ru', status: 'archived' });
    const archived = await adminList({ status: 'archived', page: 1 });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data.every((p: { status: string }) => p.status === 'archived')).toBe(true);
    expect(archived.json().meta).toMatchObject({ current_page: 1, per_page: 20 });
    expect(archived.json().meta.total).toBeGreaterThanOrEqual(3);
    const all = await adminList({});
    expect(all.json().meta.total).toBeGreaterThan(archived.json().meta.total);
    const bad = await adminList({ status: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual(['Unknown status.']);
  });
});

describe('blog: translations', () => {
  it('links a translation to its post, one per language, and shows the public ones on each', async () => {
    const fi = await published({ title: `Turvallinen kauppa ${unique()}` });
    const en = await newPost({
      title: `Safe trading ${unique()}`,
      language: 'en',
      status: 'published',
      body_html: '<p>Text</p>',
      translation_of: fi.id,
    });
    expect(en.statusCode, en.body).toBe(201);
    expect(en.json().data.translation_group).toBe(fi.translation_group);
    const ruDraft = await newPost({ title: `Безопасная сделка ${unique()}`, language: 'ru', status: 'draft', translation_of: fi.id });
    expect(ruDraft.statusCode).toBe(201);

    const again = await newPost({ title: `Another ${unique()}`, language: 'en', status: 'draft', translation_of: fi.id });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.language).toEqual(['This post already has a translation in this language.']);
    const unknown = await newPost({ title: `Orpo ${unique()}`, language: 'en', status: 'draft', translation_of: 999_999 });
    expect(unknown.json().errors.translation_of).toEqual(['The post to translate was not found.']);
    const moved = await updatePost({ id: ruDraft.json().data.id, language: 'fi' });
    expect(moved.json().errors.language).toEqual(['This post already has a translation in this language.']);

    // Readers see the published languages only; editors see all three.
    const reply = (await publicPost(fi.slug)).json().data;
    expect(reply.translations).toEqual([
      { locale: 'fi', slug: fi.slug },
      { locale: 'en', slug: en.json().data.slug },
    ]);
    const single = await app.inject({ url: `/api/admin/blog/single/${fi.id}`, headers: await as('editor') });
    expect(single.json().data.translations.map((t: { locale: string }) => t.locale)).toEqual(['fi', 'en', 'ru']);
  });
});

describe('blog: the public list', () => {
  it('lists published posts in one language, newest first, by category and paged; unknown ones are refused', async () => {
    const category = (
      await app.inject({
        method: 'POST',
        url: '/api/admin/blog/categories',
        headers: await as('editor'),
        payload: { name_fi: `Vinkit ${unique()}`, name_en: 'Tips', name_ru: 'Советы' },
      })
    ).json().data;
    const older = await published({ category_id: category.id, publish_at: new Date(Date.now() - 86_400_000).toISOString() });
    const newer = await published({ category_id: category.id });
    await newPost({ title: `Luonnos ${unique()}`, language: 'fi', status: 'draft', category_id: category.id });
    const list = await app.inject({ url: `/api/blog?locale=fi&category=${category.slug}`, headers: { 'accept-language': 'en' } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { slug: string }) => p.slug)).toEqual([newer.slug, older.slug]);
    expect(list.json().data[0].category).toMatchObject({ slug: category.slug, name: 'Tips' });
    expect(list.json().meta).toMatchObject({ current_page: 1, total: 2, last_page: 1 });
    expect(list.json().categories.map((c: { slug: string }) => c.slug)).toContain(category.slug);

    expect((await app.inject({ url: '/api/blog?locale=xx' })).statusCode).toBe(422);
    expect((await app.inject({ url: '/api/blog?category=no-such' })).statusCode).toBe(404);
  });

  it('puts published posts in the sitemap with their translations, and nothing else', async () => {
    const fi = await published({ title: `Sivukartta ${unique()}` });
    const en = (
      await newPost({ title: `Sitemap ${unique()}`, language: 'en', status: 'published', body_html: '<p>x</p>', translation_of: fi.id })
    ).json().data;
    const draft = (await newPost({ title: `Piilossa ${unique()}`, language: 'fi', status: 'draft' })).json().data;
    const index = await app.inject({ url: '/sitemap.xml' });
    expect(index.body).toContain('/sitemaps/blog.xml');
    const xml = (await app.inject({ url: '/sitemaps/blog.xml' })).body;
    expect(xml).toContain(`/blog/${fi.slug}</loc>`);
    expect(xml).toContain(`hreflang="en" href="http://localhost:3000/blog/${en.slug}?lang=en"`);
    expect(xml).not.toContain(draft.slug);
  });
});

describe('blog: categories', () => {
  it('creates, renames and deletes a category when no post uses it, each audited; a taken slug is refused', async () => {
    const headers = await as('editor');
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/blog/categories',
      headers,
      payload: { name_fi: 'Kodin remontti', name_en: 'Home repairs', name_ru: 'Ремонт' },
    });
    expect(created.statusCode).toBe(201);
    const category = created.json().data;
    expect(category).toMatchObject({ slug: 'kodin-remontti', name: 'Home repairs', posts_count: 0 });
    expect(created.json().message).toBe('Category "Home repairs" created.');
    expect(await lastAudit()).toMatchObject({ action: 'blog_category_created', entity: 'blog_category' });

    const clash = await app.inject({
      method: 'POST',
      url: '/api/admin/blog/categories',
      headers,
      payload: { slug: 'kodin-remontti', name_fi: 'A', name_en: 'B', name_ru: 'C' },
    });
    expect(clash.json().errors.slug).toEqual(['This address is already in use. Choose another one.']);
    const blank = await app.inject({
      method: 'POST',
      url: '/api/admin/blog/categories',
      headers,
      payload: { name_fi: '<b></b>', name_en: 'B', name_ru: 'C' },
    });
    expect(blank.json().errors.name_fi).toEqual(['Field is required']);

    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/admin/blog/categories/${category.id}`,
      headers,
      payload: { name_en: 'Renovation' },
    });
    expect(renamed.json().data.name).toBe('Renovation');
    expect(await lastAudit()).toMatchObject({ action: 'blog_category_updated' });

    await published({ category_id: category.id });
    const inUse = await app.inject({ method: 'DELETE', url: `/api/admin/blog/categories/${category.id}`, headers });
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json().errors.category).toEqual(['The category has posts (1). Move them to another category first.']);

    const spare = (
      await app.inject({
        method: 'POST',
        url: '/api/admin/blog/categories',
        headers,
        payload: { name_fi: 'Tyhjä', name_en: 'Empty', name_ru: 'Пусто' },
      })
    ).json().data;
    const deleted = await app.inject({ method: 'DELETE', url: `/api/admin/blog/categories/${spare.id}`, headers });
    expect(deleted.json().message).toBe('Category "Empty" deleted.');
    expect(await lastAudit()).toMatchObject({ action: 'blog_category_deleted', entityId: String(spare.id) });
    const list = await app.inject({ url: '/api/admin/blog/categories', headers });
    expect(list.json().data.find((c: { id: number }) => c.id === category.id).posts_count).toBe(1);
    expect(list.json().data.some((c: { id: number }) => c.id === spare.id)).toBe(false);
  });
});

describe('content pictures', () => {
  it('stores a picture as WebP under /media/content for editors and info-page staff; refuses what is not a picture', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c63' } })
      .withExif({ IFD0: { Copyright: 'secret' } })
      .png()
      .toBuffer();
    const form = await multipart([{ field: 'file', name: 'kuva.png', type: 'image/png', data: png }]);
    const reply = await app.inject({
      method: 'POST',
      url: '/api/admin/content-images',
      headers: { ...(await as('editor')), ...form.headers },
      payload: form.payload,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const { url, width, height } = reply.json().data;
    expect(url).toMatch(/^\/media\/content\/[0-9a-f-]+\.webp$/);
    expect([width, height]).toEqual([1600, 800]);
    const stored = await app.services.platform.storage.read(url.replace('/media/', ''));
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    const metadata = await sharp(Buffer.concat(chunks)).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();

    const text = await multipart([{ field: 'file', name: 'kuva.png', type: 'image/png', data: Buffer.from('not a picture') }]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/admin/content-images',
      headers: { ...(await as('editor')), ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toHaveLength(1);
  });
});
