import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fi from '../i18n/fi.json' with { type: 'json' };
import { pickMessages } from './message-parts';

/**
 * Where a visitor's first page starts: the shell and the public pages. What they import may render
 * before the rest of the texts arrive, so the files are found by following the imports, never
 * listed by hand: every static import, and every lazy one (the owner's actions on an ad, the share
 * buttons) unless it waits for all the texts itself (`lazyDialog`, or `allMessagesLoaded()` beside
 * the import, as the seller's ratings, the user menu and the staff drawer do).
 */
const FIRST_PAGE_ENTRIES = [
  'web/root.tsx',
  'web/routes/home.tsx',
  'web/routes/catalog.tsx',
  'web/routes/single-product.tsx',
  'web/routes/about.tsx',
  'web/routes/terms.tsx',
  'web/routes/info-post.tsx',
  'web/routes/blog.tsx',
  'web/routes/blog-post.tsx',
  'web/routes/seller.tsx',
];

const STATIC_IMPORT = /^(?:import|export)\b(?!\s+type\b)[^;]*?\bfrom\s*['"](\.[^'"]+)['"]/gm;
const LAZY_IMPORT = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const WAITS_FOR_TEXTS = /\blazyDialog\(|\ballMessagesLoaded\(\)/;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.tsx`, `${base}.ts`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

/** What a file imports that may render before all the texts are there. */
function importsOf(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const specifiers = [...code.matchAll(STATIC_IMPORT)].map((match) => match[1]!);
  for (const line of code.split('\n')) {
    if (WAITS_FOR_TEXTS.test(line)) continue;
    for (const match of line.matchAll(LAZY_IMPORT)) specifiers.push(match[1]!);
  }
  return specifiers.flatMap((specifier) => resolveImport(file, specifier) ?? []);
}

/** The browser code a first page may run: the entries and what they import, transitively. */
function sources(): string[] {
  const found = new Set<string>();
  const queue = FIRST_PAGE_ENTRIES.map((entry) => path.resolve(entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (found.has(file) || /\.(server|test)\.tsx?$/.test(file)) continue;
    found.add(file);
    queue.push(...importsOf(file));
  }
  return [...found];
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
