import { LOCALES } from '../../../common/locales.ts';
import type { BlogService } from '../blog/blog.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { PagesService } from '../pages/pages.service.ts';
import type { SeoRepo } from './seo.repo.ts';

/** A sitemap file holds at most 50,000 URLs (sitemaps.org); ad files cover this many ids each. */
export const SITEMAP_IDS_PER_FILE = 50_000;

/** Paths that are never for search engines: accounts, staff, private screens, the API. */
export const DISALLOWED_PATHS = [
  '/api/',
  '/admin',
  '/settings',
  '/dashboard',
  '/my-showcase',
  '/new-ad',
  '/wishes',
  '/messenger',
  '/channel/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/',
  '/verify-email/',
  '/mfa-confirm',
];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

export function createSeoService(deps: {
  repo: SeoRepo;
  catalog: CatalogService;
  publicUrl: string;
  blog: Pick<BlogService, 'sitemapEntries'>;
  infoPages: Pick<PagesService, 'published'>;
}) {
  const { repo, catalog, publicUrl, blog, infoPages } = deps;

  /** One <url> with its language alternates: Finnish at the bare address, the others with ?lang=. */
  function urlEntry(path: string, lastmod?: Date): string {
    const href = (locale: string) => escapeXml(`${publicUrl}${path}${locale === 'fi' ? '' : `?lang=${locale}`}`);
    const alternates = LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${href(l)}"/>`).join('');
    return `<url><loc>${href('fi')}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${alternates}</url>`;
  }

  /**
   * A published blog post: its own language's address, with its translations as alternates (each
   * translation has a slug of its own, so these are not the `?lang=` variants of one path).
   */
  async function blogEntries(): Promise<string[]> {
    const posts = await blog.sitemapEntries();
    const href = (post: { slug: string; locale: string }) =>
      escapeXml(`${publicUrl}/blog/${post.slug}${post.locale === 'fi' ? '' : `?lang=${post.locale}`}`);
    return posts.map((post) => {
      const group = posts.filter((other) => other.translationGroup === post.translationGroup);
      const alternates = group.map((other) => `<xhtml:link rel="alternate" hreflang="${other.locale}" href="${href(other)}"/>`).join('');
      return `<url><loc>${href(post)}</loc><lastmod>${post.updatedAt.toISOString()}</lastmod>${alternates}</url>`;
    });
  }

  const urlset = (entries: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join('')}</urlset>\n`;

  return {
    robots(): string {
      return ['User-agent: *', ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
    },

    /** The sitemap index: pages, catalogs, and one file per range of ad ids. */
    async index(): Promise<string> {
      const files = ['pages', 'catalogs', 'blog'];
      const adFiles = Math.max(1, Math.ceil((await repo.maxProductId()) / SITEMAP_IDS_PER_FILE));
      for (let i = 0; i < adFiles; i++) files.push(`ads-${i + 1}`);
      const entries = files.map((name) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/${name}.xml`)}</loc></sitemap>`);
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`;
    },

    /** One sitemap file by name; undefined for a name that is not in the index. */
    async file(name: string): Promise<string | undefined> {
      if (name === 'blog') return urlset([urlEntry('/blog'), ...(await blogEntries())]);
      if (name === 'pages') {
        // An info page is listed once it has a text; /terms shows the terms-of-use page, so only that address is listed.
        const info = (await infoPages.published()).map((page) => urlEntry(`/info/${page.slug}`, page.updatedAt));
        return urlset([...['/', '/about'].map((p) => urlEntry(p)), ...info]);
      }
      if (name === 'catalogs') return urlset((await catalog.flatten('fi')).map((c) => urlEntry(`/catalogs/${c.path.join('/')}`)));
      const match = /^ads-(\d{1,6})$/.exec(name);
      if (!match) return undefined;
      const index = Number(match[1]) - 1;
      if (index < 0 || index * SITEMAP_IDS_PER_FILE > (await repo.maxProductId())) return undefined;
      const rows = await repo.activeProductsInRange(index * SITEMAP_IDS_PER_FILE + 1, (index + 1) * SITEMAP_IDS_PER_FILE);
      return urlset(rows.map((row) => urlEntry(`/${row.uuid}`, row.updatedAt)));
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
