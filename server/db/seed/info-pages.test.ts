import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFO_SLUGS } from '../../../common/info-pages.ts';
import { LOCALES } from '../../../common/locales.ts';
import { infoPagesSeedDir } from '../../paths.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { infoPageVersions, infoPages } from '../schema/info-pages.ts';
import { readInfoPageSeeds, seedInfoPages } from './info-pages.ts';

let handle: DatabaseHandle;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-info-seed-'));
beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.delete(infoPages);
  fs.writeFileSync(path.join(dir, 'titles.json'), JSON.stringify({ contacts: { fi: 'Ota yhteyttä', en: 'Contact us' } }));
  fs.writeFileSync(
    path.join(dir, 'contacts.fi.html'),
    '<h1>Yhteystiedot</h1><p>Soita <a href="/contact">meille</a>.</p><script>alert(1)</script>',
  );
  fs.writeFileSync(path.join(dir, 'contacts.en.html'), '<p onclick="x()">Call us.</p><iframe src="https://evil.example"></iframe>');
  // No title in titles.json: the footer's name for the page.
  fs.writeFileSync(path.join(dir, 'donations.ru.html'), '<p>Спасибо.</p>');
  fs.writeFileSync(path.join(dir, 'safe-shops.fi.html'), '<script>alert(1)</script>');
  fs.writeFileSync(path.join(dir, 'unknown-page.fi.html'), '<p>Ei kuulu joukkoon.</p>');
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('info page seed', () => {
  it('reads the texts there are, sanitized and titled, skipping empty and unknown ones', () => {
    expect(readInfoPageSeeds(dir)).toEqual([
      { slug: 'contacts', locale: 'fi', title: 'Ota yhteyttä', bodyHtml: '<p>Soita <a href="/contact">meille</a>.</p>' },
      { slug: 'contacts', locale: 'en', title: 'Contact us', bodyHtml: '<p>Call us.</p>' },
      { slug: 'donations', locale: 'ru', title: 'Пожертвования', bodyHtml: '<p>Спасибо.</p>' },
    ]);
    expect(readInfoPageSeeds(path.join(dir, 'missing'))).toEqual([]);
  });

  it('writes each missing page with a first version, and never a page staff have written', async () => {
    const [edited] = await handle.db
      .insert(infoPages)
      .values({ slug: 'contacts', locale: 'en', title: 'Staff wrote this', bodyHtml: '<p>Ours.</p>' })
      .returning();
    expect(await seedInfoPages(handle.db, dir)).toBe(2);
    expect(await seedInfoPages(handle.db, dir)).toBe(0);
    const rows = await handle.db.select().from(infoPages);
    expect(rows.map((r) => `${r.slug}.${r.locale}`).sort()).toEqual(['contacts.en', 'contacts.fi', 'donations.ru']);
    expect(rows.find((r) => r.id === edited!.id)?.title).toBe('Staff wrote this');
    const fi = rows.find((r) => r.slug === 'contacts' && r.locale === 'fi')!;
    const versions = await handle.db.select().from(infoPageVersions).where(eq(infoPageVersions.pageId, fi.id));
    expect(versions).toMatchObject([{ title: 'Ota yhteyttä', bodyHtml: fi.bodyHtml, createdBy: null, restoredFrom: null }]);
  });

  it('ships a title for every page and language, and every text file it has loads', () => {
    const titlesFile = path.join(infoPagesSeedDir, 'titles.json');
    if (!fs.existsSync(titlesFile)) return;
    const titles = JSON.parse(fs.readFileSync(titlesFile, 'utf8')) as Record<string, Record<string, string>>;
    for (const slug of INFO_SLUGS) for (const locale of LOCALES) expect(titles[slug]?.[locale], `${slug}.${locale}`).toBeTruthy();
    const seeds = readInfoPageSeeds();
    const files = fs.readdirSync(infoPagesSeedDir).filter((f) => f.endsWith('.html'));
    expect(seeds.length).toBe(files.length);
  });
});
