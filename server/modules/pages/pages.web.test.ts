import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infoPages } from '../../db/schema/info-pages.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { testVite } from '../../test/vite.ts';

// The public info pages as the server renders them (through Vite's module graph, no build needed).
let app: FastifyInstance;
let editor: Record<string, string>;

const PAYLOADS = [
  '<script>alert("script")</script>',
  '<img src="/media/x.webp" onerror="alert(\'onerror\')">',
  '<a href="javascript:alert(\'js\')">klikkaa</a>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<p style="position:fixed;inset:0;background:red">tyyli</p>',
  '<svg onload="alert(\'svg\')"><circle r="5"/></svg>',
];

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://kauppis.fi' }, { web: { mode: 'development', vite: await testVite() } });
  await app.services.database.db.delete(infoPages);
  editor = (await loginAs(app, await createUser(app, { roles: ['user', 'editor'] }))).headers;
  const put = (slug: string, locale: string, title: string, body: string) =>
    app.inject({ method: 'PUT', url: `/api/admin/info-pages/${slug}/${locale}`, headers: editor, payload: { title, body } });
  await put('terms-of-use', 'fi', 'Käyttöehdot <script>alert("title")</script>', `<p>Nämä ehdot koskevat kaikkia.</p>${PAYLOADS.join('')}`);
  await put('terms-of-use', 'en', 'Terms of use', '<p>These terms apply to everyone.</p>');
  await put('privacy-policy', 'fi', 'Tietosuoja', '<p>Tietosi ovat turvassa.</p>');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
/** The page's main content, without the app's own inline scripts (hydration data, theme). */
const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';

describe('/info/{slug}', () => {
  it('renders the stored text on the server with its title, description, canonical, hreflang and last-updated date', async () => {
    const res = await app.inject({ url: '/info/privacy-policy' });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe('Tietosuoja | Kauppis');
    expect(res.body).toContain('<meta name="description" content="Tietosi ovat turvassa."/>');
    expect(res.body).toContain('<link rel="canonical" href="https://kauppis.fi/info/privacy-policy"/>');
    expect(res.body).toContain('hrefLang="en" href="https://kauppis.fi/info/privacy-policy?lang=en"');
    expect(res.body).toContain('"@type":"WebPage"');
    expect(main(res.body)).toContain('<p>Tietosi ovat turvassa.</p>');
    expect(main(res.body)).toMatch(/Päivitetty(<!-- -->)? <time dateTime="[^"]+">\d{1,2}\. [a-zäö]+ \d{4}<\/time>/);
  });

  it('shows the text in the reader’s language, else the Finnish one with a note', async () => {
    const english = await app.inject({ url: '/info/terms-of-use?lang=en' });
    expect(title(english.body)).toBe('Terms of use | Kauppis');
    expect(english.body).toContain('<link rel="canonical" href="https://kauppis.fi/info/terms-of-use?lang=en"/>');
    const fallback = await app.inject({ url: '/info/privacy-policy?lang=ru' });
    expect(fallback.statusCode).toBe(200);
    expect(main(fallback.body)).toContain('<article class="mx-auto max-w-3xl" lang="fi">');
    expect(main(fallback.body)).toContain('Эта страница ещё не переведена');
  });

  it('never lets a script, handler, javascript: link, frame, inline style or SVG reach the page', async () => {
    const res = await app.inject({ url: '/info/terms-of-use' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // The stored text: everything of the article after its heading.
    const content = main(html).split('</h1>')[1] ?? '';
    expect(content).toContain('Nämä ehdot koskevat kaikkia.');
    for (const bad of ['alert(', 'onerror', 'onload', 'javascript:', '<iframe', 'evil.example', 'style=', '<svg', '<circle']) {
      expect(content, bad).not.toContain(bad);
    }
    // The title is text: shown escaped, never run.
    expect(html).not.toContain('<script>alert("title")</script>');
    expect(main(html)).toContain('Käyttöehdot &lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;</h1>');
    // Nor anywhere else in the document (the page data the browser hydrates from included).
    for (const bad of ['<script>alert', 'onerror', 'javascript:', '<iframe', 'evil.example', '<svg onload']) {
      expect(html.includes(bad), bad).toBe(false);
    }
  });

  it('is a real 404 for an unknown slug and for a page without a text', async () => {
    expect((await app.inject({ url: '/info/whatever' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/info/donations' })).statusCode).toBe(404);
  });
});

describe('/terms', () => {
  it('shows the same stored terms, canonical at /info/terms-of-use', async () => {
    const terms = await app.inject({ url: '/terms?lang=en' });
    const info = await app.inject({ url: '/info/terms-of-use?lang=en' });
    expect(terms.statusCode).toBe(200);
    expect(title(terms.body)).toBe('Terms of use | Kauppis');
    expect(terms.body).toContain('<link rel="canonical" href="https://kauppis.fi/info/terms-of-use?lang=en"/>');
    expect(main(terms.body)).toContain('<p>These terms apply to everyone.</p>');
    const article = (html: string) => /<article[\s\S]*<\/article>/.exec(html)?.[0];
    expect(article(terms.body)).toBe(article(info.body));
  });
});
