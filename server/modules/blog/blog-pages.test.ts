import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { testVite } from '../../test/vite.ts';

// The blog's pages rendered through Vite's module graph (as `npm run dev` does), so no build is needed.
let app: FastifyInstance;
let headers: Record<string, string>;

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const newPost = async (payload: object) => {
  const reply = await app.inject({ method: 'POST', url: '/api/admin/blog/new-post', headers, payload });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().data as { id: number; slug: string };
};

/** Every kind of markup that must never reach a page, in every field a post has. */
const PAYLOADS = [
  '<script>alert("xss-script")</script>',
  '<img src="/media/content/a.webp" onerror="alert(\'xss-onerror\')">',
  '<a href="javascript:alert(\'xss-js-link\')">klikkaa</a>',
  '<iframe src="https://evil.example/xss-iframe"></iframe>',
  '<p style="background:url(https://evil.example/xss-style)">tyyli</p>',
  '<svg onload="alert(\'xss-svg\')"><script>alert("xss-svg-script")</script></svg>',
].join('');

beforeAll(async () => {
  app = await buildTestApp({}, { web: { mode: 'development', vite: await testVite() } });
  const editor = await createUser(app, { roles: ['user', 'editor'], name: 'Eeva Editori' });
  headers = { ...(await loginAs(app, editor)).headers, 'accept-language': 'en' };
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('blog pages', () => {
  it('renders a published post with its head: suffixed title, description, canonical, hreflang to translations, Open Graph, Article JSON-LD', async () => {
    const fi = await newPost({
      title: 'Turvallinen kauppa',
      language: 'fi',
      status: 'published',
      excerpt: 'Näin vältät huijaukset.',
      body_html: '<h2>Tapaa julkisella paikalla</h2><p>Älä maksa etukäteen.</p>',
      cover_url: '/media/content/00000000-0000-4000-8000-000000000001.webp',
      cover_width: 1600,
      cover_height: 900,
    });
    const en = await newPost({
      title: 'Safe trading',
      language: 'en',
      status: 'published',
      body_html: '<p>Meet in public.</p>',
      translation_of: fi.id,
    });
    const res = await app.inject({ url: `/blog/${fi.slug}` });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe('Turvallinen kauppa | Kauppis');
    expect(res.body).toContain('<meta name="description" content="Näin vältät huijaukset."/>');
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000/blog/${fi.slug}"/>`);
    expect(res.body).toContain(`hrefLang="en" href="http://localhost:3000/blog/${en.slug}?lang=en"`);
    expect(res.body).toContain(`hrefLang="fi" href="http://localhost:3000/blog/${fi.slug}"`);
    expect(res.body).not.toContain('hrefLang="ru"');
    expect(res.body).toContain('<meta property="og:type" content="article"/>');
    expect(res.body).toContain(
      '<meta property="og:image" content="http://localhost:3000/media/content/00000000-0000-4000-8000-000000000001.webp"/>',
    );
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'Article',
      headline: 'Turvallinen kauppa',
      inLanguage: 'fi',
      author: { '@type': 'Person', name: 'Eeva Editori' },
      publisher: { name: 'Kauppis' },
    });
    expect(res.body).toContain('<h2>Tapaa julkisella paikalla</h2>');

    // The English one, read in English, has its own canonical.
    const english = await app.inject({ url: `/blog/${en.slug}?lang=en` });
    expect(english.body).toContain(`<link rel="canonical" href="http://localhost:3000/blog/${en.slug}?lang=en"/>`);
  });

  it('is a real 404 for a draft, a post scheduled in the future, an archived one and an unknown slug', async () => {
    const draft = await newPost({ title: 'Luonnos sivulle', language: 'fi', status: 'draft', body_html: '<p>x</p>' });
    const future = await newPost({
      title: 'Tulossa pian',
      language: 'fi',
      status: 'scheduled',
      body_html: '<p>x</p>',
      publish_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const archived = await newPost({ title: 'Vanha juttu', language: 'fi', status: 'archived', body_html: '<p>x</p>' });
    for (const slug of [draft.slug, future.slug, archived.slug, 'ei-tallaista-kirjoitusta']) {
      const res = await app.inject({ url: `/blog/${slug}` });
      expect(res.statusCode, slug).toBe(404);
      expect(res.body).not.toContain('<h1 class="text-3xl leading-tight');
    }
  });

  it('never lets a script, handler, javascript: link, iframe, inline style or SVG from any field reach the page', async () => {
    const post = await newPost({
      title: `Otsikko ${PAYLOADS}`,
      language: 'fi',
      status: 'published',
      excerpt: `Tiivistelmä ${PAYLOADS}`,
      body_html: `<p>Leipäteksti</p>${PAYLOADS}`,
      cover_url: '/media/content/00000000-0000-4000-8000-000000000002.webp',
      cover_alt: `Kuva ${PAYLOADS}`,
    });
    const category = (
      await app.inject({
        method: 'POST',
        url: '/api/admin/blog/categories',
        headers,
        payload: { name_fi: `Aihe ${PAYLOADS}`, name_en: `Topic ${PAYLOADS}`, name_ru: `Тема ${PAYLOADS}` },
      })
    ).json().data;
    await app.inject({ method: 'PATCH', url: '/api/admin/blog/update-post', headers, payload: { id: post.id, category_id: category.id } });
    for (const url of [`/blog/${post.slug}`, '/blog', `/blog?category=${category.slug}`]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Otsikko');
      for (const marker of ['xss-', 'alert(', 'onerror', 'onload', 'javascript:', '<iframe', 'evil.example']) {
        expect(res.body, `${url}: ${marker}`).not.toContain(marker);
      }
      // The site's own icons are SVG; what staff wrote (the articles) has none, and no inline style.
      const articles = [...res.body.matchAll(/<article[\s\S]*?<\/article>/g)].map((m) => m[0]).join('');
      expect(articles, url).toContain('Otsikko');
      expect(articles, url).not.toMatch(/<svg|style=/);
    }
  });

  it('lists published posts on /blog, newest first, with the category filter as links', async () => {
    const res = await app.inject({ url: '/blog' });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe('Blogi | Kauppis');
    expect(res.body).toContain('href="/blog?category=news"');
    expect(res.body).not.toContain('Luonnos sivulle');
    expect((await app.inject({ url: '/blog?category=ei-ole' })).statusCode).toBe(404);
  });
});
