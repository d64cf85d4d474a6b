import fs from 'node:fs';
import path from 'node:path';
import { INFO_SLUGS, INFO_TITLE_MAX, type InfoSlug } from '../../../common/info-pages.ts';
import { LOCALES, type Locale } from '../../../common/locales.ts';
import { infoPagesSeedDir } from '../../paths.ts';
import { translate } from '../../platform/i18n.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import type { Db } from '../client.ts';
import { infoPageVersions, infoPages } from '../schema/info-pages.ts';

export interface InfoPageSeed {
  slug: InfoSlug;
  locale: Locale;
  title: string;
  bodyHtml: string;
}

// Only used to tell the site's own links from external ones; the seed texts link to site paths.
const SEED_ORIGIN = 'http://localhost';

/**
 * The first texts of the info pages: every `<slug>.<locale>.html` the folder holds, sanitized like
 * anything staff write, titled from `titles.json` (else the footer's name for the page). A leading
 * `<h1>` is dropped: the page shows the title itself.
 */
export function readInfoPageSeeds(dir: string = infoPagesSeedDir): InfoPageSeed[] {
  if (!fs.existsSync(dir)) return [];
  const titlesFile = path.join(dir, 'titles.json');
  const titles = fs.existsSync(titlesFile)
    ? (JSON.parse(fs.readFileSync(titlesFile, 'utf8')) as Partial<Record<string, Partial<Record<Locale, string>>>>)
    : {};
  const seeds: InfoPageSeed[] = [];
  for (const slug of INFO_SLUGS) {
    for (const locale of LOCALES) {
      const file = path.join(dir, `${slug}.${locale}.html`);
      if (!fs.existsSync(file)) continue;
      const raw = fs.readFileSync(file, 'utf8').replace(/^\s*<h1[^>]*>[\s\S]*?<\/h1>/i, '');
      const bodyHtml = sanitizeRichText(raw, SEED_ORIGIN).trim();
      if (!bodyHtml) continue;
      const title = (titles[slug]?.[locale]?.trim() || translate(locale, `footer.${slug}`)).slice(0, INFO_TITLE_MAX);
      seeds.push({ slug, locale, title, bodyHtml });
    }
  }
  return seeds;
}

/**
 * Gives each page that has no row yet its seed text, as its first version. A page staff have
 * written is never touched, so this runs safely at every start.
 */
export async function seedInfoPages(db: Db, dir?: string): Promise<number> {
  const seeds = readInfoPageSeeds(dir);
  if (seeds.length === 0) return 0;
  const existing = new Set(
    (await db.select({ slug: infoPages.slug, locale: infoPages.locale }).from(infoPages)).map((r) => `${r.slug}.${r.locale}`),
  );
  const missing = seeds.filter((seed) => !existing.has(`${seed.slug}.${seed.locale}`));
  if (missing.length === 0) return 0;
  // A page and its first version are written together or not at all.
  return db.transaction(async (tx) => {
    let added = 0;
    for (const seed of missing) {
      const [page] = await tx
        .insert(infoPages)
        .values({ slug: seed.slug, locale: seed.locale, title: seed.title, bodyHtml: seed.bodyHtml })
        .onConflictDoNothing()
        .returning({ id: infoPages.id });
      // Another process seeding at the same moment got there first.
      if (!page) continue;
      await tx.insert(infoPageVersions).values({ pageId: page.id, title: seed.title, bodyHtml: seed.bodyHtml });
      added += 1;
    }
    return added;
  });
}
