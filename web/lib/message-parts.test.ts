import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fi from '../i18n/fi.json' with { type: 'json' };
import { pickMessages } from './message-parts';

/** The shell and the public pages: what a visitor's first page renders, and so hydrates with. */
const FIRST_PAGE_SOURCES = [
  'web/root.tsx',
  'web/components/app-shell.tsx',
  'web/components/top-bar.tsx',
  'web/components/account-badges.tsx',
  'web/components/footer.tsx',
  'web/components/consent-banner.tsx',
  'web/components/email-verification-banner.tsx',
  'web/components/impersonation-banner.tsx',
  'web/components/language-select.tsx',
  'web/components/theme-toggle.tsx',
  'web/components/lazy-user-menu.tsx',
  'web/components/toast-host.tsx',
  'web/components/product-card.tsx',
  'web/components/ad-price.tsx',
  'web/components/wish-button.tsx',
  'web/components/pagination.tsx',
  'web/components/breadcrumbs.tsx',
  'web/components/not-found-screen.tsx',
  'web/components/error-screen.tsx',
  'web/components/coming-soon.tsx',
  'web/components/repository-ribbon.tsx',
  'web/components/rating-summary.tsx',
  'web/components/safety-tip.tsx',
  'web/components/share-actions.tsx',
  'web/routes/home.tsx',
  'web/routes/catalog.tsx',
  'web/routes/single-product.tsx',
  'web/routes/about.tsx',
  'web/routes/terms.tsx',
  'web/routes/info-post.tsx',
  'web/routes/blog.tsx',
  'web/routes/blog-post.tsx',
  'web/routes/seller.tsx',
  'web/features/search/components',
  'web/features/near/components',
  'web/features/saved-searches/components/save-search-button.tsx',
  'web/features/ad/components',
  'web/features/info/components',
  'web/features/blog/components',
  'web/features/reports/components/decision-notice.tsx',
  'web/features/reports/components/report-ad-dialog.tsx',
];

/** Opened only through `lazyDialog` (web/components/lazy-dialogs.tsx), which waits for all the texts. */
const LAZY_DIALOGS = ['web/features/ad/components/map-dialog.tsx'];

function sources(): string[] {
  return FIRST_PAGE_SOURCES.flatMap((entry) => {
    const full = path.resolve(entry);
    if (!fs.existsSync(full)) return [];
    return fs.statSync(full).isDirectory()
      ? fs
          .readdirSync(full)
          .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
          .map((f) => path.join(full, f))
          .filter((f) => !LAZY_DIALOGS.includes(path.relative(process.cwd(), f)))
      : [full];
  });
}

const has = (messages: Record<string, unknown>, key: string) => {
  const parts = key.split('.');
  let node: unknown = messages;
  for (const [i, part] of parts.entries()) {
    if (!node || typeof node !== 'object') return false;
    const record = node as Record<string, unknown>;
    if (i === parts.length - 1) return part in record || Object.keys(record).some((k) => k.startsWith(`${part}_`));
    node = record[part];
  }
  return node !== undefined;
};

describe('the first part of the texts', () => {
  it('holds every text the shell and the public pages render (a missing one would show its key after hydration)', () => {
    const first = pickMessages(fi, 'first');
    const missing: string[] = [];
    for (const file of sources()) {
      const code = fs.readFileSync(file, 'utf8');
      // Texts of the page's loader are translated on the server (context.t): not needed in the browser.
      const browserCode = code.replace(/context\.t\([^)]*\)/g, '');
      for (const match of browserCode.matchAll(/\bt\(\s*['`]([a-z_]+(?:\.[a-z0-9_]+)+)['`]/g)) {
        const key = match[1]!;
        if (has(fi, key) && !has(first, key)) missing.push(`${path.relative(process.cwd(), file)}: ${key}`);
      }
      // A key made in the code (`ad_kinds.${kind}`): the whole group it names must be there.
      for (const match of browserCode.matchAll(/\bt\(\s*`([a-z_]+(?:\.[a-z0-9_]+)*)\.\$\{/g)) {
        const group = match[1]!;
        if (has(fi, group) && !has(first, group)) missing.push(`${path.relative(process.cwd(), file)}: ${group}.*`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('with the rest makes the whole file but the mails', () => {
    const first = pickMessages(fi, 'first');
    const rest = pickMessages(fi, 'rest');
    const keys = (node: unknown, prefix = ''): string[] =>
      node && typeof node === 'object' ? Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];
    const all = keys(fi).filter((k) => !k.startsWith('mail.'));
    expect([...keys(first), ...keys(rest)].sort()).toEqual(all.sort());
    expect(JSON.stringify(first).length).toBeLessThan(JSON.stringify(fi).length / 3);
  });
});
